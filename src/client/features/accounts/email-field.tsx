import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, Input, Label } from '@/client/components/ui/input';

/** The e-mail field of the sign-in, sign-up and forgot-password forms. */
export function EmailField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <div>
      <Label htmlFor="email">Email</Label>
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
