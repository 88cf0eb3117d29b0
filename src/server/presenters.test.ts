import { describe, expect, it } from 'vitest';
import { displayName, notificationText, presentActor, presentAuthor, type PersonRow } from './presenters';

const sam: PersonRow = { id: 'u1', name: 'Sam Reid', avatar: '🦊', username: 'sam', isPublic: true };
const shy: PersonRow = { ...sam, id: 'u2', username: 'shy', isPublic: false };

describe('a person’s name, by where they are shown and who is looking', () => {
  it('is the profile name while the profile is public', () => {
    expect(displayName(sam, 'commenter', null)).toBe('Sam Reid');
    expect(displayName(sam, 'listAuthor', 'u9')).toBe('Sam Reid');
  });

  it('of a private profile is, to others, what stands in for a missing one; its owner sees it', () => {
    expect(displayName(shy, 'commenter', null)).toBe('shy');
    expect(displayName(shy, 'actor', 'u9')).toBe('shy');
    expect(displayName(shy, 'listAuthor', 'u9')).toBe('Anonymous');
    expect(displayName(shy, 'commenter', 'u2')).toBe('Sam Reid');
    expect(presentActor(shy, 'u9')).toEqual({ username: 'shy', name: null, avatar: '🦊' });
    expect(presentAuthor(authorRow(shy), null)).toEqual({
      author: 'Anonymous',
      authorAvatar: '🦊',
      authorUsername: 'shy',
    });
  });
});

describe('a notification’s text', () => {
  const row = { message: 'Sam Reid liked “Old title”', checklist_title: 'Moving house' };

  it('is made as it is read: the actor as the recipient may see them now, the list’s title now', () => {
    expect(notificationText({ ...row, type: 'like', actor: sam }, 'u9')).toBe('Sam Reid liked “Moving house”');
    expect(notificationText({ ...row, type: 'like', actor: shy }, 'u9')).toBe('shy liked “Moving house”');
    expect(notificationText({ ...row, type: 'follow', actor: shy, checklist_title: null }, 'u9')).toBe(
      'shy started following you',
    );
  });

  it('keeps the text it was written with for a badge, or when its actor or list is gone', () => {
    expect(notificationText({ ...row, type: 'badge', actor: null }, 'u9')).toBe(row.message);
    expect(notificationText({ ...row, type: 'like', actor: null }, 'u9')).toBe(row.message);
    expect(notificationText({ ...row, type: 'like', actor: sam, checklist_title: null }, 'u9')).toBe(row.message);
  });
});

function authorRow(person: PersonRow) {
  return {
    author_profile_id: person.id,
    author_name: person.name,
    author_is_public: person.isPublic,
    author_avatar: person.avatar,
    author_username: person.username,
  };
}
