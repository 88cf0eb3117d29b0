import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MAX_LENGTH, passwordMessages } from './password';
import { usernameSchema } from './username';
import { UNEXPECTED_MESSAGE } from '../api-error';

export const accountMessages = {
  signUpSuccess: 'Account created successfully! Please check your email to confirm your account.',
  unexpected: UNEXPECTED_MESSAGE,
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  termsRequired: 'You must accept the terms and conditions.',
  // After a refused sign-in: an unconfirmed account is refused as a wrong password is,
  // so the page says what its owner should do without saying which it was: a refusal does not
  // tell whether the address has an unconfirmed account.
  unconfirmedHint: 'Signed up recently? Confirm your email address first: each sign-in attempt sends you a new link.',
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
 * "Passwords do not match" on the confirmation field, also when it was left blank (a blank
 * confirmation never matches). It runs while other fields are still invalid, so the form shows it
 * together with the other messages (zod skips refinements otherwise).
 */
/* @__NO_SIDE_EFFECTS__ */
function withConfirmation<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  keys: { password: keyof Shape & string; confirm: keyof Shape & string },
  message: string,
) {
  return schema.refine(
    (form) => {
      const values = form as Record<string, unknown>;
      return values[keys.password] === values[keys.confirm];
    },
    {
      path: [keys.confirm],
      message,
      when: (payload) => typeof (payload.value as Record<string, unknown> | null)?.[keys.confirm] === 'string',
    },
  );
}

/** Sign-up and reset: a new `password` that `confirmPassword` must repeat. */
/* @__NO_SIDE_EFFECTS__ */
function withPasswordConfirmation<Shape extends z.ZodRawShape & { password: z.ZodType; confirmPassword: z.ZodType }>(
  schema: z.ZodObject<Shape>,
) {
  return withConfirmation(schema, { password: 'password', confirm: 'confirmPassword' }, passwordMessages.mismatch);
}

const emailSchema = z
  .string()
  .trim()
  .min(1, accountMessages.emailRequired)
  .max(254, accountMessages.emailInvalid)
  .pipe(z.email(accountMessages.emailInvalid));

/** A password typed to prove who one is: required (`message` when blank), never judged for strength. */
/* @__NO_SIDE_EFFECTS__ */
function enteredPasswordSchema(message: string) {
  return z.string().min(1, message).max(PASSWORD_MAX_LENGTH);
}

/** The sign-up form, validated identically in the browser and on the server. */
export const signUpSchema = withPasswordConfirmation(
  z.object({
    username: usernameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { error: accountMessages.termsRequired }),
  }),
);
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Sign-in takes e-mail and password with no further product rules. */
export const signInSchema = z.object({
  email: emailSchema,
  password: enteredPasswordSchema(accountMessages.passwordRequired),
  rememberMe: z.boolean().default(false),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = withPasswordConfirmation(
  z.object({ token: z.string().min(1), password: newPasswordSchema, confirmPassword: z.string() }),
);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * Change Password: all three required; new and confirm must match. A blank confirmation
 * is "This field is required." first (the spec's word for a blank field here).
 */
export const changePasswordSchema = withConfirmation(
  z.object({
    currentPassword: enteredPasswordSchema(accountMessages.fieldRequired),
    newPassword: z.string().min(1, accountMessages.fieldRequired).pipe(newPasswordSchema),
    confirmPassword: z.string().min(1, accountMessages.fieldRequired),
  }),
  { password: 'newPassword', confirm: 'confirmPassword' },
  passwordMessages.newMismatch,
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Change Email: new e-mail and current password required. */
export const changeEmailSchema = z.object({
  newEmail: emailSchema,
  currentPassword: enteredPasswordSchema(accountMessages.fieldRequired),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
