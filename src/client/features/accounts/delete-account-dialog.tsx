import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import {
  accountDataMessages,
  alwaysDeleted,
  deleteAccountSchema,
  type DeleteAccountInput,
} from '@/domain/accounts/account-data';
import { useDeleteAccount } from '@/client/api/account-data';
import { Alert } from '@/client/components/ui/alert';
import { Dialog, DialogFormButtons, DialogPanel } from '@/client/components/ui/dialog';
import { RadioGroup, RadioGroupItem } from '@/client/components/ui/radio-group';
import { errorMessage } from '@/client/lib/api';
import { setFlash } from '@/client/lib/flash';
import { paths } from '@/domain/paths';
import { PasswordField } from './password-field';

const publicContentChoices = [
  {
    value: 'delete',
    label: 'Delete them too',
    detail: 'Your public lists and your comments are removed. Copies others cloned stay theirs.',
  },
  {
    value: 'keep',
    label: 'Keep them as “Deleted user”',
    detail: 'Your public lists and comments stay for others, without your name.',
  },
] as const;

/**
 * Decision 013: what goes, the choice for public lists and comments, and the password. On success
 * the server has deleted the sessions and cleared the cookie; a full load of the landing page
 * leaves nothing of the account on screen, and the flash says what happened.
 */
export function DeleteAccountDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const deletion = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', keepPublicContent: false },
  });
  const isBusy = deletion.isPending || deletion.isSuccess;

  const onSubmit = form.handleSubmit((input) =>
    deletion.mutateAsync(input).then(
      async (response) => {
        setFlash(response.message);
        await queryClient.cancelQueries();
        queryClient.clear();
        window.location.assign(paths.home());
      },
      () => undefined,
    ),
  );

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(next) => {
        if (isBusy) return;
        if (!next) {
          form.reset();
          deletion.reset();
        }
        onOpenChange(next);
      }}
    >
      <DialogPanel
        title="Delete your account?"
        description="This cannot be undone. These go for good:"
        className="overflow-y-auto"
      >
        <ul className="-mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {alwaysDeleted.map((what) => (
            <li key={what}>{what.charAt(0).toUpperCase() + what.slice(1)}</li>
          ))}
        </ul>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
              Your public lists and comments
            </legend>
            <Controller
              control={form.control}
              name="keepPublicContent"
              render={({ field }) => (
                <RadioGroup
                  variant="tiles"
                  value={field.value ? 'keep' : 'delete'}
                  onValueChange={(value) => field.onChange(value === 'keep')}
                  disabled={isBusy}
                  aria-label="Your public lists and comments"
                  className="gap-2"
                >
                  {publicContentChoices.map((choice) => (
                    <RadioGroupItem
                      key={choice.value}
                      value={choice.value}
                      variant="tiles"
                      className="px-4 py-3 text-left"
                    >
                      <span className="block text-sm font-medium text-slate-900 dark:text-white">{choice.label}</span>
                      <span className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">{choice.detail}</span>
                    </RadioGroupItem>
                  ))}
                </RadioGroup>
              )}
            />
          </fieldset>
          <PasswordField
            form={form}
            name="password"
            id="delete-account-password"
            label="Password"
            autoComplete="current-password"
          />
          {deletion.isError ? (
            <Alert tone="error">{errorMessage(deletion.error, accountDataMessages.deleteFailed)}</Alert>
          ) : null}
          <DialogFormButtons
            isBusy={isBusy}
            submitLabel={isBusy ? 'Deleting...' : 'Delete my account'}
            submitVariant="danger"
            className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          />
        </form>
      </DialogPanel>
    </Dialog>
  );
}
