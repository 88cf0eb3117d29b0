import { sql, type SQL } from 'drizzle-orm';
import type { RunPage, RunSummary } from '@/domain/checklists/runs';
import { sqlLimitAtLeast, type Executor } from '../db/client';
import { before, cursorTime, takePage } from '../paging';
import { readListPart } from './checklist-access';

/**
 * The user's runs of the list in brief (`RunSummary`), as one scalar subquery of JSON: their closed runs read
 * off the (user, list, ended_at) index, with the open run's newest completion, `lastCompletionAt`, as
 * the caller's statement has it (`completionsOf`, which also reads the ticks). `checklistId` and
 * `userId` are SQL: a column of the caller's statement or a parameter; a null user has none.
 */
export function runSummaryColumn(checklistId: SQL, userId: SQL, lastCompletionAt: SQL): SQL {
  return sql`(select json_build_object(
    'closed', runs.closed, 'closedCompleted', runs.closed_completed,
    'lastClosedCompletedAt', runs.last_closed_completed_at, 'lastCompletionAt', ${lastCompletionAt})
    from (select count(*)::int as closed, (count(*) filter (where r.completed))::int as closed_completed,
                 max(r.ended_at) filter (where r.completed) as last_closed_completed_at
          from checklist_runs r where r.user_id = ${userId} and r.checklist_id = ${checklistId}) runs)`;
}

/**
 * `done`, for a query's FROM: the user's completions of the list, read once for both what the
 * page shows ticked (`done.ids`, JSON) and when the last was made (`done.last_at`).
 */
export const completionsOf = (checklistId: SQL, userId: SQL) => sql`left join lateral (
    select coalesce(json_agg(completion.checklist_item_id), '[]') as ids, max(completion.created_at) as last_at
    from checklist_item_completions completion
    where completion.checklist_id = ${checklistId} and completion.user_id = ${userId}) done on true`;

/** The JSON of `runSummaryColumn` with its times as the API writes them (ISO 8601, UTC). */
export function presentRunSummary(json: {
  closed: number;
  closedCompleted: number;
  lastClosedCompletedAt: string | null;
  lastCompletionAt: string | null;
}): RunSummary {
  const iso = (time: string | null) => (time === null ? null : new Date(time).toISOString());
  return {
    closed: json.closed,
    closedCompleted: json.closedCompleted,
    lastClosedCompletedAt: iso(json.lastClosedCompletedAt),
    lastCompletionAt: iso(json.lastCompletionAt),
  };
}

type RunRow = {
  id: string;
  started_at: Date;
  ended_at: Date;
  ticked_count: number;
  items_count: number;
  completed: boolean;
  cursor_time: string;
};

/**
 * A page of the user's own closed runs of a list, newest first (keyset on ended_at, id), in one
 * statement; null when the user may not see the list (a private list of someone else is not
 * found). Only the asking user's runs: nobody can read another's.
 */
export async function listOwnRuns(
  db: Executor,
  checklistId: string,
  userId: string,
  page: { before?: string | undefined; limit: number },
): Promise<RunPage | null> {
  const read = await readListPart<RunRow>(db, checklistId, userId, {
    part: sql`
      select r.id, r.started_at, r.ended_at, r.ticked_count, r.items_count, r.completed,
        ${cursorTime(sql`r.ended_at`)} as cursor_time
      from checklist_runs r
      where r.user_id = ${userId} and r.checklist_id = ${checklistId}
        and ${before(page.before, sql`r.ended_at`, sql`r.id`)}
      order by r.ended_at desc, r.id desc
      limit ${sqlLimitAtLeast(page.limit + 1)}`,
    order: sql`part.ended_at desc, part.id desc`,
  });
  if (!read) return null;
  const { rows, nextCursor } = takePage(read.rows, page.limit);
  return {
    runs: rows.map((row) => ({
      id: row.id,
      startedAt: new Date(row.started_at).toISOString(),
      endedAt: new Date(row.ended_at).toISOString(),
      tickedCount: row.ticked_count,
      itemsCount: row.items_count,
      completed: row.completed,
    })),
    nextCursor,
  };
}
