import { and, eq, sql, type SQL } from 'drizzle-orm';
import { checkBadges, laterBadgeCheck } from '../badges/badge-checks';
import { executeNamed, type Database, type Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { SIMULTANEOUS_CHANGES_MS } from '@/domain/checklists/change-age';
import { MAX_CHANGE_AGE_MS, type ChangeTime } from '@/domain/checklists/change-time';
import type { RunSummary } from '@/domain/checklists/runs';
import { checklistItemCompletions } from '../db/schema';
import { itemCountColumn } from '../presenters';
import type { WriteOutcome } from '../outcome';
import { visibleTo } from '../visibility/lists';
import { checklistNotFound, withChecklistAccess } from './checklist-access';
import { completionsOf, presentRunSummary, runSummaryColumn } from './runs.queries';

type ProgressState = { uses: number; completedItemIds: string[]; runs: RunSummary };

const notFound = { ok: false, reason: 'not_found' } as const;

async function progressState(
  db: Executor,
  checklistId: string,
  userId: string,
): Promise<{ state: ProgressState; isListComplete: boolean }> {
  // Named: its plan is the same for any list and user, so it is not planned again on every tick.
  const rows = await executeNamed<{
    uses: number;
    completed: string[];
    items: number;
    runs: Parameters<typeof presentRunSummary>[0];
  }>(
    db,
    sql`
    select c.uses_count as uses, ${itemCountColumn} as items, done.ids as completed,
      ${runSummaryColumn(sql`c.id`, sql`${userId}`, sql`done.last_at`)} as runs
    from checklists c ${completionsOf(sql`c.id`, sql`${userId}`)} where c.id = ${checklistId}`,
  );
  const row = rows[0]!;
  return {
    state: { uses: row.uses, completedItemIds: row.completed, runs: presentRunSummary(row.runs) },
    isListComplete: row.items > 0 && row.completed.length >= row.items,
  };
}

/** When a change was made: `ago` milliseconds before now (see ChangeTime). */
const madeAt = (change: ChangeTime) => sql`(now() - make_interval(secs => ${change.ago ?? 0}::float8 / 1000))`;

/**
 * The time another change must have been made after `at` to stand over it: changes made less
 * than SIMULTANEOUS_CHANGES_MS apart stand in the order they arrive.
 */
const clearlyAfter = (at: SQL) => sql`(${at} + make_interval(secs => ${SIMULTANEOUS_CHANGES_MS / 1000}))`;

/**
 * Completes or uncompletes one item for the user, as of when the change was made; completing it
 * twice is harmless. Of a tick and an untick of one item, the later stands whichever arrives last:
 * an untick removes only a tick made before it and leaves a mark of its time, which a tick made
 * before it does not pass. A change made before the user's last Start again is left out (its run
 * is closed). Changes made within SIMULTANEOUS_CHANGES_MS of each other stand in the order they
 * arrive. A change left out answers the state as it is.
 *
 * One statement writes the change and commits it; the state is read after it, and a tick that may
 * have completed the list has its badge check run after the commit (badge-checks.ts).
 */
export async function setItemCompleted(
  db: Database,
  checklistId: string,
  itemId: string,
  userId: string,
  isCompleted: boolean,
  change: ChangeTime = {},
): Promise<WriteOutcome<ProgressState>> {
  if (!isUuid(checklistId) || !isUuid(itemId)) return notFound;
  const at = madeAt(change);
  const later = clearlyAfter(at);
  // Only an item of this list is ticked (a heading is no item to complete). The change itself is
  // made by ticklist_change_completion, whose statements read what has committed once the list's
  // row is locked (this statement's own reads are as they were when it began, before any wait).
  const checked = isCompleted
    ? sql`, checked as (${laterBadgeCheck(
        // Only a tick that leaves the list complete can raise the user's completed lists.
        sql`select ${userId} as user_id from access a where (select ticked from changed) >= a.items`,
        ['completed_lists'],
      )})`
    : sql``;
  // The checklist row is locked first, as an edit takes it, so a completion and an edit cannot
  // deadlock (the completion's trigger then updates the user's progress row).
  const [found] = await executeNamed<{ lists: number; items: number; badge_check: number | null }>(
    db,
    sql`
    with access as (
      select c.id, ${itemCountColumn} as items from checklists c
      where c.id = ${checklistId} and ${visibleTo(userId)}
      for no key update of c),
    item as (
      select i.id, i.checklist_id from checklist_items i join access a on a.id = i.checklist_id
      where i.id = ${itemId} and i.kind = 'item'),
    changed as (
      select ticklist_change_completion(${userId}, item.checklist_id, item.id, ${at}, ${later}, ${isCompleted}) as ticked
      from item)
    ${checked}
    select (select count(*) from access)::int as lists, (select count(*) from changed)::int as items,
      ${isCompleted ? sql`(select id from checked)` : sql`null::bigint`} as badge_check`,
  );
  if (found?.lists !== 1) return checklistNotFound(db, checklistId);
  if (found.items !== 1) return notFound;
  if (found.badge_check !== null) await checkBadges(db, [Number(found.badge_check)], ['completed_lists']);
  return { ok: true, value: (await progressState(db, checklistId, userId)).state };
}

/**
 * "Start again": closes the user's open run and opens an empty one, in one transaction. A run with a
 * tick is kept in the history (its start, how many of how many items were ticked, and whether that
 * was all of them; which entries, and its last tick, for what people really tick) and counted in
 * `closed_runs` before its completions are deleted, so the progress row, and with it the user's use
 * of the list, stays. A run with no tick is nothing to close: no empty run is recorded. A completed
 * run stays completed in the history, so no badge is lost. The Start again is remembered (when it
 * was made, and the device's key for it): one made before the last (sent late) or sent twice does
 * nothing, and a tick made before it that arrives later is left out.
 */
export async function startAgain(
  db: Database,
  checklistId: string,
  userId: string,
  change: ChangeTime = {},
): Promise<WriteOutcome<ProgressState>> {
  const at = madeAt(change);
  // The checklist row first, as a completion takes it, then the progress row: a completion cannot
  // slip in between the run's count and the deletion of its completions.
  return withChecklistAccess(db, checklistId, userId, { lock: 'no key update' }, async (tx) => {
    const [reset] = await executeNamed<{ closed: number }>(
      tx,
      sql`
      with progress as (
        select p.started_at, p.completed_count from checklist_progress p
        where p.checklist_id = ${checklistId} and p.user_id = ${userId}
          and (p.reset_at is null or p.reset_at < ${at})
          and (${change.key ?? null}::uuid is null or p.reset_key is distinct from ${change.key ?? null}::uuid)
        for update),
      run as (
        insert into checklist_runs (checklist_id, user_id, started_at, ticked_count, items_count, completed,
          ticked_keys, last_tick_at)
        select ${checklistId}, ${userId}, o.started_at, o.completed_count, ${itemCountColumn},
          o.completed_count >= ${itemCountColumn}, ticks.keys, ticks.last_at
        from progress o join checklists c on c.id = ${checklistId}
        cross join lateral (
          select array_agg(coalesce(i.key, i.id)) as keys, max(t.created_at) as last_at
          from checklist_item_completions t join checklist_items i on i.id = t.checklist_item_id
          where t.checklist_id = ${checklistId} and t.user_id = ${userId}) ticks
        where o.completed_count > 0
        returning id),
      remembered as (
        update checklist_progress p
        set reset_at = ${at}, reset_key = ${change.key ?? null}::uuid, updated_at = now(),
          closed_runs = p.closed_runs + (select count(*) from run)::int
        from progress where p.checklist_id = ${checklistId} and p.user_id = ${userId})
      select (select count(*) from run)::int as closed`,
    );
    if ((reset?.closed ?? 0) > 0) {
      // Counted before the completions go: the trigger keeps a row with closed runs at zero.
      await tx
        .delete(checklistItemCompletions)
        .where(and(eq(checklistItemCompletions.userId, userId), eq(checklistItemCompletions.checklistId, checklistId)));
    }
    return { ok: true, value: (await progressState(tx, checklistId, userId)).state };
  });
}

/** Forgets unticks older than any change a device may still send (MAX_CHANGE_AGE_MS): run hourly. */
export async function pruneUntickMarks(db: Executor): Promise<void> {
  await db.execute(sql`
    delete from checklist_untick_marks
    where unticked_at < now() - make_interval(secs => ${MAX_CHANGE_AGE_MS / 1000})`);
}
