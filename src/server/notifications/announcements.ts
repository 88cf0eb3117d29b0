import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { commitWithoutWaiting, type Database } from '../db/client';
import { NOTIFICATION_CHANNEL } from './live';
import { NOTIFICATION_MAIL_CHANNEL } from './notification-mails';

/**
 * Announcing a change to users' notifications (to the live streams, migration 0006) and a queued
 * mail (to the dispatchers, 0007) after the write that made it has committed, not from inside it
 * (decision 039).
 *
 * PostgreSQL lets one transaction that has NOTIFYed commit at a time: it takes a lock as it commits
 * and holds it until its commit has reached the disk. Every clone, comment, like and follow
 * notifies someone, so at 32 connections those writes queued for that lock (`Lock:object` on
 * commit): clones answered at about 110 a second with the triggers announcing, and 170 without.
 *
 * So a write served by the app names, in the statement that writes a notification or queues a
 * mail, the users its triggers need not announce (`ticklist.announced_later`, a setting of that
 * transaction), and the app announces them once the request's work is done, in a transaction of
 * its own that does not wait for the disk (`announcePending`). Anything else (a script, the seed,
 * a cascade, a user's own statements outside `announcingAfterCommit`) is announced by the triggers
 * as before. A write that rolled back after naming someone is announced anyway: a stream that is
 * told so reads the same unread count again, nothing more. Work that outlives its request (a timer
 * or a connection first made inside one keeps the request's store) must not write notifications:
 * it would name users that nothing announces.
 */
type Pending = { users: Set<string>; mail: boolean };

const pending = new AsyncLocalStorage<Pending>();

/** Runs `work` (a request's handling) and then announces what it named, if anything. */
export async function announcingAfterCommit<T>(
  db: Database,
  work: () => Promise<T>,
  onError: (error: unknown) => void,
): Promise<T> {
  const named: Pending = { users: new Set(), mail: false };
  const result = await pending.run(named, work);
  if (named.users.size > 0 || named.mail) {
    // The write has committed and answers as it did: an announcement that fails is logged only.
    await announcePending(db, named).catch(onError);
  }
  return result;
}

async function announcePending(db: Database, { users, mail }: Pending): Promise<void> {
  const announcements = [
    ...[...users].map((userId) => sql`pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`),
    ...(mail ? [sql`pg_notify(${NOTIFICATION_MAIL_CHANNEL}, '')`] : []),
  ];
  await db.execute(sql`select ${commitWithoutWaiting}, ${sql.join(announcements, sql`, `)}`);
}

/**
 * Inside a write served by the app: `names(userIds)`, a condition (always true, `userIds` an SQL
 * text of comma-separated ids) for each notification the statement writes, which tells the
 * triggers to leave those users to the app, and `announce()`, to call with the users it wrote for,
 * so that the app announces them after the request. Elsewhere, null: the triggers announce them.
 */
export function announceLater(): {
  names: (userIds: SQL) => SQL;
  announce: (userIds: readonly string[]) => void;
} | null {
  const named = pending.getStore();
  if (!named) return null;
  return {
    names: (userIds) => sql`set_config('ticklist.announced_later',
      concat_ws(',', nullif(current_setting('ticklist.announced_later', true), ''), ${userIds}), true) is not null`,
    announce: (userIds) => {
      for (const userId of userIds) named.users.add(userId);
    },
  };
}

/**
 * Inside a write served by the app: a condition (always true) for each mail the statement queues,
 * which tells the mails' trigger to leave the dispatchers to the app, and `queued()`, to call when
 * the statement did queue one, so that the app wakes them after the request. Elsewhere, null.
 */
export function wakeMailLater(): { condition: SQL; queued: () => void } | null {
  const named = pending.getStore();
  if (!named) return null;
  return {
    condition: sql`set_config('ticklist.mail_announced_later', 'on', true) is not null`,
    queued: () => {
      named.mail = true;
    },
  };
}
