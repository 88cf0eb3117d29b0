import { z } from 'zod';
import { DELETED_USER } from '../accounts/deleted-user';
import { earnedBadgeSchema } from '../badges/badges';
import { holdFieldSchema } from '../moderation/holds';

export const publicProfileMessages = {
  notFound: 'User not found',
  privateProfile: 'This profile is private.',
  noUsers: 'No users found.',
  noChecklists: 'No public checklists yet.',
  publicChecklists: 'Public Checklists',
  following: 'Following...',
  unfollowing: 'Unfollowing...',
} as const;

/** A person as a profile or a follow list names them: the profile name as `visibleProfileName` shows it. */
const personSchema = z.object({
  id: z.string(),
  username: z.string(),
  profileName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

/**
 * A public profile as another user (or a visitor) sees it. A private profile shows others only its
 * avatar and username (decision 008): the counts are null, the lists of checklists and badges empty.
 */
export const publicProfileSchema = /* @__PURE__ */ personSchema.extend({
  isPrivateView: z.boolean(),
  isOwner: z.boolean(),
  isFollowing: z.boolean(),
  /** Whether the viewer has blocked this user (their own block; nobody learns who blocked them). */
  isBlocked: z.boolean(),
  followers: z.number().int().nullable(),
  following: z.number().int().nullable(),
  checklists: z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), createdAt: z.string() })),
  /** Earned badges, newest first (decision 011). */
  badges: z.array(earnedBadgeSchema),
  /** Set for the profile's owner when the moderators hid it; to anyone else it is not found. */
  hold: holdFieldSchema,
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const followUserSchema = /* @__PURE__ */ personSchema.extend({
  isFollowing: z.boolean(),
  isMe: z.boolean(),
});
export const followListSchema = z.object({ users: z.array(followUserSchema) });
export const followStateSchema = z.object({
  followers: z.number().int().nullable(),
  following: z.number().int().nullable(),
  isFollowing: z.boolean(),
});

/**
 * Who sees a person's profile name. A private profile's name is its owner's alone (decision 008): to
 * anyone else, wherever the person turns up (their profile and follow lists, a comment, a
 * notification of any kind and its mail, a list's author, a page's HTML and head, a share preview,
 * a feed, another user's export), it is as if it had not been filled in, and whatever stands in for
 * a missing name stands in for it; the username and the avatar stay. Every response that names a
 * person asks this rule, through the person presenter (src/server/presenters.ts).
 *
 * Only a profile known to be public shows its name to others, so a read that forgot `isPublic`
 * hides the name rather than leaks it. `viewerId` null is a visitor, or a response shared by
 * everyone. "Deleted user" (decision 013) is private only to keep its lists out of feeds and
 * sitemaps: its name is a placeholder, nobody's own, and always shows.
 */
export function visibleProfileName(
  person: { id: string | null; profileName: string | null; isPublic: boolean | null },
  viewerId: string | null,
): string | null {
  const name = person.profileName?.trim();
  if (!name) return null;
  const isOwner = person.id !== null && person.id === viewerId;
  return person.isPublic === true || isOwner || person.id === DELETED_USER.id ? name : null;
}

/**
 * The name a person goes by: the profile name, else the username. `profileName` is as a response
 * carries it, already passed through `visibleProfileName` by the server (null for a private profile
 * seen by anyone but its owner).
 */
export function displayName(profile: Pick<PublicProfile, 'profileName' | 'username'>): string {
  return profile.profileName?.trim() || profile.username;
}
