import { DEFAULT_ACTOR_AVATAR, NOTIFICATION_ICONS, type Notification } from '@/domain/notifications/notifications';

/** Who caused the notification, as their avatar (the default one when they have none). */
export function ActorAvatar({ notification, className }: { notification: Notification; className: string }) {
  return (
    <span aria-hidden className={className}>
      {notification.actor?.avatar ?? DEFAULT_ACTOR_AVATAR}
    </span>
  );
}

/** The notification's icon and message, as the bell and the activity feed both show them. */
export function NotificationText({ notification }: { notification: Notification }) {
  return (
    <>
      <span aria-hidden className="mr-1">
        {NOTIFICATION_ICONS[notification.type]}
      </span>
      {notification.message}
    </>
  );
}
