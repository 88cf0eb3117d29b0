import { z } from 'zod';
import { paths } from '../paths';

export const NOTIFICATION_TYPES = ['like', 'comment', 'clone', 'follow', 'badge'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The bell's popover shows the newest ten. */
export const NOTIFICATION_POPOVER_LIMIT = 10;
export const NOTIFICATION_ICONS: Record<NotificationType, string> = {
  like: '👍',
  comment: '💬',
  clone: '🔁',
  follow: '👤',
  badge: '🏅',
};
export const DEFAULT_ACTOR_AVATAR = '👤';
export const notificationMessages = { empty: 'No notifications yet.' } as const;

/** A message names the actor and the list: “Sam liked “Moving house””. */
export function notificationMessage(
  type: Exclude<NotificationType, 'badge'>,
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
  }
}

/** A badge notification has no actor: the system grants it (decision 011). */
export function badgeNotificationMessage(badgeName: string): string {
  return `You earned the badge “${badgeName}”`;
}

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  checklistId: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
  actor: z.object({ username: z.string().nullable(), name: z.string().nullable(), avatar: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ notifications: z.array(notificationSchema) });
export const unreadCountSchema = z.object({ unread: z.number().int() });

/** Where a notification leads: the list it is about, the profile of who followed, or the badges page. */
export function notificationTarget(notification: {
  type: NotificationType;
  checklistId: string | null;
  actor: { username: string | null } | null;
}): string | null {
  if (notification.checklistId) return paths.checklist(notification.checklistId);
  if (notification.type === 'follow' && notification.actor?.username) return paths.user(notification.actor.username);
  if (notification.type === 'badge') return '/dashboard/badges';
  return null;
}
