import { z } from 'zod';
import type { ReportTargetType } from '../moderation/report-rules';
import { paths } from '../paths';

export const NOTIFICATION_TYPES = ['like', 'comment', 'clone', 'follow', 'badge', 'moderation', 'upstream'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The bell's popover shows the newest ten. */
export const NOTIFICATION_POPOVER_LIMIT = 10;
export const NOTIFICATION_ICONS: Record<NotificationType, string> = {
  like: '👍',
  comment: '💬',
  clone: '🔁',
  follow: '👤',
  badge: '🏅',
  moderation: '🛡️',
  upstream: '📝',
};
export const DEFAULT_ACTOR_AVATAR = '👤';
export const notificationMessages = { empty: 'No notifications yet.' } as const;

/** A message names the actor and the list: “Sam liked “Moving house””. */
export function notificationMessage(
  type: Exclude<NotificationType, 'badge' | 'moderation'>,
  actorName: string,
  checklistTitle?: string,
): string {
  switch (type) {
    case 'like':
      return `${actorName} liked “${checklistTitle}”`;
    case 'comment':
      return `${actorName} commented on “${checklistTitle}”`;
    case 'clone':
      return `${actorName} cloned “${checklistTitle}”`;
    case 'follow':
      return `${actorName} started following you`;
    case 'upstream':
      return `${actorName} changed the original of your list “${checklistTitle}”`;
  }
}

/**
 * A list's notification message as the text before and after the list's title, for a statement
 * that reads the title itself.
 */
export function notificationMessageAround(
  type: Exclude<NotificationType, 'badge' | 'moderation' | 'follow'>,
  actorName: string,
): [string, string] {
  const mark = '\u0000';
  const [before = '', after = ''] = notificationMessage(type, actorName, mark).split(mark);
  return [before, after];
}

/** A badge notification has no actor: the system grants it (decision 011). */
export function badgeNotificationMessage(badgeName: string): string {
  return `You earned the badge “${badgeName}”`;
}

/**
 * The moderators' notice to an author whose list, comment or profile enough people reported to hide
 * it until a moderator looks (no person sends it). A list's or comment's names the list.
 */
export function autoHiddenNotificationMessage(type: ReportTargetType, checklistTitle?: string): string {
  const next = 'A moderator will look at it.';
  switch (type) {
    case 'checklist':
      return `Your list “${checklistTitle}” was hidden after several reports. ${next}`;
    case 'comment':
      return `Your comment on “${checklistTitle}” was hidden after several reports. ${next}`;
    case 'profile':
      return `Your profile was hidden after several reports. ${next}`;
  }
}

/** Who did what a notification says, as the recipient may see them; null when no person did. */
export const notificationActorSchema = z.object({
  username: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string(),
});

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  checklistId: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  actor: notificationActorSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ notifications: z.array(notificationSchema) });
export const unreadCountSchema = z.object({ unread: z.number().int() });

/** What a notification is about and who sent it: all that its target and its icon depend on. */
export type NotificationSubject = {
  type: NotificationType;
  checklistId: string | null;
  actor: { username: string | null } | null;
};

/**
 * Where a notification leads, by what it is about; one target wherever it is shown (the bell, the
 * activity feed, Home's Recent Activity, a mail):
 * - a like, comment or clone is about the recipient's list as others see it, so it opens the list's
 *   own page, where its likes, clones and comments are (the dashboard's variant of a list is for
 *   working through it, and shows none of them); a change of the original of the recipient's clone
 *   opens the clone's page, where its owner reviews the change;
 * - a follow opens the follower's profile;
 * - a badge opens the badges page;
 * - the moderators' notice opens what it is about: the list (a comment's, for a comment), where its
 *   author sees why it is hidden, or the author's own profile.
 * Null when there is nothing to open (a list or a follower's username it no longer has).
 */
export function notificationTarget(notification: NotificationSubject): string | null {
  switch (notification.type) {
    case 'like':
    case 'comment':
    case 'clone':
    case 'upstream':
      return notification.checklistId ? paths.checklist(notification.checklistId) : null;
    case 'follow':
      return notification.actor?.username ? paths.user(notification.actor.username) : null;
    case 'badge':
      return paths.dashboard.badges();
    case 'moderation':
      return notification.checklistId ? paths.checklist(notification.checklistId) : paths.me();
  }
}

/** The icons that mark a notification no person sent: an award, or a neutral one. */
export type SystemIcon = 'award' | 'system';

/**
 * A notification no person sent is the system's, and shows the system's icon where a person's
 * avatar would be: a badge the system granted shows an award; any other notification without an
 * actor, a neutral icon. Null when a person sent it (their avatar shows).
 */
export function systemIconOf(notification: Pick<NotificationSubject, 'type' | 'actor'>): SystemIcon | null {
  if (notification.type === 'badge') return 'award';
  return notification.actor ? null : 'system';
}
