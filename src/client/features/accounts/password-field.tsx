import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, Label } from '@/client/components/ui/input';
import { PasswordInput } from '@/client/components/ui/password-input';

/**
 * A password field of the account forms (sign-in, sign-up, reset, change e-mail and password): its
 * label, the show/hide input, an optional hint and the error, tied together by ids made from `id`.
 */
export function PasswordField({
  id,
  label,
  autoComplete,
  registration,
  error,
  hint,
  labelAside,
}: {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label's row (the sign-in form's "Forgot password?"). */
  labelAside?: ReactNode;
}) {
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
        {...registration}
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
