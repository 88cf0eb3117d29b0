import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEventHandler, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
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

/** A dialog around one form: its result, Cancel and submit; while busy it cannot be closed. */
function FormDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  isBusy,
  onClosed,
  result,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: DialogProps & {
  title: string;
  description: string;
  isBusy: boolean;
  onClosed: () => void;
  result: Result;
  submitLabel: string;
  busyLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        if (isBusy) return;
        if (!next) onClosed();
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
  const [result, setResult] = useState<Result>(null);
  const form = useForm<z.input<typeof changeEmailSchema>, unknown, z.output<typeof changeEmailSchema>>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setResult(null);
    try {
      const response = await apiRequest<typeof messageSchema>('/api/accounts/change-email', {
        method: 'POST',
        body: input,
      });
      setResult({ tone: 'success', text: response.message });
      form.reset();
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, accountMessages.failedChangeEmail) });
    }
  });

  return (
    <FormDialog
      {...props}
      title="Change Email"
      description="We will send a confirmation link to the new address."
      isBusy={isSubmitting}
      onClosed={() => {
        form.reset();
        setResult(null);
      }}
      result={result}
      submitLabel="Change Email"
      busyLabel="Sending..."
      onSubmit={onSubmit}
    >
      <EmailField form={form} name="newEmail" label="New Email" />
      <PasswordField
        form={form}
        name="currentPassword"
        id="email-current-password"
        label="Current Password"
        autoComplete="current-password"
      />
    </FormDialog>
  );
}

const passwordFields = [
  ['currentPassword', 'Current Password', 'current-password'],
  ['newPassword', 'New Password', 'new-password'],
  ['confirmPassword', 'Confirm New Password', 'new-password'],
] as const;

/** All three fields required, new and confirm equal, the current one verified first. */
export function ChangePasswordDialog(props: DialogProps) {
  const [result, setResult] = useState<Result>(null);
  const form = useForm<z.input<typeof changePasswordSchema>, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setResult(null);
    try {
      const response = await apiRequest<typeof messageSchema>('/api/accounts/change-password', {
        method: 'POST',
        body: input,
      });
      setResult({ tone: 'success', text: response.message });
      form.reset();
    } catch (error) {
      setResult({ tone: 'error', text: errorMessage(error, accountMessages.failedChangePassword) });
    }
  });

  return (
    <FormDialog
      {...props}
      title="Change Password"
      description="Your other devices will be signed out."
      isBusy={isSubmitting}
      onClosed={() => {
        form.reset();
        setResult(null);
      }}
      result={result}
      submitLabel="Change Password"
      busyLabel="Saving..."
      onSubmit={onSubmit}
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
    </FormDialog>
  );
}
