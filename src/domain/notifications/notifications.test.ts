import { describe, expect, it } from 'vitest';
import { NOTIFICATION_ICONS, badgeNotificationMessage, notificationMessage, notificationTarget } from './notifications';

describe('notification messages', () => {
  it('name the actor and the list', () => {
    expect(notificationMessage('like', 'Sam', 'Moving house')).toBe('Sam liked “Moving house”');
    expect(notificationMessage('comment', 'Sam', 'Camping')).toBe('Sam commented on “Camping”');
    expect(notificationMessage('clone', 'Sam', 'Camping')).toBe('Sam cloned “Camping”');
    expect(notificationMessage('follow', 'Sam')).toBe('Sam started following you');
  });

  it('name the badge earned', () => {
    expect(badgeNotificationMessage('Curator')).toBe('You earned the badge “Curator”');
  });

  it('use one icon per type', () => {
    expect([
      NOTIFICATION_ICONS.like,
      NOTIFICATION_ICONS.comment,
      NOTIFICATION_ICONS.clone,
      NOTIFICATION_ICONS.follow,
    ]).toEqual(['👍', '💬', '🔁', '👤']);
  });
});

describe('where a notification leads', () => {
  it('opens the list, or the follower’s profile', () => {
    const actor = { username: 'sam', name: 'Sam', avatar: '🦊' };
    expect(notificationTarget({ type: 'like', checklistId: 'c1', actor })).toBe('/checklist/c1');
    expect(notificationTarget({ type: 'follow', checklistId: null, actor })).toBe('/user/sam');
    expect(notificationTarget({ type: 'follow', checklistId: null, actor: null })).toBeNull();
    expect(notificationTarget({ type: 'badge', checklistId: null, actor: null })).toBe('/dashboard/badges');
  });
});
