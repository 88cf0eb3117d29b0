import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, Input, Label } from '@/client/components/ui/input';

/** The e-mail field of the sign-in, sign-up, forgot-password and change-e-mail forms. */
export function EmailField({
  registration,
  error,
  label = 'Email',
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <div>
      <Label htmlFor="email">{label}</Label>
      <Input
        id="email"
        type="email"
        autoComplete="email"
        aria-invalid={Boolean(error)}
        aria-describedby="email-error"
        {...registration}
      />
      <FieldError id="email-error">{error}</FieldError>
    </div>
  );
}
