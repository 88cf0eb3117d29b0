import { sql, type SQL } from 'drizzle-orm';
import { DELETED_USER } from '@/domain/accounts/account-data';
import { notificationMessageAround, notificationTarget } from '@/domain/notifications/notifications';
import { displayName, type PersonRow } from '../presenters';
import { hasBlocked } from '../visibility/blocks';

// The notifications a write makes in its own statement, as WITH queries of it, with the rules
// notifications.actions.ts applies to those written apart; the two files are the only writers of
// notifications and their mails (decision 045), and the actions record whom to notify.

/**
 * The actor as a notification to `recipientId` names them (see `displayName`: by their username if
 * their profile is private) and links to them, when it is written. Its text is written with that
 * name; the notification is read, and its mail sent, with a text made again then
 * (`notificationText` in presenters.ts), so a profile turned private since is not named in either.
 */
export const namedActor = (person: PersonRow, recipientId: string | null) => ({
  name: displayName(person, 'actor', recipientId),
  username: person.username,
});

/** A person of whom nothing but the id is known: named "Someone" (see displayName). */
export const unnamedPerson = (id: string): PersonRow => ({
  id,
  name: null,
  avatar: null,
  username: null,
  isPublic: null,
});

/**
 * Liking and unliking (or following and unfollowing) over and over notifies the recipient once.
 * Within REPEAT_WINDOW of a like or follow notification, another like by the same
 * person on the same list makes none, and an unlike leaves it in place; later, an unlike takes it
 * back and a like notifies again. (decision 017)
 */
export const REPEAT_WINDOW = sql`interval '1 hour'`;

/**
 * Who may be notified of `actorId`'s action, as SQL over the recipient (an id, or a column of the
 * statement): nobody is notified of their own actions, nobody reads the reserved "Deleted user"'s
 * (decision 013), and nothing a blocked user does reaches the one who blocked them, whatever its
 * type. Every insert of a notification with an actor checks it.
 */
export function isNotifiedOf(recipient: SQL | string, actorId: string): SQL {
  const id = typeof recipient === 'string' ? sql`${recipient}::text` : recipient;
  return sql`${id} <> ${actorId} and ${id} <> ${DELETED_USER.id} and not ${hasBlocked(recipient, actorId)}`;
}

/**
 * The insert of a notification about a list to its author, for the statement that wrote the
 * action, which names the list `list` (a WITH query with `id`, `author_id` and `title`): from
 * `actorId`, named as `person` and as the author may see them, when `when` holds, and only as
 * `isNotifiedOf` allows. The message is made around the title the statement reads. Returns the
 * recipient's `user_id` and the `message`.
 */
export function listNotificationInsert({
  type,
  actorId,
  person,
  list,
  when,
}: {
  type: 'like' | 'comment' | 'clone';
  actorId: string;
  person: PersonRow | null;
  list: string;
  when: SQL;
}): SQL {
  // Every recipient is someone else, so the actor is named as anyone but themselves sees them.
  const [before, after] = notificationMessageAround(type, namedActor(person ?? unnamedPerson(actorId), null).name);
  const l = sql.raw(list);
  return sql`
      insert into notifications (user_id, actor_id, type, checklist_id, message)
      select ${l}.author_id, ${actorId}, ${type}, ${l}.id, ${before} || ${l}.title || ${after} from ${l}
      where ${when} and ${isNotifiedOf(sql`${l}.author_id`, actorId)}
      returning user_id, message`;
}

export type MailKind = 'follow' | 'comment';

/**
 * A new follower or comment mails the recipient when their email_notifications setting is on, at
 * most once an hour per kind. Claiming the hourly cap and queueing the mail are WITH queries of the
 * statement that writes the notification (decision 009): a rollback takes both back, and the
 * upsert locks the cap row, so two concurrent events for one user cannot both pass it. `notified`
 * names the query of the notifications written (`user_id`, `message`); the mails queued are `mailed`.
 */
