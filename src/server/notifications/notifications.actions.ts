import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DELETED_USER } from '@/domain/accounts/account-data';
import { notificationMessage, notificationTarget, type NotificationType } from '@/domain/notifications/notifications';
import type { Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { notifications } from '../db/schema';
import { notifyAfterCommit, wakeMailDispatchersAfterCommit } from './notify-after-commit';
import {
  isNotifiedOf,
  namedActor,
  notificationMailQueries,
  REPEAT_WINDOW,
  type MailKind,
} from './notifications-in-writes';
import { personColumns, type PersonRow } from '../presenters';
import { visibleTo } from '../visibility/lists';

/**
 * The only module that writes notifications and queues their mails: each write here records whom
 * it changed, and they are NOTIFYed after the work that ran it has committed (notify-after-commit.ts,
 * decision 045). Callers pass their transaction, so that a notification commits or rolls back with
 * its action (decision 007).
 */

/** Queues the mail of a notification just written (see notificationMailQueries). */
async function queueNotificationMail(
  db: Executor,
  mail: {
    userId: string;
    kind: MailKind;
    message: string;
    linkPath: string;
    actorId: string;
    checklistId: string | null;
  },
): Promise<void> {
  const result = await db.execute(sql`
    with written as (select ${mail.userId} as user_id, ${mail.message} as message),
    ${notificationMailQueries('written', mail)}
    select id from mailed`);
  // The dispatchers are woken after the write, if it queued one.
  if (result.rows.length > 0) wakeMailDispatchersAfterCommit();
}

/** After a statement of these queries has committed: its users' streams, and the mail dispatchers if it queued mail. */
export function notifiedAfterCommit(userIds: readonly string[], hasMailed = false): void {
  notifyAfterCommit(userIds);
  if (hasMailed) wakeMailDispatchersAfterCommit();
}

type NotifiedEvent = {
  type: Exclude<NotificationType, 'badge' | 'moderation'>;
  recipientId: string;
  actorId: string;
  checklist?: { id: string; title: string };
};

/**
 * The insert of `event`'s notification, naming `person` as its actor, the actor as named and its
 * message (which a mail repeats), and `written()`, to call once the statement that ran it has, so
 * that the recipient is notified after the write. `withdrawn`, a WITH query of the same statement
 * (see notify).
 */
function notificationInsert(
  event: NotifiedEvent,
  person: PersonRow,
  { withdrawn = null }: { withdrawn?: SQL | null } = {},
) {
  const actor = namedActor(person, event.recipientId);
  const message = notificationMessage(event.type, actor.name, event.checklist?.title);
  return {
    actor,
    message,
    // The insert writes no row for someone `isNotifiedOf` leaves out (and notify queues no mail then).
    insert: sql`
      ${withdrawn ? sql`with withdrawn as (${withdrawn})` : sql``}
      insert into notifications (user_id, actor_id, type, checklist_id, message)
      select ${event.recipientId}, ${event.actorId}, ${event.type}, ${event.checklist?.id ?? null}::uuid, ${message}
      where ${isNotifiedOf(event.recipientId, event.actorId)}`,
    written: () => notifyAfterCommit([event.recipientId]),
  };
}

/**
 * Records a notification for `recipientId` about `actorId`'s action, inside the caller's
 * transaction. Nobody is notified of their own actions. Live streams are notified of it after the
 * write has committed.
 * Follows may also queue an email. (A like's, a comment's and a clone's notifications are written
 * by the statement of their action: listNotificationInsert.)
 */
export async function notify(
  db: Executor,
  event: Omit<NotifiedEvent, 'type'> & {
    type: Exclude<NotifiedEvent['type'], 'clone'>;
    /** The actor's profile, when the caller has just read it (else it is read here). */
    actor?: PersonRow;
  },
): Promise<void> {
  // Nobody is notified of their own actions, and nobody reads the reserved "Deleted user"'s: no
  // statement is needed to know that (the insert's `isNotifiedOf` holds the same rule).
  if (event.recipientId === event.actorId || event.recipientId === DELETED_USER.id) return;
  const repeatable =
    event.type === 'like' || event.type === 'follow'
      ? { ...event, type: event.type, checklistId: event.checklist?.id }
      : null;
  // Whether a like or follow notified the recipient within the hour (then nothing is made again),
  // and the actor's profile unless the caller has it, in one statement.
  let person = event.actor ?? null;
  if (repeatable || !person) {
    const recent = repeatable
      ? sql`exists (select 1 from notifications where ${sameEvent(repeatable)}
          and ${notifications.createdAt} > now() - ${REPEAT_WINDOW})`
      : sql`false`;
    const result = await db.execute<PersonRow & { recent: boolean }>(sql`
      select ${recent} as recent, ${personColumns}
      from (select 1) one left join profiles p on p.id = ${event.actorId}`);
    const row = result.rows[0]!;
    if (row.recent) return;
    person ??= { id: row.id, name: row.name, avatar: row.avatar, username: row.username, isPublic: row.isPublic };
  }
  // An older like or follow notification from the same person about the same thing is replaced, not
  // repeated, in the same statement (the recipient is notified once).
  const { insert, written, actor, message } = notificationInsert(event, person, {
    withdrawn: repeatable ? sql`delete from notifications where ${sameEvent(repeatable)}` : null,
  });
  const inserted = await db.execute(insert);
  if (!inserted.rowCount) return;
  written();
  const linkPath = notificationTarget({ type: event.type, checklistId: event.checklist?.id ?? null, actor });
  if ((event.type === 'comment' || event.type === 'follow') && linkPath)
    await queueNotificationMail(db, {
      userId: event.recipientId,
      kind: event.type,
      message,
      linkPath,
      actorId: event.actorId,
      checklistId: event.checklist?.id ?? null,
    });
}

/** The profile `userId`'s notifications name them by, for a writer that has not read it. */
export async function readActor(db: Executor, userId: string): Promise<PersonRow | null> {
  const result = await db.execute<PersonRow>(sql`select ${personColumns} from profiles p where p.id = ${userId}`);
  return result.rows[0] ?? null;
}

type RepeatableEvent = {
  type: 'like' | 'follow';
  recipientId: string;
  actorId: string;
  checklistId?: string | undefined;
};

const sameEvent = (event: RepeatableEvent) =>
  and(
    eq(notifications.userId, event.recipientId),
    eq(notifications.actorId, event.actorId),
    eq(notifications.type, event.type),
    event.checklistId ? eq(notifications.checklistId, event.checklistId) : isNull(notifications.checklistId),
  );

/**
 * Marks read, or deletes, those of `userId`'s notifications that `where` matches, and notifies the
 * user after the write if any changed; whether any did. Every read and deletion goes through here.
 */
async function changeNotifications(
  db: Executor,
  userId: string,
  change: 'read' | 'delete',
  where: SQL | undefined,
): Promise<boolean> {
  const theirs = and(eq(notifications.userId, userId), where);
  const changed = { id: notifications.id };
  const rows =
    change === 'read'
      ? await db
          .update(notifications)
          .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
          .where(theirs)
          .returning(changed)
      : await db.delete(notifications).where(theirs).returning(changed);
  if (rows.length > 0) notifyAfterCommit([userId]);
  return rows.length > 0;
}

/**
 * An unlike or unfollow takes back the notification its like or follow created, once that is older
 * than REPEAT_WINDOW (see above).
 */
export async function withdrawNotification(db: Executor, event: RepeatableEvent): Promise<void> {
  await changeNotifications(
    db,
    event.recipientId,
    'delete',
    and(sameEvent(event), sql`${notifications.createdAt} <= now() - ${REPEAT_WINDOW}`),
  );
}

/**
 * The notifications of badges just granted, for the granting statement to write as one of its WITH
 * queries: `insert`, from `granted` (a query of `user_id` and `message`), and `written()`, to call
 * with the users the statement granted a badge. A badge's notification has no actor (decision 011);
 * clock_timestamp(): it reads as coming just after the notification of the action that earned it.
 */
export function badgeNotifications(granted: SQL) {
  return {
    insert: sql`
      insert into notifications (user_id, actor_id, type, message, created_at)
      select user_id, null, 'badge', message, clock_timestamp() from (${granted}) granted`,
    written: (userIds: readonly string[]) => notifyAfterCommit(userIds),
  };
}

/**
 * The moderators' notice to `recipientId` about their own thing (automatic hiding), in the caller's
 * transaction: no person sends it, so it has no actor and is never repeated or mailed. `checklistId`
 * names the list it is about, if any (a hidden list, or the list of a hidden comment).
 */
export async function notifyModeration(
  db: Executor,
  notice: { recipientId: string; message: string; checklistId: string | null },
): Promise<void> {
  if (notice.recipientId === DELETED_USER.id) return;
  await db.execute(sql`
    insert into notifications (user_id, actor_id, type, checklist_id, message)
    values (${notice.recipientId}, null, 'moderation', ${notice.checklistId}::uuid, ${notice.message})`);
  notifyAfterCommit([notice.recipientId]);
}

/**
 * The owners of the clones of `originalId` are notified that its entries changed, in the caller's
 * transaction: each about their clone, where they review the change, named as its original's
 * author (`actorId`) did it. At most once a day per clone; not when the owner turned it off
 * (`upstream_notifications`), can no longer see the original, or blocked its author. Never mailed.
 */
export async function notifyUpstreamChanged(db: Executor, originalId: string, actorId: string): Promise<void> {
  const clones = await db.execute<{ user_id: string; clone_id: string; clone_title: string }>(sql`
    select cc.author_id as user_id, cc.id as clone_id, cc.title as clone_title
    from cloned_checklists k
    join checklists cc on cc.id = k.cloned_checklist_id
    join checklists o on o.id = k.original_checklist_id
    join profiles r on r.id = cc.author_id and r.upstream_notifications
    where k.original_checklist_id = ${originalId} and ${isNotifiedOf(sql`cc.author_id`, actorId)}
      and ${visibleTo(sql`cc.author_id`, 'o')}
      and not exists (select 1 from notifications n where n.user_id = cc.author_id and n.type = 'upstream'
                        and n.checklist_id = cc.id and n.created_at > now() - interval '1 day')`);
  // Most lists have no clone: their edit reads nothing more.
  if (clones.rows.length === 0) return;
  const actor = await db.execute<PersonRow>(sql`select ${personColumns} from profiles p where p.id = ${actorId}`);
  const person = actor.rows[0];
  if (!person) return;
  const rows = clones.rows.map((clone) => ({
    userId: clone.user_id,
    cloneId: clone.clone_id,
    message: notificationMessage('upstream', namedActor(person, clone.user_id).name, clone.clone_title),
  }));
  await db.execute(sql`
    insert into notifications (user_id, actor_id, type, checklist_id, message)
    select user_id, ${actorId}, 'upstream', clone_id, message
    from unnest(${sql.param(rows.map((row) => row.userId))}::text[], ${sql.param(rows.map((row) => row.cloneId))}::uuid[],
                ${sql.param(rows.map((row) => row.message))}::text[]) as notified(user_id, clone_id, message)`);
  notifyAfterCommit(rows.map((row) => row.userId));
}

/**
 * Deletes the notifications about `authorId`'s lists `checklistIds` (a like, a comment or a clone
 * of a list notifies its author), in the transaction that deletes the lists, just before: the
 * foreign key's cascade would delete them too, but unseen, and the author's live streams would not
 * be notified.
 */
export async function deleteNotificationsAbout(
  db: Executor,
  authorId: string,
  checklistIds: readonly string[],
): Promise<void> {
  if (checklistIds.length === 0) return;
  await changeNotifications(db, authorId, 'delete', inArray(notifications.checklistId, [...checklistIds]));
}

/**
 * Deletes the notifications `actorId` sent `recipientId`, when the recipient blocks them: what a
 * blocked user did does not stay in the blocker's activity either.
 */
export async function deleteNotificationsFrom(db: Executor, recipientId: string, actorId: string): Promise<void> {
  await changeNotifications(db, recipientId, 'delete', eq(notifications.actorId, actorId));
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  return isUuid(id) && changeNotifications(db, userId, 'read', eq(notifications.id, id));
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await changeNotifications(db, userId, 'read', isNull(notifications.readAt));
}

/** Deletes one of the user's notifications; false when it is not theirs or does not exist. */
export async function deleteNotification(db: Executor, userId: string, id: string): Promise<boolean> {
  return isUuid(id) && changeNotifications(db, userId, 'delete', eq(notifications.id, id));
}

export async function deleteAllNotifications(db: Executor, userId: string): Promise<void> {
  await changeNotifications(db, userId, 'delete', undefined);
}
