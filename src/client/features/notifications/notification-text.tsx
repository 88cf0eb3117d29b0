import { Award, Info, type LucideIcon } from 'lucide-react';
import {
  DEFAULT_ACTOR_AVATAR,
  NOTIFICATION_ICONS,
  systemIconOf,
  type Notification,
  type SystemIcon,
} from '@/domain/notifications/notifications';
import { cn } from '@/client/lib/cn';

/** An award in the colour of an earned badge; the system's other notifications in neutral grey. */
const systemIcons: Record<SystemIcon, { Icon: LucideIcon; colours: string }> = {
  award: {
    Icon: Award,
    colours: 'bg-amber-100 text-amber-800 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-800',
  },
  system: {
    Icon: Info,
    colours: 'bg-slate-100 text-slate-700 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  },
};

/** A mark's box: the bell and Home's Recent Activity show it small, the activity feed larger. */
const markSizes = {
  sm: { box: 'h-6 w-6 text-xl', icon: 'h-4 w-4' },
  md: { box: 'h-8 w-8 text-2xl', icon: 'h-5 w-5' },
} as const;
type MarkSize = keyof typeof markSizes;

/**
 * The system's icon, in the place of a person's avatar. Decorative: the text beside it says what
 * happened, so screen readers skip it.
 */
export function SystemIconMark({ icon, size }: { icon: SystemIcon; size: MarkSize }) {
  const { Icon, colours } = systemIcons[icon];
  return (
    <span
      aria-hidden
      data-system-icon={icon}
      className={cn('flex shrink-0 items-center justify-center rounded-full ring-1', colours, markSizes[size].box)}
    >
      <Icon className={markSizes[size].icon} />
    </span>
  );
}

/**
 * Who sent the notification: their avatar (the default one when they have none), or the system's
 * icon when no person did. Decorative, as the message names them.
 */
export function SenderMark({ notification, size }: { notification: Notification; size: MarkSize }) {
  const systemIcon = systemIconOf(notification);
  if (systemIcon) return <SystemIconMark icon={systemIcon} size={size} />;
  return (
    <span aria-hidden className={cn('flex shrink-0 items-center justify-center leading-none', markSizes[size].box)}>
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
