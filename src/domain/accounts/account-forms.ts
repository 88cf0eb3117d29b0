import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MAX_LENGTH, passwordMessages } from './password';
import { usernameSchema } from './username';

export const accountMessages = {
  signUpSuccess: 'Account created successfully! Please check your email to confirm your account.',
  unexpected: 'An unexpected error occurred',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  termsRequired: 'You must accept the terms and conditions.',
  emailNotVerified: 'Please confirm your email address before signing in. We have sent you a new confirmation link.',
  invalidCredentials: 'Invalid email or password.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  resetRequested: 'If an account exists for that email, we have sent a link to reset your password.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordUpdated: 'Password updated successfully!',
  emailChangeSent: 'Verification email sent to new address. Please check your inbox.',
  currentPasswordWrong: 'Your current password is incorrect.',
  fieldRequired: 'This field is required.',
  failedChangePassword: 'Failed to change password',
  failedChangeEmail: 'Failed to change email',
  sameEmail: 'The new email is the same as your current one.',
} as const;

/**
 * Lets a "passwords match" refinement run while other fields are still invalid, so the form shows
 * "Passwords do not match" together with the other messages (zod skips refinements otherwise).
 */
const whenBothTyped = (key: string, confirmKey: string) => (payload: { value: unknown }) => {
  const value = payload.value as Record<string, unknown> | null;
  return typeof value?.[key] === 'string' && typeof value[confirmKey] === 'string' && value[confirmKey] !== '';
};

const emailSchema = z
  .string()
  .trim()
  .min(1, accountMessages.emailRequired)
  .max(254, accountMessages.emailInvalid)
  .pipe(z.email(accountMessages.emailInvalid));

/** Spec §2.7 and §5: the sign-up form, validated identically in the browser and on the server. */
export const signUpSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { error: accountMessages.termsRequired }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordMessages.mismatch,
    when: whenBothTyped('password', 'confirmPassword'),
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Spec §5: sign-in takes e-mail and password with no further product rules. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, accountMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
  rememberMe: z.boolean().default(false),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordMessages.mismatch,
    when: whenBothTyped('password', 'confirmPassword'),
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Spec §5 "Change Password": all three required; new and confirm must match. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, accountMessages.fieldRequired).max(PASSWORD_MAX_LENGTH),
    newPassword: z.string().min(1, accountMessages.fieldRequired).pipe(newPasswordSchema),
    confirmPassword: z.string().min(1, accountMessages.fieldRequired),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: passwordMessages.newMismatch,
    when: whenBothTyped('newPassword', 'confirmPassword'),
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Spec §5 "Change Email": new e-mail and current password required. */
export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z.string().min(1, accountMessages.fieldRequired).max(PASSWORD_MAX_LENGTH),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
