// "read: moderation queue": the first page of open cases, as /moderation asks for it; "read:
// moderation case snapshot": one case's whole snapshot, as Show all entries asks for it. The signed-in
// users are made moderators for it (role is read by the queue's routes alone), and open cases are
// opened on a sample of lists, each reported by a few of them, when the seed has too few.
import { sql } from 'drizzle-orm';
import { CASES_PAGE_SIZE } from '../../../src/domain/moderation/queue';
import type { Database } from '../../../src/server/db/client';
import { findCaseSnapshot, listOpenCases } from '../../../src/server/moderation/queue.queries';
import { snapshotOf } from '../../../src/server/moderation/reports.queries';
import { asUser, eachUserGets, type Signed } from '../users';
import type { Case } from './case';
import type { SampledList } from './writes';

/** Enough open cases for several pages, each with a few reports. */
const OPEN_CASES = 500;
const REPORTS_PER_CASE = 3;

export async function moderationCases(db: Database, lists: SampledList[], signed: Signed[]): Promise<Case[]> {
  if (signed.length === 0 || lists.length === 0) return [];
  const moderatorIds = signed.map((user) => user.userId);
  // Only a plain user is made a moderator: the audit log's case makes the same users admins, who moderate too.
  await db.execute(
    sql`update profiles set role = 'moderator' where role = 'user' and id = any(${sql.param(moderatorIds)}::text[])`,
  );
  const sample = lists.slice(0, OPEN_CASES);
  await db.execute(sql`
    insert into moderation_cases (target_type, target_id, owner_id, snapshot)
    select 'checklist', s.id::text, s.author_id, ${snapshotOf('checklist', sql`s.id::text`)}
    from checklists s where s.id = any(${sql.param(sample.map((list) => list.id))}::uuid[])
    on conflict (target_type, target_id) where status = 'open' do nothing`);
  await db.execute(sql`
    insert into reports (case_id, reporter_id, reason, note)
    select mc.id, reporter.id, (array['spam', 'harassment', 'inappropriate'])[1 + reporter.n % 3], ''
    from moderation_cases mc
    cross join lateral (
      select id, row_number() over () as n from unnest(${sql.param(moderatorIds)}::text[]) as id
      where id <> mc.owner_id limit ${REPORTS_PER_CASE}) reporter
    where mc.status = 'open'
    on conflict (case_id, reporter_id) do nothing`);
  const cases = await db.execute<{ id: string }>(
    sql`select id from moderation_cases where status = 'open' order by opened_at desc limit ${OPEN_CASES}`,
  );
  return [
    {
      name: 'read: moderation queue',
      requests: eachUserGets(signed, '/api/moderation/cases'),
      bare: () => listOpenCases(db, { limit: CASES_PAGE_SIZE }),
    },
    {
      // Each open case in turn, by each moderator in turn: a reported list's whole snapshot.
      name: 'read: moderation case snapshot',
      requests: cases.rows.map(({ id }, index) => ({
        method: 'GET' as const,
        path: `/api/moderation/cases/${id}/snapshot`,
        headers: asUser(signed[index % signed.length]!),
      })),
      bare: () => findCaseSnapshot(db, cases.rows[0]!.id),
    },
  ];
}
