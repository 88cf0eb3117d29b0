import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { accountMessages, forgotPasswordSchema, type ForgotPasswordInput } from '@/domain/accounts/account-forms';
import { Alert } from '@/client/components/ui/alert';
import { authClient } from '@/client/lib/auth-client';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { EmailField } from './email-field';
import { paths } from '@/domain/paths';

export function ForgotPasswordPage() {
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setResult(null);
    try {
      const { error } = await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword() });
      // The same response whether or not the address has an account.
      if (error?.status === 429) setResult({ tone: 'error', message: accountMessages.tooManyRequests });
      else if (error) setResult({ tone: 'error', message: error.message || accountMessages.unexpected });
      else setResult({ tone: 'success', message: accountMessages.resetRequested });
    } catch {
      setResult({ tone: 'error', message: accountMessages.unexpected });
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={<AuthLink to={paths.login()}>Back to Sign In</AuthLink>}
    >
      <AuthForm onSubmit={onSubmit} isBusy={isSubmitting} submitLabel="Send reset link" busyLabel="Sending...">
        <EmailField form={form} name="email" />
        {result ? <Alert tone={result.tone}>{result.message}</Alert> : null}
      </AuthForm>
    </AuthCard>
  );
}
