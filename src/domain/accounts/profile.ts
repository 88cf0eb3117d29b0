import { z } from 'zod';
import { ROLES } from '../moderation/roles';
import { requiredText } from '../text';
import { THEMES, type Theme } from './theme';
import { usernameSchema } from './username';

export { THEMES, type Theme };

/** What the client sees of the signed-in user's own profile. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  username: z.string(),
  profileName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isPublic: z.boolean(),
  theme: z.enum(THEMES),
  emailNotifications: z.boolean(),
  /** Whether the owner of a clone is notified when its original changes. */
  upstreamNotifications: z.boolean(),
  /** Whether the detail pages leave the items the user completed out of the list. */
  hideCompletedItems: z.boolean(),
  /** Moderators and admins see the Moderation entry in the menus; the server checks again. */
  role: z.enum(ROLES),
});
export type Me = z.infer<typeof meSchema>;

/** The user menu is headed "Hi, {profile name or User}!". */
export function greetingName(profileName: string | null | undefined): string {
  const name = profileName?.trim();
  return name ? name : 'User';
}

// The avatar picker offers 20 emoji, faces and animals. The spec does not show
// its list; this is ours, and it includes every avatar the demo content uses.
export const AVATAR_EMOJIS = [
  '🦊',
  '🐼',
  '🐻',
  '🦉',
  '🐢',
  '🐨',
  '🐇',
  '😋',
  '🐱',
  '🐶',
  '🦁',
  '🐸',
  '🐙',
  '🦄',
  '🐝',
  '🐧',
  '🐯',
  '🐵',
  '😊',
  '😎',
] as const;

export const PROFILE_NAME_MAX_LENGTH = 50;

export const ownProfileMessages = {
  updated: 'Profile updated!',
  updatedSuccessfully: 'Profile updated successfully!',
  saving: 'Saving...',
  failedProfile: 'Failed to update profile',
  failedUsername: 'Failed to update username',
  loadFailed: 'Failed to load your profile. Please try again later.',
  nameRequired: 'Profile name is required.',
  nameTooLong: `Profile names can be at most ${PROFILE_NAME_MAX_LENGTH} characters.`,
  avatarInvalid: 'Please choose one of the avatars offered.',
  publicLabel: 'Public (anyone can view your profile)',
  privateLabel: 'Private (only you can view your profile)',
} as const;

/** The account page's Account Info: a required profile name, the avatar emoji and the public/private switch. */
export const profileUpdateSchema = z.object({
  profileName: requiredText(
    'single-line',
    ownProfileMessages.nameRequired,
    PROFILE_NAME_MAX_LENGTH,
    ownProfileMessages.nameTooLong,
  ),
  avatarUrl: z.enum(AVATAR_EMOJIS, { error: ownProfileMessages.avatarInvalid }).nullable(),
  isPublic: z.boolean(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const usernameChangeSchema = z.object({ username: usernameSchema });

/**
 * Settings: the colour theme, whether follower and comment notifications are e-mailed, whether a
 * clone's owner is notified of changes to its original, and whether the detail pages hide
 * completed items.
 */
export const settingsUpdateSchema = z
  .object({
    theme: z.enum(THEMES).optional(),
    emailNotifications: z.boolean().optional(),
    upstreamNotifications: z.boolean().optional(),
    hideCompletedItems: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((setting) => setting !== undefined), {
    message: 'Nothing to change.',
  });
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** The account page's stats bar, read in one call. */
export const accountStatsSchema = z.object({
  followers: z.number().int(),
  following: z.number().int(),
  created: z.number().int(),
  saved: z.number().int(),
  cloned: z.number().int(),
  /** Lists whose open run has a completed item. */
  started: z.number().int(),
  /** Of those, the lists not complete yet: Home's "In Progress". */
  inProgress: z.number().int(),
  /** Completed runs: a list completed again after "Start again" counts again, as the badges count. */
  completed: z.number().int(),
  /** Badges earned (decision 011). */
  badges: z.number().int(),
});
export type AccountStats = z.infer<typeof accountStatsSchema>;