export function notificationMailQueries(
  notified: string,
  mail: { kind: MailKind; linkPath: string; actorId: string; checklistId: string | null },
): SQL {
  return sql`claimed as (
      insert into notification_mail_caps (user_id, kind, last_sent_at)
      select p.id, ${mail.kind}, now() from ${sql.raw(notified)} n join profiles p on p.id = n.user_id and p.email_notifications
      on conflict (user_id, kind) do update set last_sent_at = excluded.last_sent_at
        where notification_mail_caps.last_sent_at <= now() - interval '1 hour'
      returning user_id),
    mailed as (
      insert into notification_mails (user_id, kind, message, link_path, actor_id, checklist_id)
      select c.user_id, ${mail.kind}, n.message, ${mail.linkPath}, ${mail.actorId}, ${mail.checklistId}::uuid
      from claimed c join ${sql.raw(notified)} n on n.user_id = c.user_id
      returning id)`;
}

/**
 * A comment's notification as WITH queries of the statement that writes the comment (`cm`, on the
 * list `allowed`, with `id`, `author_id` and `title`), as `isNotifiedOf` allows: the list's author is
 * notified unless they wrote it, are the reserved "Deleted user" or have blocked the commenter,
 * and mailed at most once an hour. They end with `notified` (the users notified) and `mailed` (the
 * mails queued), for the caller to notify (notifiedAfterCommit) once the statement has committed.
 */
export function commentNotificationQueries(comment: {
  actorId: string;
  person: PersonRow | null;
  checklistId: string;
}) {
  const { actorId, person, checklistId } = comment;
  const actor = namedActor(person ?? unnamedPerson(actorId), null);
  const linkPath = notificationTarget({ type: 'comment', checklistId, actor });
  return sql`notified as (${listNotificationInsert({
    type: 'comment',
    actorId,
    person,
    list: 'allowed',
    when: sql`exists (select 1 from cm)`,
  })}),
    ${
      linkPath
        ? notificationMailQueries('notified', { kind: 'comment', linkPath, actorId, checklistId })
        : sql`mailed as (select null::uuid as id where false)`
    }`;
}

/**
 * A like's or an unlike's notification as WITH queries of the statement that writes or deletes
 * the like, with `notify`'s and `withdrawNotification`'s rules: a like notifies the list's author
 * unless it did so within REPEAT_WINDOW (then nothing is made again), replacing an older one, and
 * not when the author has blocked the liker; an unlike takes back a notification older than the
 * window. The statement names the list `allowed` (a like) or `access` (an unlike), with `id`,
 * `author_id` and `title`, and the like written or deleted `changed`; these queries end with
 * `notified`, the users whose notifications changed, for the caller to notify after the commit.
 */
export function likeNotificationQueries({
  actorId,
  person,
  liked,
}: {
  actorId: string;
  person: PersonRow | null;
  liked: boolean;
}): SQL {
  const sameLike = (list: string) => sql`n.user_id = ${sql.raw(list)}.author_id and n.actor_id = ${actorId}
    and n.type = 'like' and n.checklist_id = ${sql.raw(list)}.id`;
  if (!liked) {
    return sql`notified as (
      delete from notifications n using access a
      where ${sameLike('a')} and n.created_at <= now() - ${REPEAT_WINDOW} and exists (select 1 from changed)
      returning n.user_id)`;
  }
  return sql`recent as (
      select exists (select 1 from notifications n, allowed a where ${sameLike('a')}
                     and n.created_at > now() - ${REPEAT_WINDOW}) as recent),
    withdrawn as (
      delete from notifications n using allowed a
      where ${sameLike('a')} and exists (select 1 from changed) and not (select recent from recent)),
    notified as (${listNotificationInsert({
      type: 'like',
      actorId,
      person,
      list: 'allowed',
      when: sql`exists (select 1 from changed) and not (select recent from recent)`,
    })})`;
}
