import { z } from 'zod';
import { earnedBadgeSchema } from '../badges/badges';

export const profileMessages = {
  notFound: 'User not found',
  privateProfile: 'This profile is private.',
  noUsers: 'No users found.',
  noChecklists: 'No public checklists yet.',
  publicChecklists: 'Public Checklists',
  following: 'Following...',
  unfollowing: 'Unfollowing...',
} as const;

/**
 * A public profile as another user (or a visitor) sees it. A private profile shows others only its
 * avatar and username (decision 008): the counts are null, the lists of checklists and badges empty.
 */
export const publicProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  profileName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isPrivateView: z.boolean(),
  isOwner: z.boolean(),
  isFollowing: z.boolean(),
  followers: z.number().int().nullable(),
  following: z.number().int().nullable(),
  checklists: z.array(z.object({ id: z.string(), title: z.string(), description: z.string(), createdAt: z.string() })),
  /** Earned badges, newest first (decision 011). */
  badges: z.array(earnedBadgeSchema),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const followUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  profileName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isFollowing: z.boolean(),
  isMe: z.boolean(),
});
export const followListSchema = z.object({ users: z.array(followUserSchema) });
export const followStateSchema = z.object({
  followers: z.number().int().nullable(),
  following: z.number().int().nullable(),
  isFollowing: z.boolean(),
});

/** Spec §2.9: the profile name, falling back to the username. */
export function displayName(profile: Pick<PublicProfile, 'profileName' | 'username'>): string {
  return profile.profileName?.trim() || profile.username;
}
