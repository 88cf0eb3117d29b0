import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { accountMessages, signInSchema } from '@/domain/accounts/account-forms';
import { Alert } from '@/client/components/ui/alert';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { PasswordField } from './password-field';
import { authClient } from '@/client/lib/auth-client';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { EmailField } from './email-field';
import { useAuth } from '@/client/api/use-auth';
import { safeRedirectTarget } from '@/domain/navigation/routes';
import { paths } from '@/domain/paths';
import { sessionKeys } from '@/client/api/query-keys';

type SignInForm = z.input<typeof signInSchema>;

/** Maps Better Auth's response to what the user reads: the provider's message, or the generic one. */
function signInErrorMessage(error: {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}): string {
  if (error.status === 429) return accountMessages.tooManyRequests;
  if (error.status === 401) return error.message || accountMessages.invalidCredentials;
  return error.message || accountMessages.unexpected;
}

/**
 * A signed-in visitor is sent to /dashboard, while a sign-in made here goes to
 * /browse (or back to the page that asked for it). The page applies both rules itself, so the
 * session appearing after a successful sign-in cannot race a separate guard.
 */
export function LoginPage() {
  const { isLoading, user } = useAuth();
  const [params] = useSearchParams();
  const [target, setTarget] = useState<string | null>(null);
  if (user) return <Navigate to={target ?? paths.dashboard.home()} replace />;
  if (isLoading && target === null) return <FullPageSpinner />;
  // The target is chosen before signing in: the session can appear before the sign-in call returns.
  return (
    <LoginForm
      onSigningIn={(isSigningIn) => setTarget(isSigningIn ? safeRedirectTarget(params.get('redirect')) : null)}
    />
  );
}

function LoginForm({ onSigningIn }: { onSigningIn: (isSigningIn: boolean) => void }) {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<{ message: string; status?: number } | null>(null);
  const form = useForm<SignInForm, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    onSigningIn(true);
    try {
      const { error } = await authClient.signIn.email({
        email: input.email,
        password: input.password,
        rememberMe: input.rememberMe,
      });
      if (error) {
        onSigningIn(false);
        setFormError({ message: signInErrorMessage(error), status: error.status });
      } else {
        // The session query (api/session.ts) asks again and the user appears, which leaves this page.
        await queryClient.invalidateQueries({ queryKey: sessionKeys.session });
      }
    } catch {
      onSigningIn(false);
      setFormError({ message: accountMessages.unexpected });
    }
  });

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to pick up your checklists where you left them."
      footer={
        <>
          Don&apos;t have an account? <AuthLink to={paths.signUp()}>Sign up</AuthLink>
        </>
      }
    >
      {params.get('verified') ? (
        <Alert tone="success" className="mb-4">
          Your email is confirmed. You can now sign in.
        </Alert>
      ) : null}
      {params.get('reset') ? (
        <Alert tone="success" className="mb-4">
          {accountMessages.resetDone}
        </Alert>
      ) : null}
      <AuthForm onSubmit={onSubmit} isBusy={isSubmitting} submitLabel="Sign In" busyLabel="Signing in...">
        <EmailField form={form} name="email" />
        <PasswordField
          form={form}
          name="password"
          label="Password"
          autoComplete="current-password"
          labelAside={
            <Link
              to={paths.forgotPassword()}
              className="mb-1.5 text-sm font-medium text-brand-600 hover:underline dark:text-brand-200"
            >
              Forgot password?
            </Link>
          }
        />
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-brand-600"
            {...form.register('rememberMe')}
          />
          Remember me
        </label>
        {formError ? (
          <Alert tone="error">
            <p>{formError.message}</p>
            {/* Under every refused password (an unconfirmed account is refused as a wrong one). */}
            {formError.status === 401 ? <p className="mt-1">{accountMessages.unconfirmedHint}</p> : null}
          </Alert>
        ) : null}
      </AuthForm>
    </AuthCard>
  );
}
