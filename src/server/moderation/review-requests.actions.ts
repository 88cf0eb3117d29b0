import { sql, type SQL } from 'drizzle-orm';
import { holdMessages } from '@/domain/moderation/holds';
import type { ReviewRequestInput } from '@/domain/moderation/review-requests';
import type { ReportTargetType } from '@/domain/moderation/reports';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import type { WriteOutcome } from '../outcome';
import { snapshotOf } from './reports.queries';

/** Each kind of thing: its table, how the request names it (a profile by its username), its owner. */
const things: Record<ReportTargetType, { from: SQL; match: (id: string) => SQL | null; owner: SQL }> = {
  checklist: {
    from: sql`checklists t`,
    match: (id) => (isUuid(id) ? sql`t.id = ${id}` : null),
    owner: sql`t.author_id`,
  },
  comment: {
    from: sql`checklist_comments t`,
    match: (id) => (isUuid(id) ? sql`t.id = ${id}` : null),
    owner: sql`t.user_id`,
  },
  profile: {
    from: sql`profiles t`,
    match: (username) => sql`lower(t.username) = lower(${username})`,
    owner: sql`t.id`,
  },
};

/**
 * The author of a hidden list, comment or profile asks the moderators to look again, once per
 * hiding: the request is marked on the thing and on its open case, or opens a case (with the
 * thing as it is now) when none is open, so that it reaches the queue. Anyone else, and a thing
 * that is not hidden, is answered as a missing thing.
 */
export async function requestReview(
  db: Database,
  userId: string,
  input: ReviewRequestInput,
): Promise<WriteOutcome<{ message: typeof holdMessages.reviewAsked }>> {
  const thing = things[input.targetType];
  const match = thing.match(input.targetId);
  if (!match) return { ok: false, reason: 'not_found' };
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ key: string; asked: boolean }>(sql`
      select t.id::text as key, t.review_requested_at is not null as asked from ${thing.from}
      where ${match} and ${thing.owner} = ${userId} and t.hidden_at is not null
      for no key update`);
    const row = found.rows[0];
    if (!row) return { ok: false, reason: 'not_found' };
    if (row.asked) return { ok: false, reason: 'invalid', message: holdMessages.reviewAlreadyAsked };
    await tx.execute(sql`update ${thing.from} set review_requested_at = now() where ${match}`);
    // The one open case of the thing (a unique index) carries the request; with none, one opens,
    // with the thing as it is now, in the snapshot a report takes.
    await tx.execute(sql`
      insert into moderation_cases (target_type, target_id, owner_id, snapshot, review_requested_at)
      select ${input.targetType}, ${row.key}, ${thing.owner}, ${snapshotOf(input.targetType, sql`${row.key}`)}, now()
      from ${thing.from} where ${match}
      on conflict (target_type, target_id) where status = 'open' do update set review_requested_at = now()`);
    return { ok: true, value: { message: holdMessages.reviewAsked } };
  });
}
