import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { accountMessages, changeEmailSchema, changePasswordSchema } from '@/domain/accounts/account-forms';
import type { messageSchema } from '@/domain/api-error';
import { Alert } from '@/client/components/ui/alert';
import { Dialog, DialogFormButtons, DialogPanel } from '@/client/components/ui/dialog';
import { PasswordField } from './password-field';
import { apiRequest, errorMessage } from '@/client/lib/api';
import { EmailField } from './email-field';

type DialogProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };
type Result = { tone: 'success' | 'error'; text: string } | null;

/**
 * A dialog around one account form that posts it to `endpoint`. The server's message shows on
 * success (and the form is cleared), `failureMessage` or the server's reason on failure; Cancel and
 * submit sit under it. While busy it cannot be closed; closing it clears the form and the message.
 */
function AccountFormDialog<T extends FieldValues, Output>({
  isOpen,
  onOpenChange,
  form,
  endpoint,
  failureMessage,
  title,
  description,
  submitLabel,
  busyLabel,
  children,
}: DialogProps & {
  form: UseFormReturn<T, unknown, Output>;
  endpoint: string;
  failureMessage: string;
  title: string;
  description: string;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const [result, setResult] = useState<Result>(null);
  const isBusy = form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (input) => {
    setResult(null);
    try {
      const response = await apiRequest<typeof messageSchema>(endpoint, { method: 'POST', body: input });
      setResult({ tone: 'success', text: response.message });
      form.reset();
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, failureMessage) });
    }
  });

  const clear = () => {
    form.reset();
    setResult(null);
  };

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        if (isBusy) return;
        if (!next) clear();
        onOpenChange(next);
      }}
    >
      <DialogPanel title={title} description={description}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {children}
          {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
          <DialogFormButtons isBusy={isBusy} submitLabel={isBusy ? busyLabel : submitLabel} />
        </form>
      </DialogPanel>
    </Dialog>
  );
}

/** A new e-mail and the current password, which the server verifies first. */
export function ChangeEmailDialog(props: DialogProps) {
  const form = useForm<z.input<typeof changeEmailSchema>, unknown, z.output<typeof changeEmailSchema>>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });

  return (
    <AccountFormDialog
      {...props}
      form={form}
      endpoint="/api/accounts/change-email"
      failureMessage={accountMessages.failedChangeEmail}
      title="Change Email"
      description="We will send a confirmation link to the new address."
      submitLabel="Change Email"
      busyLabel="Sending..."
    >
      <EmailField form={form} name="newEmail" label="New Email" />
      <PasswordField
        form={form}
        name="currentPassword"
        id="email-current-password"
        label="Current Password"
        autoComplete="current-password"
      />
    </AccountFormDialog>
  );
}

const passwordFields = [
  ['currentPassword', 'Current Password', 'current-password'],
  ['newPassword', 'New Password', 'new-password'],
  ['confirmPassword', 'Confirm New Password', 'new-password'],
] as const;

/** All three fields required, new and confirm equal, the current one verified first. */
export function ChangePasswordDialog(props: DialogProps) {
  const form = useForm<z.input<typeof changePasswordSchema>, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  return (
    <AccountFormDialog
      {...props}
      form={form}
      endpoint="/api/accounts/change-password"
      failureMessage={accountMessages.failedChangePassword}
      title="Change Password"
      description="Your other devices will be signed out."
      submitLabel="Change Password"
      busyLabel="Saving..."
    >
      {passwordFields.map(([name, label, autoComplete]) => (
        <PasswordField
          key={name}
          form={form}
          name={name}
          id={`password-${name}`}
          label={label}
          autoComplete={autoComplete}
        />
      ))}
    </AccountFormDialog>
  );
}
