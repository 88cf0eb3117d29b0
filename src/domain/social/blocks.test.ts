import { describe, expect, it } from 'vitest';
import { DELETED_USER } from '../accounts/deleted-user';
import {
  blockedUsersQuerySchema,
  canBlock,
  decodeBlockedUsersCursor,
  encodeBlockedUsersCursor,
  MAX_BLOCKED_USERS_PAGE_SIZE,
} from './blocks';

describe('canBlock', () => {
  it('lets a signed-in user block someone else', () => {
    expect(canBlock({ id: 'a' }, { userId: 'b' })).toBe(true);
  });

  it('refuses a visitor, oneself, and the reserved Deleted user', () => {
    expect(canBlock(null, { userId: 'b' })).toBe(false);
    expect(canBlock({ id: 'a' }, { userId: 'a' })).toBe(false);
    expect(canBlock({ id: 'a' }, { userId: DELETED_USER.id })).toBe(false);
  });
});

describe('the blocked users’ cursor', () => {
  it('comes back as it went out, for any account id', () => {
    const cursor = { at: '2026-11-23T10:00:00.123456Z', id: 'u42' };
    expect(decodeBlockedUsersCursor(encodeBlockedUsersCursor(cursor))).toEqual(cursor);
  });

  it('is null for anything the server did not make', () => {
    expect(decodeBlockedUsersCursor('not-a-cursor')).toBeNull();
    expect(
      decodeBlockedUsersCursor(encodeBlockedUsersCursor({ at: '2026-13-45T99:99:99.000000Z', id: 'u1' })),
    ).toBeNull();
    expect(
      decodeBlockedUsersCursor(encodeBlockedUsersCursor({ at: '2026-11-23T10:00:00.123456Z', id: '' })),
    ).toBeNull();
    expect(decodeBlockedUsersCursor(btoa('{"at":"2026-11-23T10:00:00.123456Z"}'))).toBeNull();
  });
});

describe('the blocked users’ page query', () => {
  it('defaults the limit and holds it to the page size', () => {
    expect(blockedUsersQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(blockedUsersQuerySchema.safeParse({ limit: String(MAX_BLOCKED_USERS_PAGE_SIZE + 1) }).success).toBe(false);
  });
});
