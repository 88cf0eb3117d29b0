import { z } from 'zod';
import { DIFFICULTIES } from '../checklists/checklist-view';
import { CHECKLIST_VISIBILITIES } from '../checklists/visibility';
import { newestFirstPageFields, nextCursorSchema } from '../paging';
import { paths } from '../paths';
import {
  badgeNotificationMessage,
  NOTIFICATION_ICONS,
  NOTIFICATION_TYPES,
  notificationActorSchema,
  notificationTarget,
  systemIconOf,
  type NotificationSubject,
  type SystemIcon,
} from '../notifications/notifications';

// The dashboard's data: the Lists tabs, Home's "In Progress" and "Recent Activity".

export const DASHBOARD_LIST_TABS = ['created', 'cloned', 'saved', 'in-progress'] as const;
export type DashboardListTab = (typeof DASHBOARD_LIST_TABS)[number];
export const dashboardListTabLabels: Record<DashboardListTab, string> = {
  created: 'Created',
  cloned: 'Cloned',
  saved: 'Saved',
  'in-progress': 'In Progress',
};

/** A Lists tab comes a page at a time, newest first; Home's "In Progress" asks for 4. */
export const DASHBOARD_LISTS_PAGE_SIZE = 24;
export const MAX_DASHBOARD_LISTS_PAGE_SIZE = 60;

export const dashboardListsQuerySchema = z
  .object({
    tab: z.enum(DASHBOARD_LIST_TABS, { error: `Tab must be one of: ${DASHBOARD_LIST_TABS.join(', ')}.` }),
  })
  .extend(newestFirstPageFields(DASHBOARD_LISTS_PAGE_SIZE, MAX_DASHBOARD_LISTS_PAGE_SIZE));

/** One list as a Lists tab card or an "In Progress" row shows it, with the asking user's progress. */
export const dashboardListSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  authorAvatar: z.string(),
  itemCount: z.number().int(),
  completedCount: z.number().int(),
  percentComplete: z.number().int(),
  isPublic: z.boolean(),
  visibility: z.enum(CHECKLIST_VISIBILITIES),
  difficulty: z.enum(DIFFICULTIES),
  estimatedTime: z.string(),
  createdAt: z.string(),
});
export type DashboardList = z.infer<typeof dashboardListSchema>;
export const dashboardListsSchema = z.object({
  tab: z.enum(DASHBOARD_LIST_TABS),
  checklists: z.array(dashboardListSchema),
  nextCursor: nextCursorSchema,
});
export type DashboardLists = z.infer<typeof dashboardListsSchema>;

export const dashboardMessages = { noLists: 'No lists found.' } as const;

export { percentComplete } from '../checklists/progress';

/** An "In Progress" row's caption. */
export function progressCaption(completed: number, total: number): string {
  return `${completed} of ${total} items completed`;
}

// Recent Activity: the user's notifications merged with what they did themselves.
export const ACTIVITY_KINDS = ['notification', 'created', 'cloned', 'completed', 'badge'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export type OwnActivityKind = Exclude<ActivityKind, 'notification'>;

/** The icon of an event: a notification keeps its own type; the user's own actions have theirs. */
export const ACTIVITY_TYPES = [...NOTIFICATION_TYPES, 'create', 'complete'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_ICONS: Record<ActivityType, string> = { ...NOTIFICATION_ICONS, create: '📝', complete: '✅' };
export const activityTypeOf: Record<OwnActivityKind, ActivityType> = {
  created: 'create',
  cloned: 'clone',
  completed: 'complete',
  badge: 'badge',
};

export const ACTIVITY_LIMIT_DEFAULT = 10;
export const ACTIVITY_LIMIT_MAX = 50;
export const activityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be at least 1.')
    .max(ACTIVITY_LIMIT_MAX, `Limit must be at most ${ACTIVITY_LIMIT_MAX}.`)
    .default(ACTIVITY_LIMIT_DEFAULT),
});

export const activityEventSchema = z.object({
  /** Stable across requests: the kind and the id of the row the event comes from. */
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  type: z.enum(ACTIVITY_TYPES),
  message: z.string(),
  checklistId: z.string().nullable(),
  createdAt: z.string(),
  /** A notification's actor, as the bell shows it; null for a badge and for the user's own actions. */
  actor: notificationActorSchema.nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export const activityFeedSchema = z.object({ events: z.array(activityEventSchema) });

/** The sentence for one of the user's own actions; `subject` is the list title or the badge name. */
export function ownActivityMessage(kind: OwnActivityKind, subject: string): string {
  switch (kind) {
    case 'created':
      return `You created “${subject}”`;
    case 'cloned':
      return `You cloned “${subject}”`;
    case 'completed':
      return `You completed “${subject}”`;
    case 'badge':
      // The very words of the badge's notification, which this row stands in for.
      return badgeNotificationMessage(subject);
  }
}

/** A notification says what it already said in the bell; the user's own actions get their sentence. */
export function activityMessage(event: { kind: ActivityKind; subject: string }): string {
  return event.kind === 'notification' ? event.subject : ownActivityMessage(event.kind, event.subject);
}

/** What an event's target and icon depend on. */
type ActivitySubject = Pick<ActivityEvent, 'kind' | 'type' | 'checklistId' | 'actor'>;

/**
 * The notification an event shows, or null for one of the user's own actions. A badge's grant
 * stands in for its notification, so it is shown, and leads, as that notification.
 */
function notificationOf(event: ActivitySubject): NotificationSubject | null {
  if (event.kind !== 'notification' && event.kind !== 'badge') return null;
  const type = NOTIFICATION_TYPES.find((notificationType) => notificationType === event.type);
  return type ? { type, checklistId: event.checklistId, actor: event.actor } : null;
}

/**
 * Where an event leads: a notification where it leads from the bell and the activity feed; one of the
 * user's own lists (created, cloned or completed) to its page under My Lists.
 */
export function activityTarget(event: ActivitySubject): string | null {
  const notification = notificationOf(event);
  if (notification) return notificationTarget(notification);
  return event.checklistId ? paths.dashboard.list(event.checklistId) : null;
}

/** The system's icon for an event that is a notification no person sent; null for any other. */
export function activitySystemIcon(event: ActivitySubject): SystemIcon | null {
  const notification = notificationOf(event);
  return notification ? systemIconOf(notification) : null;
}
