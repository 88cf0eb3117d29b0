import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { FieldError, Label } from '@/client/components/ui/input';
import { PasswordInput } from '@/client/components/ui/password-input';
import { fieldError, type FieldForm } from './field-form';

/**
 * A password field of the account forms (sign-in, sign-up, reset, change e-mail and password, delete
 * account): its label, the show/hide input, an optional hint and the error. The field's name gives
 * its registration, its error and, unless two forms share a page, its id; the hint's and the error's
 * ids are made from that id.
 */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  id = name,
  label,
  autoComplete,
  hint,
  labelAside,
}: {
  form: FieldForm<T>;
  name: Path<T>;
  id?: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
  /** Shown at the end of the label's row (the sign-in form's "Forgot password?"). */
  labelAside?: ReactNode;
}) {
  const error = fieldError(form, name);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      {labelAside ? (
        <div className="flex items-center justify-between">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      <PasswordInput
        id={id}
        autoComplete={autoComplete}
        aria-invalid={Boolean(error)}
        aria-describedby={hint ? `${hintId} ${errorId}` : errorId}
        {...form.register(name)}
      />
      {hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
