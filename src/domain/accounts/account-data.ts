import { z } from 'zod';
import { accountMessages } from './account-forms';

// A user's own data: the export of everything a user has, and deleting the account.
// See docs/decisions/013-deleting-an-account.md.

export { DELETED_USER } from './deleted-user';

export const accountDataMessages = {
  exportFailed: 'Could not download your data. Please try again.',
  passwordRequired: 'Enter your password to delete your account.',
  wrongPassword: accountMessages.currentPasswordWrong,
  deleted: 'Your account has been deleted.',
  deleteFailed: 'Could not delete your account. Please try again.',
} as const;

export const deleteAccountSchema = z.object({
  password: z.string().min(1, accountDataMessages.passwordRequired).max(128),
  /** true: public lists and comments stay under "Deleted user"; false: they are deleted too. */
  keepPublicContent: z.boolean(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** What the confirm dialog names as going, whichever choice is made. */
export const alwaysDeleted = [
  'your account and its sign-in sessions',
  'your private lists',
  'your progress',
  'your library (groups and saved lists)',
  'your follows and followers',
  'your notifications and badges',
] as const;

const row = z.record(z.string(), z.unknown());

/** The export's top level: one section per kind of data (the rows themselves are as the SQL reads them). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: row,
  checklists: z.array(row),
  /** The open run of each list the user has ticked items of. */
  progress: z.array(row),
  /** The user's closed runs ("Start again"), oldest first. */
  runs: z.array(row),
  /** The lists the user likes, of those they may still see. */
  likes: z.array(row),
  comments: z.array(row),
  library: z.object({ groups: z.array(row), saved: z.array(row) }),
  follows: z.object({ following: z.array(row), followers: z.array(row) }),
  notifications: z.array(row),
  badges: z.array(row),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The download's file name: `ticklist-<username>-<yyyy-mm-dd>.json`. */
export function exportFileName(username: string, at: Date): string {
  return `ticklist-${username}-${at.toISOString().slice(0, 10)}.json`;
}
