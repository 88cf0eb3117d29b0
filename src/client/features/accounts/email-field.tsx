import type { FieldValues, Path } from 'react-hook-form';
import { FieldError, Input, Label } from '@/client/components/ui/input';
import { fieldError, type FieldForm } from './field-form';

/** The e-mail field of the sign-in, sign-up, forgot-password and change-e-mail forms. */
export function EmailField<T extends FieldValues>({
  form,
  name,
  label = 'Email',
}: {
  form: FieldForm<T>;
  name: Path<T>;
  label?: string;
}) {
  const error = fieldError(form, name);
  return (
    <div>
      <Label htmlFor="email">{label}</Label>
      <Input
        id="email"
        type="email"
        autoComplete="email"
        aria-invalid={Boolean(error)}
        aria-describedby="email-error"
        {...form.register(name)}
      />
      <FieldError id="email-error">{error}</FieldError>
    </div>
  );
}
