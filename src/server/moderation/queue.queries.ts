import { sql } from 'drizzle-orm';
import {
  CASE_REPORTS_SHOWN,
  caseSnapshotSchema,
  MAX_STAFF_PICKS_LISTED,
  type CasePage,
  type CaseSnapshot,
  type ModerationCase,
  type StaffPickEntry,
} from '@/domain/moderation/queue';
import { REPORT_REASONS, type ReportReason, type ReportTargetType } from '@/domain/moderation/reports';
import { executeNamed, sqlLimitAtLeast, type Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { before, cursorTime, takePage } from '../paging';

type CaseRow = {
  id: string;
  target_type: ReportTargetType;
  target_id: string;
  opened_at: Date;
  cursor_time: string;
  snapshot: unknown;
  review_requested: boolean;
  owner_username: string | null;
  owner_name: string | null;
  owner_role: string | null;
  owner_suspension: { until: string | null; reason: string } | null;
  thing_exists: boolean;
  hidden_reason: string | null;
  report_count: number;
  reason_counts: Partial<Record<ReportReason, number>>;
  reports: { reporterUsername: string; reason: ReportReason; note: string; createdAt: string }[];
};

/**
 * The thing a case is about, now: a row when it still exists, with its hold's reason. A CASE
 * guards each cast, so a profile's id (any text) is never read as a uuid.
 */
const thingNow = sql`left join lateral (
    select true as found, c.hidden_reason from checklists c
    where c.id = case when mc.target_type = 'checklist' then mc.target_id::uuid end
    union all
    select true, cc.hidden_reason from checklist_comments cc
    where cc.id = case when mc.target_type = 'comment' then mc.target_id::uuid end
    union all
    select true, tp.hidden_reason from profiles tp where mc.target_type = 'profile' and tp.id = mc.target_id
  ) thing on true`;

/**
 * A page of the open cases, newest first (keyset on opened_at, id: the open-cases index, whose
 * order `nulls last` names so the index is walked rather than every open case sorted), each with
 * its preview, its owner, the thing's state now, its reports' counts (kept on the case) and its
 * newest reports.
 */
export async function listOpenCases(
  db: Executor,
  page: { before?: string | undefined; limit: number },
): Promise<CasePage> {
  const found = await executeNamed<CaseRow>(
    db,
    sql`
    select mc.id, mc.target_type, mc.target_id, mc.opened_at, ${cursorTime(sql`mc.opened_at`)} as cursor_time,
      mc.preview as snapshot, mc.review_requested_at is not null as review_requested,
      p.username as owner_username, p.profile_name as owner_name, p.role as owner_role,
      case when p.suspended_until > now() then json_build_object(
        'until', case when p.suspended_until <> 'infinity' then p.suspended_until end,
        'reason', coalesce(p.suspension_reason, '')) end as owner_suspension,
      coalesce(thing.found, false) as thing_exists, thing.hidden_reason,
      mc.report_count, mc.reason_counts,
      (select coalesce(json_agg(json_build_object('reporterUsername', coalesce(shown.username, ''),
          'reason', shown.reason, 'note', shown.note, 'createdAt', shown.updated_at) order by shown.updated_at desc), '[]')
        from (select rp.username, r.reason, r.note, r.updated_at from reports r
              left join profiles rp on rp.id = r.reporter_id
              where r.case_id = mc.id order by r.updated_at desc limit ${CASE_REPORTS_SHOWN}) shown) as reports
    -- The page's cases first (the open-cases index, newest first), then what each one needs: so
    -- the owners, things and reports of other pages are never read.
    from (select mc.id, mc.target_type, mc.target_id, mc.owner_id, mc.opened_at, mc.preview,
            mc.review_requested_at, mc.report_count, mc.reason_counts
          from moderation_cases mc
          where mc.status = 'open' and ${before(page.before, sql`mc.opened_at`, sql`mc.id`)}
          order by mc.opened_at desc nulls last, mc.id desc nulls last
          limit ${sqlLimitAtLeast(page.limit + 1)}) mc
    left join profiles p on p.id = mc.owner_id
    ${thingNow}
    order by mc.opened_at desc nulls last, mc.id desc nulls last
    -- The inner limit is rounded up (one statement for many page sizes); this one stops the joins
    -- at the rows the page takes.
    limit ${page.limit + 1}`,
  );
  const { rows, nextCursor } = takePage(found, page.limit);
  return { cases: rows.map(presentCase), nextCursor };
}

/** A case's whole snapshot (every entry of a reported list), open or decided; null when there is no such case. */
export async function findCaseSnapshot(db: Executor, caseId: string): Promise<CaseSnapshot | null> {
  if (!isUuid(caseId)) return null;
  const found = await db.execute<{ snapshot: unknown }>(
    sql`select snapshot from moderation_cases where id = ${caseId}`,
  );
  const row = found.rows[0];
  if (!row) return null;
  const snapshot = caseSnapshotSchema.safeParse(row.snapshot);
  return snapshot.success ? snapshot.data : {};
}

/** A case's counts by reason, most reported first (ties in the reasons' order). */
function reasonsByCount(counts: Partial<Record<ReportReason, number>>) {
  return REPORT_REASONS.flatMap((reason) => (counts[reason] ? [{ reason, count: counts[reason] }] : [])).sort(
    (a, b) => b.count - a.count,
  );
}

const iso = (time: string | Date) => new Date(time).toISOString();

function presentCase(row: CaseRow): ModerationCase {
  const snapshot = caseSnapshotSchema.safeParse(row.snapshot);
  return {
    id: row.id,
    targetType: row.target_type,
    targetId: row.target_id,
    openedAt: iso(row.opened_at),
    owner: { username: row.owner_username ?? '', name: row.owner_name, role: row.owner_role ?? 'user' },
    snapshot: snapshot.success ? snapshot.data : {},
    state: {
      exists: row.thing_exists,
      hiddenReason: row.hidden_reason,
      ownerSuspension: row.owner_suspension && {
        until: row.owner_suspension.until === null ? null : iso(row.owner_suspension.until),
        reason: row.owner_suspension.reason,
      },
    },
    reportCount: row.report_count,
    reasons: reasonsByCount(row.reason_counts),
    reports: row.reports.map((report) => ({ ...report, createdAt: iso(report.createdAt) })),
    reviewRequested: row.review_requested,
  };
}

/** The current staff picks, newest pick first, for the queue's side tab. */
export async function listStaffPicks(db: Executor): Promise<StaffPickEntry[]> {
  const found = await db.execute<{ id: string; title: string; author_username: string | null; picked_at: Date }>(sql`
    select c.id, c.title, p.username as author_username, sp.picked_at
    from staff_picks sp join checklists c on c.id = sp.checklist_id left join profiles p on p.id = c.author_id
    order by sp.picked_at desc, c.id desc
    limit ${MAX_STAFF_PICKS_LISTED}`);
  return found.rows.map((row) => ({
    id: row.id,
    title: row.title,
    authorUsername: row.author_username ?? '',
    pickedAt: iso(row.picked_at),
  }));
}
