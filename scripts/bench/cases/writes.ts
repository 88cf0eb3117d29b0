// The write cases: complete an item, like, comment, report, create a list, clone and duplicate, each signed in as
// many users, each user from an address of its own, so the product's write quotas hold and are
// spread, not raised.
import { sql } from 'drizzle-orm';
import { ESTIMATED_TIMES } from '../../../src/domain/checklists/checklist-fields';
import { REPORT_REASONS } from '../../../src/domain/moderation/reports';
import type { Database } from '../../../src/server/db/client';
import type { LoadRequest } from '../load';
import { shuffled } from '../shuffled';
import { asUser, type Signed } from '../users';
import { selectRows, type Case } from './case';

export type SampledList = { id: string; author_id: string; title: string };

/** `lists`: public lists in a shuffled order; `words` and `tags`: the text the bodies draw from. */
export async function writeCases(
  db: Database,
  lists: SampledList[],
  signed: Signed[],
  { words, tags }: { words: string[]; tags: string[] },
): Promise<Case[]> {
  const ids = lists.map((list) => list.id);
  // Writes: each user in turn (request i is user i mod N), on lists that are not their own, so a
  // user's per-minute quota (5 lists, 10 comments, 30 likes) is met only past N × quota requests.
  const perCase = signed.length * 5;
  const notOwn = (index: number) => {
    const user = signed[index % signed.length]!;
    let list = lists[index % lists.length]!;
    if (list.author_id === user.userId) list = lists[(index + 1) % lists.length]!;
    return { user, list };
  };
  const items = shuffled(
    await selectRows<{ checklist_id: string; id: string }>(
      db,
      sql`
      select i.checklist_id, i.id from checklist_items i
      where i.checklist_id = any(${sql.param(ids.slice(0, 2000))}::uuid[]) and i.kind = 'item'`,
    ),
  );
  // Duplicate: each user copies a list of their own (users with none are left out of the case).
  const own = shuffled(
    await selectRows<{ id: string; author_id: string }>(
      db,
      sql`
      select distinct on (c.author_id) c.id, c.author_id from checklists c
      where c.author_id = any(${sql.param(signed.map((user) => user.userId))}::text[])
      order by c.author_id, c.created_at`,
    ),
  );
  const signedById = new Map(signed.map((user) => [user.userId, user]));
  const phrase = (index: number, length: number) =>
    Array.from({ length }, (_, k) => words[Math.floor((index * 7 + k * 13) ** 1.3) % words.length]!).join(' ');
  const writes = (make: (index: number) => LoadRequest): LoadRequest[] =>
    Array.from({ length: perCase }, (_, index) => make(index));
  return [
    {
      name: 'write: tick',
      requests: writes((index) => {
        const item = items[index % items.length]!;
        return {
          method: 'PUT',
          path: `/api/checklists/${item.checklist_id}/items/${item.id}/done`,
          headers: asUser(signed[index % signed.length]!, true),
        };
      }),
    },
    {
      // The same items unticked, each as a change made a minute ago on a device without a
      // connection (it leaves the untick's mark, and removes a tick made before it).
      name: 'write: untick (sent late)',
      requests: writes((index) => {
        const item = items[index % items.length]!;
        return {
          method: 'DELETE',
          path: `/api/checklists/${item.checklist_id}/items/${item.id}/done?ago=60000`,
          headers: asUser(signed[index % signed.length]!, true),
        };
      }),
    },
    {
      name: 'write: like',
      requests: writes((index) => {
        const { user, list } = notOwn(index);
        return { method: 'PUT', path: `/api/checklists/${list.id}/like`, headers: asUser(user, true) };
      }),
    },
    {
      name: 'write: comment',
      requests: writes((index) => {
        const { user, list } = notOwn(index);
        return {
          method: 'POST',
          path: `/api/checklists/${list.id}/comments`,
          headers: asUser(user, true),
          body: JSON.stringify({ content: `${phrase(index, 6)}.` }),
        };
      }),
    },
    {
      // Each list is reported by one user in the case (more users than lists would hide some,
      // and change what the other cases read); a round again rewrites that user's report.
      name: 'write: report',
      // A database kept from an earlier run keeps that run's reports, by other users on the same
      // lists (the lists are shuffled): added up, they had lists hidden during a later run, whose
      // reports and clones then met 404s. The bench's users' reports are taken away first.
      before: async () => {
        await db.execute(sql`
          delete from reports where reporter_id = any(${sql.param(signed.map((user) => user.userId))}::text[])`);
      },
      requests: writes((index) => {
        const { user, list } = notOwn(index);
        return {
          method: 'POST',
          path: '/api/reports',
          headers: asUser(user, true),
          body: JSON.stringify({
            targetType: 'checklist',
            targetId: list.id,
            reason: REPORT_REASONS[index % REPORT_REASONS.length],
            note: index % 2 ? `${phrase(index, 8)}.` : '',
          }),
        };
      }),
    },
    {
      name: 'write: create a list',
      // Five lists a minute per user: at 400 users a fast run would go round and meet the quota.
      once: true,
      requests: writes((index) => ({
        method: 'POST',
        path: '/api/checklists',
        headers: asUser(signed[index % signed.length]!, true),
        body: JSON.stringify({
          title: phrase(index, 3),
          description: `${phrase(index + 1, 8)}.`,
          items: Array.from({ length: 3 + (index % 10) }, (_, k) => phrase(index * 10 + k, 4)),
          tags: [tags[index % tags.length], tags[(index * 7 + 3) % tags.length]],
          estimatedTime: ESTIMATED_TIMES[index % ESTIMATED_TIMES.length],
          difficulty: ['easy', 'medium', 'hard'][index % 3],
        }),
      })),
    },
    {
      name: 'write: clone',
      once: true,
      requests: writes((index) => {
        const { user, list } = notOwn(index);
        return { method: 'POST', path: `/api/checklists/${list.id}/clone`, headers: asUser(user, true) };
      }),
    },
    {
      name: 'write: duplicate',
      once: true,
      requests: writes((index) => {
        const list = own[index % own.length]!;
        return {
          method: 'POST',
          path: `/api/checklists/${list.id}/duplicate`,
          headers: asUser(signedById.get(list.author_id)!, true),
        };
      }),
    },
  ];
}
