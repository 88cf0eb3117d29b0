import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_LISTS_PAGE_SIZE,
  ACTIVITY_ICONS,
  ACTIVITY_LIMIT_DEFAULT,
  activityMessage,
  activityQuerySchema,
  activitySystemIcon,
  activityTarget,
  activityTypeOf,
  type ActivityEvent,
  dashboardListsQuerySchema,
  ownActivityMessage,
  percentComplete,
  progressCaption,
} from './dashboard';
import { notificationTarget, type Notification } from '../notifications/notifications';

describe('dashboard progress', () => {
  it('is the percent complete, rounded, 0 for an empty list and never above 100', () => {
    expect(percentComplete(0, 3)).toBe(0);
    expect(percentComplete(1, 3)).toBe(33);
    expect(percentComplete(2, 3)).toBe(67);
    expect(percentComplete(1, 8)).toBe(13);
    expect(percentComplete(3, 3)).toBe(100);
    expect(percentComplete(0, 0)).toBe(0);
    expect(percentComplete(4, 3)).toBe(100);
    expect(percentComplete(-1, 3)).toBe(0);
  });

  it('captions an In Progress row as "N of M items completed"', () => {
    expect(progressCaption(2, 5)).toBe('2 of 5 items completed');
  });
});

describe('dashboard list tabs', () => {
  it('accepts the four tabs and refuses any other', () => {
    for (const tab of ['created', 'cloned', 'saved', 'in-progress']) {
      expect(dashboardListsQuerySchema.parse({ tab })).toEqual({ tab, limit: DASHBOARD_LISTS_PAGE_SIZE });
    }
    expect(dashboardListsQuerySchema.safeParse({ tab: 'liked' }).success).toBe(false);
    expect(dashboardListsQuerySchema.safeParse({}).success).toBe(false);
  });
});

describe('recent activity', () => {
  it('names the list or badge in the user’s own actions', () => {
    expect(ownActivityMessage('created', 'Moving house')).toBe('You created “Moving house”');
    expect(ownActivityMessage('cloned', 'Camping')).toBe('You cloned “Camping”');
    expect(ownActivityMessage('completed', 'Camping')).toBe('You completed “Camping”');
    expect(ownActivityMessage('badge', 'Finisher')).toBe('You earned the badge “Finisher”');
  });

  it('keeps a notification’s own message', () => {
    expect(activityMessage({ kind: 'notification', subject: 'Sam liked “Camping”' })).toBe('Sam liked “Camping”');
    expect(activityMessage({ kind: 'completed', subject: 'Camping' })).toBe('You completed “Camping”');
  });

  it('gives every own action an icon', () => {
    for (const type of Object.values(activityTypeOf)) expect(ACTIVITY_ICONS[type]).toBeTruthy();
    expect(activityTypeOf.cloned).toBe('clone');
    expect(activityTypeOf.badge).toBe('badge');
  });

  it('reads the limit from the query: 10 by default, 1 to 50', () => {
    expect(activityQuerySchema.parse({})).toEqual({ limit: ACTIVITY_LIMIT_DEFAULT });
    expect(activityQuerySchema.parse({ limit: '25' })).toEqual({ limit: 25 });
    expect(activityQuerySchema.parse({ limit: '50' })).toEqual({ limit: 50 });
    for (const limit of ['51', '0', '-3', '2.5', 'many']) {
      expect(activityQuerySchema.safeParse({ limit }).success).toBe(false);
    }
  });
});

describe('where a recent activity leads, and its icon', () => {
  const sam = { username: 'sam', name: 'Sam', avatar: '🦊' };
  const event = (fields: Pick<ActivityEvent, 'kind' | 'type' | 'checklistId' | 'actor'>) => fields;
  const notification = (fields: Pick<Notification, 'type' | 'checklistId' | 'actor'>) => fields;

  it('leads where the same notification leads from the bell and the activity feed', () => {
    const shown = [
      [
        event({ kind: 'notification', type: 'like', checklistId: 'c1', actor: sam }),
        notification({ type: 'like', checklistId: 'c1', actor: sam }),
      ],
      [
        event({ kind: 'notification', type: 'comment', checklistId: 'c1', actor: sam }),
        notification({ type: 'comment', checklistId: 'c1', actor: sam }),
      ],
      [
        event({ kind: 'notification', type: 'clone', checklistId: 'c1', actor: sam }),
        notification({ type: 'clone', checklistId: 'c1', actor: sam }),
      ],
      [
        event({ kind: 'notification', type: 'follow', checklistId: null, actor: sam }),
        notification({ type: 'follow', checklistId: null, actor: sam }),
      ],
      // A badge's grant stands in for its notification.
      [
        event({ kind: 'badge', type: 'badge', checklistId: null, actor: null }),
        notification({ type: 'badge', checklistId: null, actor: null }),
      ],
    ] as const;
    for (const [asEvent, asNotification] of shown) {
      expect(activityTarget(asEvent)).toBe(notificationTarget(asNotification));
    }
    expect(activityTarget(shown[0][0])).toBe('/checklist/c1');
    expect(activityTarget(shown[3][0])).toBe('/user/sam');
    expect(activityTarget(shown[4][0])).toBe('/dashboard/badges');
  });

  it('leads to the user’s own list under My Lists for what they did themselves', () => {
    expect(activityTarget(event({ kind: 'created', type: 'create', checklistId: 'c2', actor: null }))).toBe(
      '/dashboard/lists/c2',
    );
    expect(activityTarget(event({ kind: 'cloned', type: 'clone', checklistId: 'c3', actor: null }))).toBe(
      '/dashboard/lists/c3',
    );
    expect(activityTarget(event({ kind: 'completed', type: 'complete', checklistId: 'c4', actor: null }))).toBe(
      '/dashboard/lists/c4',
    );
  });

  it('shows the system’s icon for a badge and a notification without an actor, and for nothing else', () => {
    expect(activitySystemIcon(event({ kind: 'badge', type: 'badge', checklistId: null, actor: null }))).toBe('award');
    expect(activitySystemIcon(event({ kind: 'notification', type: 'like', checklistId: 'c1', actor: null }))).toBe(
      'system',
    );
    expect(activitySystemIcon(event({ kind: 'notification', type: 'like', checklistId: 'c1', actor: sam }))).toBeNull();
    // The user's own actions are theirs, not the system's, and keep their type's icon.
    for (const [kind, type] of [
      ['created', 'create'],
      ['cloned', 'clone'],
      ['completed', 'complete'],
    ] as const) {
      expect(activitySystemIcon(event({ kind, type, checklistId: 'c2', actor: null }))).toBeNull();
    }
  });
});
