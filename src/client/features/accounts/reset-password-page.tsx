import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { accountMessages, resetPasswordSchema, type ResetPasswordInput } from '@/domain/accounts/account-forms';
import { Alert } from '@/client/components/ui/alert';
import { PasswordField } from './password-field';
import { authClient } from '@/client/lib/auth-client';
import { AuthCard, AuthForm, AuthLink } from './auth-card';
import { paths } from '@/domain/paths';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  // Better Auth sends an expired or unknown link here with ?error=INVALID_TOKEN.
  const [formError, setFormError] = useState<string | null>(
    params.get('error') || !token ? accountMessages.resetInvalid : null,
  );
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      const { error } = await authClient.resetPassword({ newPassword: input.password, token: input.token });
      if (!error) {
        navigate(paths.loginAfterReset(), { replace: true });
        return;
      }
      if (error.code === 'INVALID_TOKEN') setFormError(accountMessages.resetInvalid);
      else if (error.status === 429) setFormError(accountMessages.tooManyRequests);
      else setFormError(error.message || accountMessages.unexpected);
    } catch {
      setFormError(accountMessages.unexpected);
    }
  });

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="After the change, every other device signed in to your account is signed out."
      footer={<AuthLink to={paths.forgotPassword()}>Request a new link</AuthLink>}
    >
      <AuthForm
        onSubmit={onSubmit}
        isBusy={isSubmitting}
        canSubmit={Boolean(token)}
        submitLabel="Reset password"
        busyLabel="Saving..."
      >
        <PasswordField form={form} name="password" label="New Password" autoComplete="new-password" />
        <PasswordField form={form} name="confirmPassword" label="Confirm New Password" autoComplete="new-password" />
        {formError ? <Alert tone="error">{formError}</Alert> : null}
      </AuthForm>
    </AuthCard>
  );
}
