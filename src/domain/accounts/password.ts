import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN_LENGTH = 6;
// Long enough for any passphrase, short enough that hashing cannot be used to burn CPU.
export const PASSWORD_MAX_LENGTH = 128;

export const passwordMessages = {
  tooShort: 'Password must be at least 6 characters long',
  tooLong: 'Password must be at most 128 characters long',
  // The spec names the weak_password code; the sentence is ours.
  common: 'This password is too common. Please choose one that is harder to guess.',
  mismatch: 'Passwords do not match',
  newMismatch: 'New passwords do not match',
} as const;

export type WeakPasswordReason = 'length' | 'common';

/** Reasons a password is refused (the spec's `weak_password` code carries a list of reasons). */
export function weakPasswordReasons(password: string): WeakPasswordReason[] {
  const reasons: WeakPasswordReason[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push('length');
  if (isCommonPassword(password)) reasons.push('common');
  return reasons;
}

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** A new password: the spec's minimum length, a sane maximum, and not one of the 1,000 most common. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, passwordMessages.tooShort)
  .max(PASSWORD_MAX_LENGTH, passwordMessages.tooLong)
  .refine((value) => !isCommonPassword(value), passwordMessages.common);
