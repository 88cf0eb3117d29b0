import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  changeEmailSchema,
  changePasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from './account-forms';

const valid = {
  username: 'martha_jones',
  email: 'martha@example.test',
  password: 'royal-hope-1',
  confirmPassword: 'royal-hope-1',
  acceptTerms: true,
};

const messagesFor = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the sign-up form', () => {
  it('accepts a complete form and trims the e-mail', () => {
    const result = signUpSchema.safeParse({ ...valid, email: '  martha@example.test ' });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('martha@example.test');
  });

  it('says "Passwords do not match" on the confirmation', () => {
    expect(messagesFor(signUpSchema.safeParse({ ...valid, confirmPassword: 'royal-hope-2' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('refuses a blank confirmation as not matching, on sign-up and on reset', () => {
    expect(messagesFor(signUpSchema.safeParse({ ...valid, confirmPassword: '' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(
      messagesFor(resetPasswordSchema.safeParse({ token: 't', password: 'royal-hope-1', confirmPassword: '' })),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('requires the terms, an e-mail and a long enough password', () => {
    expect(messagesFor(signUpSchema.safeParse({ ...valid, acceptTerms: false }))).toEqual({
      acceptTerms: accountMessages.termsRequired,
    });
    expect(messagesFor(signUpSchema.safeParse({ ...valid, email: '' }))).toEqual({
      email: accountMessages.emailRequired,
    });
    expect(messagesFor(signUpSchema.safeParse({ ...valid, email: 'nope' }))).toEqual({
      email: accountMessages.emailInvalid,
    });
    expect(messagesFor(signUpSchema.safeParse({ ...valid, password: 'abc', confirmPassword: 'abc' }))).toEqual({
      password: 'Password must be at least 6 characters long',
    });
  });

  it('keeps the spec’s success message', () => {
    expect(accountMessages.signUpSuccess).toBe(
      'Account created successfully! Please check your email to confirm your account.',
    );
    expect(accountMessages.unexpected).toBe('An unexpected error occurred');
  });
});

describe('sign-in, change password and change e-mail', () => {
  it('sign-in takes e-mail and password; Remember me defaults to off', () => {
    expect(signInSchema.parse({ email: 'a@b.test', password: 'x' }).rememberMe).toBe(false);
    expect(signInSchema.safeParse({ email: 'a@b.test', password: '' }).success).toBe(false);
  });

  it('change password needs all three fields and says "New passwords do not match"', () => {
    expect(
      Object.keys(
        messagesFor(changePasswordSchema.safeParse({ currentPassword: '', newPassword: '', confirmPassword: '' })),
      ),
    ).toEqual(['currentPassword', 'newPassword', 'confirmPassword']);
    expect(
      messagesFor(
        changePasswordSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'fresh-pass-1',
          confirmPassword: 'fresh-pass-2',
        }),
      ),
    ).toEqual({ confirmPassword: 'New passwords do not match' });
  });

  it('change e-mail needs the new address and the current password', () => {
    expect(Object.keys(messagesFor(changeEmailSchema.safeParse({ newEmail: '', currentPassword: '' })))).toEqual([
      'newEmail',
      'currentPassword',
    ]);
    expect(accountMessages.passwordUpdated).toBe('Password updated successfully!');
    expect(accountMessages.emailChangeSent).toBe('Verification email sent to new address. Please check your inbox.');
  });
});

describe('password confirmation alongside other errors', () => {
  it('reports "Passwords do not match" even while another field is invalid', () => {
    const result = signUpSchema.safeParse({ ...valid, email: 'nope', confirmPassword: 'different-1' });
    expect(messagesFor(result)).toEqual({
      email: accountMessages.emailInvalid,
      confirmPassword: 'Passwords do not match',
    });
  });
});
