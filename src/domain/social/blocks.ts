import { z } from 'zod';
import { DELETED_USER } from '../accounts/deleted-user';
import {
  cursorTextSchema,
  cursorTimeSchema,
  decodeCursor,
  encodeCursor,
  nextCursorSchema,
  pageLimitSchema,
  timestampSchema,
} from '../paging';

// Blocking (decision 048): any user may block another. The blocked user can no longer follow the
// blocker, comment on their lists or like them, and nothing they do notifies the blocker; their
// comments are left out of what the blocker reads. Blocking is invisible to the blocked user: what
// it refuses answers as if the list or the user were not there, and they still see the blocker's
// public lists as anyone does.

/** The blocker's list comes 20 at a time, newest block first, with "Show more" for the next page. */
export const BLOCKED_USERS_PAGE_SIZE = 20;
export const MAX_BLOCKED_USERS_PAGE_SIZE = 50;

export const blockMessages = {
  block: 'Block',
  unblock: 'Unblock',
  blocking: 'Blocking...',
  unblocking: 'Unblocking...',
  self: 'You cannot block yourself.',
  /** Following someone one has blocked: the blocker knows of the block, so it is named. */
  unblockToFollow: 'Unblock this user to follow them.',
  confirmTitle: (name: string) => `Block ${name}?`,
  /** What a block does, as the confirmation says it before the user decides. */
  confirmText:
    'They will no longer be able to follow you, comment on your lists or like them, and you will not be notified of anything they do. ' +
    'Their comments will be hidden from you, and you will stop following each other. They are not told that you blocked them.',
  blocked: (name: string) => `You blocked ${name}.`,
  unblocked: (name: string) => `You unblocked ${name}.`,
  blockFailed: 'Could not block this user. Please try again.',
  unblockFailed: 'Could not unblock this user. Please try again.',
  sectionTitle: 'Blocked users',
  sectionDescription:
    'People you blocked cannot follow you, comment on your lists or like them, and you do not see their comments.',
  empty: 'You have not blocked anyone.',
  loading: 'Loading blocked users...',
  loadFailed: 'Could not load the people you blocked.',
  blockedOn: 'Blocked',
} as const;

/**
 * Who may block whom: a signed-in user blocks anyone but themselves and the reserved "Deleted
 * user", who acts for nobody (its comments and lists are kept from accounts already gone).
 */
export const canBlock = (viewer: { id: string } | null, profile: { userId: string }): boolean =>
  viewer !== null && viewer.id !== profile.userId && profile.userId !== DELETED_USER.id;

/** The response to blocking or unblocking: whether the asker now blocks the user. */
export const blockStateSchema = z.object({ isBlocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

/** Someone the user blocked, named as the blocker may see them (a private profile's name is its owner's). */
export const blockedUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  profileName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  blockedAt: timestampSchema,
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/** `before` (the previous page's `nextCursor`) and `limit`. */
export const blockedUsersQuerySchema = z.object({
  before: z.string().max(600).optional(),
  limit: /* @__PURE__ */ pageLimitSchema(BLOCKED_USERS_PAGE_SIZE, MAX_BLOCKED_USERS_PAGE_SIZE),
});
export type BlockedUsersQuery = z.infer<typeof blockedUsersQuerySchema>;

/**
 * Where the next page of blocked users starts: the last block's time and the blocked user's id
 * (an account's id is any text, so the cursor is opaque JSON rather than `time~uuid`).
 */
const blockedUsersCursorSchema = z.object({ at: cursorTimeSchema, id: /* @__PURE__ */ cursorTextSchema(200, 1) });
export type BlockedUsersCursor = z.infer<typeof blockedUsersCursorSchema>;
export const encodeBlockedUsersCursor = (cursor: BlockedUsersCursor): string => encodeCursor(cursor);
/** The cursor a client sent, if it is one the server made; null otherwise. */
export const decodeBlockedUsersCursor = (text: string): BlockedUsersCursor | null =>
  decodeCursor(text, blockedUsersCursorSchema);

export const blockedUsersPageSchema = z.object({ users: z.array(blockedUserSchema), nextCursor: nextCursorSchema });
export type BlockedUsersPage = z.infer<typeof blockedUsersPageSchema>;
