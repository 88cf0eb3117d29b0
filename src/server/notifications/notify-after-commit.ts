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
 */
type Pending = { users: Set<string>; mail: boolean };

const pending = new AsyncLocalStorage<Pending>();

/** Runs `work` (a request's handling, a script's writes) and then NOTIFYs whom it recorded, if anyone. */
export async function notifyingAfterCommit<T>(
  db: Database,
  work: () => Promise<T>,
  onError: (error: unknown) => void,
): Promise<T> {
  const recorded: Pending = { users: new Set(), mail: false };
  const result = await pending.run(recorded, work);
  if (recorded.users.size > 0 || recorded.mail) {
    // The write has committed and responds as it did: a NOTIFY that fails is logged only.
    await notifyPending(db, recorded).catch(onError);
  }
  return result;
}

async function notifyPending(db: Database, recorded: Pending): Promise<void> {
  await db.execute(sql`select ${commitWithoutWaiting}, ${sql.join(notifyCalls(recorded), sql`, `)}`);
}

const notifyCalls = ({ users, mail }: Pending) => [
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
  const taken: Pending = { users: new Set(recorded.users), mail: recorded.mail };
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
