import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { accountMessages, signUpSchema } from '@/domain/accounts/account-forms';
import { filterUsernameInput, USERNAME_MAX_LENGTH, usernameMessages } from '@/domain/accounts/username';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { FieldError, Input, Label } from '@/client/components/ui/input';
import { PasswordField } from './password-field';
import { Spinner } from '@/client/components/ui/spinner';
import { ApiError, apiRequest, errorMessage } from '@/client/lib/api';
import type { messageSchema } from '@/domain/api-error';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { EmailField } from './email-field';
import { usernameStatusMessage, useUsernameCheck } from './use-username-check';
import { paths } from '@/domain/paths';

type SignUpForm = z.input<typeof signUpSchema>;

export function SignUpPage() {
  const [isSignedUp, setSignedUp] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const username = useUsernameCheck();
  const form = useForm<SignUpForm, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false as unknown as true,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    const status = await username.check(input.username);
    if (status === 'taken' || status === 'invalid' || status === 'error') {
      form.setError('username', { message: usernameStatusMessage[status] });
      return;
    }
    try {
      await apiRequest<typeof messageSchema>('/api/accounts/sign-up', { method: 'POST', body: input });
      setSignedUp(true);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.body.fieldErrors : undefined;
      if (fieldErrors) {
        for (const [field, message] of Object.entries(fieldErrors)) {
          if (field in input) form.setError(field as keyof SignUpForm, { message });
        }
      }
      setFormError(errorMessage(error));
    }
  });

  if (isSignedUp) {
    return (
      <AuthCard title="Create Account">
        <div className="text-center">
          <CircleCheck className="mx-auto h-12 w-12 text-green-600" aria-hidden />
          <p role="status" className="mt-4 text-slate-700 dark:text-slate-200">
            {accountMessages.signUpSuccess}
          </p>
          <Button asChild variant="secondary" className="mt-6">
            <Link to={paths.login()}>Go to Sign In</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  const usernameField = form.register('username');
  const usernameError = errors.username?.message ?? usernameStatusMessage[username.status];

  return (
    <AuthCard
      title="Create Account"
      subtitle="Join Ticklist to save, clone and track your checklists."
      footer={
        <>
          Already have an account? <AuthLink to={paths.login()}>Sign in</AuthLink>
        </>
      }
    >
      <AuthForm onSubmit={onSubmit} isBusy={isSubmitting} submitLabel="Create Account" busyLabel="Creating account...">
        <div>
          <Label htmlFor="username">Username</Label>
          <Input
            id="username"
            autoComplete="username"
            maxLength={USERNAME_MAX_LENGTH}
            aria-invalid={Boolean(usernameError)}
            aria-describedby="username-help username-error"
            {...usernameField}
            onChange={(event) => {
              event.target.value = filterUsernameInput(event.target.value);
              username.reset();
              void usernameField.onChange(event);
            }}
            onBlur={(event) => {
              void usernameField.onBlur(event);
              if (event.target.value) void username.check(event.target.value);
            }}
          />
          <p id="username-help" className="mt-1.5 flex items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
            {username.status === 'checking' ? (
              <>
                <Spinner className="h-3.5 w-3.5" label="Checking username" /> Checking availability...
              </>
            ) : username.status === 'available' && !errors.username ? (
              <span className="font-medium text-green-700 dark:text-green-400">Username is available.</span>
            ) : (
              '3-20 characters: letters, numbers and underscores.'
            )}
          </p>
          <FieldError id="username-error">{usernameError}</FieldError>
        </div>
        <EmailField form={form} name="email" />
        <PasswordField
          form={form}
          name="password"
          label="Password"
          autoComplete="new-password"
          hint="At least 6 characters, and not one of the most common passwords."
        />
        <PasswordField form={form} name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
              aria-invalid={Boolean(errors.acceptTerms)}
              aria-describedby="terms-error"
              {...form.register('acceptTerms')}
            />
            <span>
              I agree to the <TermsLink to={paths.terms()}>Terms of Service</TermsLink> and{' '}
              <TermsLink to={paths.privacy()}>Privacy Policy</TermsLink>
            </span>
          </label>
          <FieldError id="terms-error">{errors.acceptTerms?.message}</FieldError>
        </div>
        {formError && formError !== usernameMessages.taken ? <Alert tone="error">{formError}</Alert> : null}
      </AuthForm>
    </AuthCard>
  );
}

/**
 * A page the sign-up asks the user to agree to. It opens in a new tab, so the half-filled form
 * stays as it is; the link's description says so. Underlined: it sits inside a sentence; its words
 * stay on one line. A click on it follows the link and leaves the checkbox around it as it was.
 */
function TermsLink({ to, children }: { to: string; children: string }) {
  return (
    <a
      href={to}
      target="_blank"
      rel="noopener"
      title="Opens in a new tab"
      className="rounded-sm font-medium whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-600 dark:text-brand-200 dark:hover:text-white"
    >
      {children}
    </a>
  );
}
