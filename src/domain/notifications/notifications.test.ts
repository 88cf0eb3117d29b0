import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_ICONS,
  autoHiddenNotificationMessage,
  badgeNotificationMessage,
  notificationMessage,
  notificationMessageAround,
  notificationTarget,
  systemIconOf,
} from './notifications';

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

  it('tell an author which of their things was hidden after several reports', () => {
    expect(autoHiddenNotificationMessage('checklist', 'Deals')).toBe(
      'Your list “Deals” was hidden after several reports. A moderator will look at it.',
    );
    expect(autoHiddenNotificationMessage('comment', 'Deals')).toBe(
      'Your comment on “Deals” was hidden after several reports. A moderator will look at it.',
    );
    expect(autoHiddenNotificationMessage('profile')).toBe(
      'Your profile was hidden after several reports. A moderator will look at it.',
    );
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

describe('a message around the list’s title, for a statement that reads the title', () => {
  it('is the message split where the title goes, so the two halves and a title make the whole', () => {
    const [before, after] = notificationMessageAround('like', 'Sam');
    expect([before, after]).toEqual(['Sam liked “', '”']);
    expect(before + 'Moving house' + after).toBe(notificationMessage('like', 'Sam', 'Moving house'));
    const [commentBefore, commentAfter] = notificationMessageAround('comment', 'Sam');
    expect(commentBefore + 'Camping' + commentAfter).toBe(notificationMessage('comment', 'Sam', 'Camping'));
  });
});

describe('where a notification leads', () => {
  const actor = { username: 'sam', name: 'Sam', avatar: '🦊' };

  it('opens the list’s own page for a like, a comment or a clone of it, not its dashboard page', () => {
    for (const type of ['like', 'comment', 'clone'] as const) {
      expect(notificationTarget({ type, checklistId: 'c1', actor })).toBe('/checklist/c1');
    }
  });

  it('opens the follower’s profile for a follow, and the badges page for a badge', () => {
    expect(notificationTarget({ type: 'follow', checklistId: null, actor })).toBe('/user/sam');
    expect(notificationTarget({ type: 'badge', checklistId: null, actor: null })).toBe('/dashboard/badges');
  });

  it('opens what the moderators’ notice is about: the list (a comment’s), else the author’s own profile', () => {
    expect(notificationTarget({ type: 'moderation', checklistId: 'c1', actor: null })).toBe('/checklist/c1');
    expect(notificationTarget({ type: 'moderation', checklistId: null, actor: null })).toBe('/me');
  });

  it('opens nothing when what it is about is not known', () => {
    expect(notificationTarget({ type: 'follow', checklistId: null, actor: null })).toBeNull();
    expect(notificationTarget({ type: 'follow', checklistId: null, actor: { username: null } })).toBeNull();
    expect(notificationTarget({ type: 'like', checklistId: null, actor })).toBeNull();
  });
});

describe('who a notification comes from', () => {
  it('shows the system’s award for a badge, which no person sent', () => {
    expect(systemIconOf({ type: 'badge', actor: null })).toBe('award');
  });

  it('shows the system’s neutral icon for any other notification without an actor', () => {
    for (const type of ['like', 'comment', 'clone', 'follow', 'moderation'] as const) {
      expect(systemIconOf({ type, actor: null })).toBe('system');
    }
  });

  it('shows no system icon for a notification a person sent: their avatar shows', () => {
    for (const type of ['like', 'comment', 'clone', 'follow'] as const) {
      expect(systemIconOf({ type, actor: { username: 'sam' } })).toBeNull();
    }
  });
});
