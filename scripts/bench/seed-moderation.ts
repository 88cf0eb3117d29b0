// The community-safety part of the bench's seed, in realistic proportions: an admin, a few
// suspended users (their lists held), hidden lists and comments, blocks, and open report cases.
// It runs with the triggers on, through the app's own functions, so the counts stay right by
// construction; and it runs once on a reused seed made before it, so that seed is brought up to date.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { hideThing, suspendUser } from '../../src/server/moderation/holds';
import type { BenchSize } from './options';

/** The seeded admin (never signed in by the load; the moderation cases sign it in themselves). */
export const BENCH_ADMIN = 'u1';

/** One user in a thousand is suspended for 30 days: the load never signs these in. */
export const isSuspendedBenchUser = (n: number) => n > 3 && n % 1000 === 501;

export async function seedModeration(db: Database, size: BenchSize): Promise<string> {
  const done = await db.execute(sql`select 1 from profiles where id = ${BENCH_ADMIN} and role = 'admin'`);
  if (done.rows.length > 0) return 'already seeded';
  await db.execute(sql`update profiles set role = 'admin' where id = ${BENCH_ADMIN}`);
  const month = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  let suspended = 0;
  for (let n = 501; n <= size.users; n += 1000) {
    if (isSuspendedBenchUser(n) && (await suspendUser(db, `u${n}`, month, 'Spam'))) suspended += 1;
  }
  // One public list in 500 hidden, one comment in 1,000.
  const lists = await db.execute<{ id: string }>(
    sql`select id from checklists where is_public and abs(hashtext(id::text)) % 500 = 7`,
  );
  for (const { id } of lists.rows) await hideThing(db, 'checklist', id, 'Spam');
  const comments = await db.execute<{ id: string }>(
    sql`select id from checklist_comments where abs(hashtext(id::text)) % 1000 = 7`,
  );
  for (const { id } of comments.rows) await hideThing(db, 'comment', id, 'Harassment or hate');
  // One user in 20 blocks two others.
  await db.execute(sql`
    insert into blocks (blocker_id, blocked_id)
    select 'u' || g, 'u' || (1 + (g * 13 + k * 3083) % ${size.users})
    from generate_series(1, ${size.users}) g cross join generate_series(1, 2) k
    where g % 20 = 0 and 1 + (g * 13 + k * 3083) % ${size.users} <> g on conflict do nothing`);
  // One public list in 200 has an open case with one to three reports.
  await db.execute(sql`
    with reported as (
      insert into moderation_cases (target_type, target_id, owner_id, snapshot, opened_at)
      select 'checklist', c.id::text, c.author_id,
             jsonb_build_object('type', 'checklist', 'title', c.title, 'description', c.description,
               'visibility', 'public', 'tags', to_jsonb(c.tag_names),
               'entries', (select coalesce(jsonb_agg(jsonb_build_object('kind', i.kind, 'content', i.content, 'note', i.note)
                                                     order by i.order_index), '[]')
                           from checklist_items i where i.checklist_id = c.id)),
             now() - make_interval(hours => abs(hashtext(c.id::text)) % 240)
      from checklists c where c.is_public and abs(hashtext(c.id::text)) % 200 = 11
      returning id, owner_id, opened_at)
    insert into reports (case_id, reporter_id, reason, note, created_at, updated_at)
    select r.id, 'u' || (1 + (abs(hashtext(r.id::text)) + k * 7919) % ${size.users}),
           (array['spam', 'harassment', 'inappropriate', 'copyright', 'other'])[1 + (abs(hashtext(r.id::text)) + k) % 5],
           case when k = 1 then 'Looks like an advert.' else '' end, r.opened_at, r.opened_at
    from reported r cross join generate_series(1, 1 + abs(hashtext(r.id::text)) % 3) k
    where 'u' || (1 + (abs(hashtext(r.id::text)) + k * 7919) % ${size.users}) <> r.owner_id
    on conflict do nothing`);
  const count = async (table: string) =>
    Number((await db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0]!.n).toLocaleString(
      'en',
    );
  return `${suspended} suspended, ${lists.rows.length} lists and ${comments.rows.length} comments hidden, ${await count('blocks')} blocks, ${await count('moderation_cases')} open cases, ${await count('reports')} reports`;
}
