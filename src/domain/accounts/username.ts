import { z } from 'zod';

// A username is 3 to 20 characters of letters, digits and underscore; unique case-insensitively.
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;

export const usernameMessages = {
  invalid: 'Usernames must be 3-20 characters, letters, numbers, or underscores only.',
  taken: 'This username is already taken.',
  checkFailed: 'Error checking username.',
} as const;

/** While the user types, only letters, digits and underscore are kept. */
export function filterUsernameInput(raw: string): string {
  return raw.replace(/[^A-Za-z0-9_]/g, '');
}

export function isValidUsername(username: string): boolean {
  return USERNAME_PATTERN.test(username);
}

export const usernameSchema = z.string().regex(USERNAME_PATTERN, usernameMessages.invalid);

/** The response of the availability check, shared by the server route and the form. */
export const usernameAvailabilitySchema = z.object({
  username: z.string(),
  available: z.boolean(),
  reason: z.enum(['invalid', 'taken']).optional(),
});
export type UsernameAvailability = z.infer<typeof usernameAvailabilitySchema>;
