import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { commitWithoutWaiting, type Database } from '../db/client';
import { NOTIFICATION_CHANNEL } from './live';
import { NOTIFICATION_MAIL_CHANNEL } from './notification-mails';

/**
 * The one path by which a change to users' notifications reaches the live streams (LISTEN on
 * NOTIFICATION_CHANNEL, live.ts), and a queued mail the dispatchers (notification-mails.ts): a
 * NOTIFY sent after the write that made it has committed, never from inside it (decisions 039, 045).
 *
 * PostgreSQL lets one transaction that has NOTIFYed commit at a time: it takes a lock as it commits
 * and holds it until its commit has reached the disk. Every clone, comment, like and follow
 * notifies someone, so notifying inside those writes made them commit one at a time.
 *
 * So the functions of notifications.actions.ts, the only writers of `notifications` and
 * `notification_mails`, record whom they changed (`notifyAfterCommit`, `wakeMailDispatchersAfterCommit`)
 * in the store of the work that runs them (`notifyingAfterCommit`: every request that may write,
 * and the scripts that write notifications for existing users), and that work NOTIFYs them once
 * it is done, in a transaction of its own that does not wait for the disk. A write that rolled back
 * after recording someone is notified anyway: their stream reads the same unread count again,
 * nothing more. Outside such work nothing is recorded and nothing NOTIFYed. Work that outlives its
 * request (a timer or a connection first made inside one keeps the request's store) must not write
 * notifications: it would record them in a store that has already been sent.
 *
 * The same store gathers the failures of the work's other after-commit tasks, those the outbox
 * holds (a badge check, an automatic hiding: `reportAfterCommitFailure`). The write has committed
 * and answers as it did, so such a failure is not thrown: its task stays in `outbox_tasks` for the
 * periodic sweep, and the work hands the failure to its error callback once it is done, so that an
 * operator sees it in the log.
 */
type Pending = { users: Set<string>; mail: boolean; failures: Failure[] };
type Failure = { task: AfterCommitTask; error: unknown };

/** What failed after the work's commit: its NOTIFY, or one of the outbox's tasks (by its kind). */
export type AfterCommitTask = 'notify' | 'badges' | 'auto_hide';

const pending = new AsyncLocalStorage<Pending>();

/**
 * Runs `work` (a request's handling, a script's writes) and then NOTIFYs whom it recorded, if anyone.
 * Each after-commit failure (the NOTIFY's, and those the work reported) goes to `onError`, with what
 * failed, and is not thrown: the write has committed and answers as it did.
 */
export async function notifyingAfterCommit<T>(
  db: Database,
  work: () => Promise<T>,
  onError: (error: unknown, task: AfterCommitTask) => void,
): Promise<T> {
  const recorded: Pending = { users: new Set(), mail: false, failures: [] };
  try {
    const result = await pending.run(recorded, work);
    if (recorded.users.size > 0 || recorded.mail) {
      await notifyPending(db, recorded).catch((error: unknown) => onError(error, 'notify'));
    }
    return result;
  } finally {
    // Also when the work threw after a task had failed: that task is still in the outbox.
    for (const { task, error } of recorded.failures.splice(0)) onError(error, task);
  }
}

async function notifyPending(db: Database, recorded: Pending): Promise<void> {
  await db.execute(sql`select ${commitWithoutWaiting}, ${sql.join(notifyCalls(recorded), sql`, `)}`);
}

const notifyCalls = ({ users, mail }: Omit<Pending, 'failures'>) => [
  ...[...users].map((userId) => sql`pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`),
  ...(mail ? [sql`pg_notify(${NOTIFICATION_MAIL_CHANNEL}, '')`] : []),
];

/**
 * Runs `statement` (a statement sent alone after the work's writes have committed, which commits
 * without waiting for the disk) with the NOTIFYs recorded so far as select-list entries
 * (`notifications`, none when nothing is recorded), so that they go with it and not in a statement
 * of their own. If it fails they stay recorded, for the end of the work.
 */
export async function withRecordedNotifications<T>(statement: (notifications: SQL[]) => Promise<T>): Promise<T> {
  const recorded = pending.getStore();
  if (!recorded || (recorded.users.size === 0 && !recorded.mail)) return statement([]);
  const taken = { users: new Set(recorded.users), mail: recorded.mail };
  recorded.users.clear();
  recorded.mail = false;
  try {
    return await statement(notifyCalls(taken));
  } catch (error) {
    for (const userId of taken.users) recorded.users.add(userId);
    recorded.mail ||= taken.mail;
    throw error;
  }
}

/** The NOTIFY of the user `userId` (SQL: a column of a statement that changed their notifications). */
export const notifyOf = (userId: SQL) => sql`pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`;

/** Records users whose notifications a statement has changed, to be NOTIFYed after the work. */
export function notifyAfterCommit(userIds: readonly string[]): void {
  const recorded = pending.getStore();
  if (!recorded) return;
  for (const userId of userIds) recorded.users.add(userId);
}

/** Records that a statement queued a mail, so that the dispatchers are woken after the work. */
export function wakeMailDispatchersAfterCommit(): void {
  const recorded = pending.getStore();
  if (recorded) recorded.mail = true;
}

/**
 * Records that the after-commit task `task` (an outbox kind) failed with `error` and was left in
 * `outbox_tasks` for the sweep, to be handed to the work's error callback once the work is done.
 * Outside such work (a script, a test calling an action directly) nothing is recorded.
 */
export function reportAfterCommitFailure(task: Exclude<AfterCommitTask, 'notify'>, error: unknown): void {
  pending.getStore()?.failures.push({ task, error });
}
