import { sql, type SQL } from 'drizzle-orm';
import { holdMessages } from '@/domain/moderation/holds';
import type { ReportSnapshot, ReportTargetType } from '@/domain/moderation/reports';
import { autoHiddenNotificationMessage } from '@/domain/notifications/notifications';
import type { Database, Transaction } from '../db/client';
import { notifyModeration } from '../notifications/notifications.actions';
import { notifyingAfterCommit, reportAfterCommitFailure } from '../notifications/notify-after-commit';
import { recordModeration } from './audit';
import { hideThing } from './holds';

// Automatic hiding, through the outbox (`outbox_tasks`, kind 'auto_hide'). The report that brings
// a thing's case to enough reporters leaves the hiding as a row, in its own statement
// (ticklist_file_report), so the hiding commits or rolls back with the report; once the report has
// committed, its process hides the thing (`runAutoHides`), notifies its owner and writes the
// audit log, in one transaction that deletes the row. A process that dies between the two leaves
// the row, and the next sweep (`sweepAutoHides`: at start-up, then every minute) does it; so does
// a hiding that fails, which is logged by the request that ran it (`reportAfterCommitFailure`).

const KIND = 'auto_hide';

/** What a report that brought its case to enough reporters left to do (see ticklist_file_report). */
type AutoHide = { case: string; type: ReportTargetType; target: string; owner: string; snapshot: ReportSnapshot };

const hiddenAt: Record<ReportTargetType, (id: string) => SQL> = {
  checklist: (id) => sql`select hidden_at from checklists where id = ${id}::uuid`,
  comment: (id) => sql`select hidden_at from checklist_comments where id = ${id}::uuid`,
  profile: (id) => sql`select hidden_at from profiles where id = ${id}`,
};

/** How many tasks a statement takes at a time, and how many rounds a sweep runs at most. */
const BATCH = 50;
const SWEEP_ROUNDS = 10;

/**
 * Hides the thing each task names, unless a moderator has decided its case since (the case is
 * closed) or it is hidden already: several reports past the mark may each leave a task, and the
 * case's row, locked here, makes them wait for each other, so the thing is hidden once.
 */
async function hide(tx: Transaction, task: AutoHide): Promise<void> {
  const found = await tx.execute<{ is_open: boolean; is_hidden: boolean }>(sql`
    select status = 'open' as is_open, (${hiddenAt[task.type](task.target)}) is not null as is_hidden
    from moderation_cases where id = ${task.case} for update`);
  const state = found.rows[0];
  if (!state?.is_open || state.is_hidden) return;
  const reason = holdMessages.autoHiddenReason;
  if (!(await hideThing(tx, task.type, task.target, reason))) return;
  const list =
    task.snapshot.type === 'checklist'
      ? { id: task.target, title: task.snapshot.title }
      : task.snapshot.type === 'comment'
        ? task.snapshot.checklist
        : null;
  await notifyModeration(tx, {
    recipientId: task.owner,
    message: autoHiddenNotificationMessage(task.type, list?.title),
    checklistId: list?.id ?? null,
  });
  await recordModeration(tx, {
    actorId: null,
    action: 'auto_hide',
    targetType: task.type,
    targetId: task.target,
    reason,
    before: { hidden: false },
    after: { hidden: true, reason },
  });
}

/** Takes up to a batch of the tasks `which` names, deleting them, and does each; returns how many it took. */
function takeAndHide(db: Database, which: SQL): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = await tx.execute<{ payload: AutoHide }>(sql`
      delete from outbox_tasks where id in (
        select id from outbox_tasks where kind = ${KIND} and ${which} order by id limit ${BATCH} for update skip locked)
      returning payload`);
    for (const { payload } of taken.rows) await hide(tx, payload);
    return taken.rows.length;
  });
}

/**
 * Does the automatic hidings `ids` a report left, after its commit. The report itself has been
 * taken and answers as it did: a hiding that fails rolls back, so its task stays in the outbox for
 * the sweep, and its failure is reported to the request's work (`reportAfterCommitFailure`), which
 * logs it.
 */
export async function runAutoHides(db: Database, ids: readonly number[]): Promise<void> {
  try {
    await takeAndHide(db, sql`id = any(${sql.param([...ids])}::bigint[])`);
  } catch (error) {
    reportAfterCommitFailure(KIND, error);
  }
}

/**
 * Does the automatic hidings left by reports whose process did not: those older than
 * `olderThanMs` (0 at start-up). Returns how many it took.
 */
export async function sweepAutoHides(db: Database, olderThanMs: number): Promise<number> {
  const stale = sql`created_at <= now() - make_interval(secs => ${olderThanMs / 1000})`;
  let taken = 0;
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    // Outside a request: the owners' live streams are notified once each round has committed.
    const count = await notifyingAfterCommit(
      db,
      () => takeAndHide(db, stale),
      () => undefined,
    );
    taken += count;
    if (count < BATCH) break;
  }
  return taken;
}
