import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** What an account form's field reads of its react-hook-form form: the registration and the errors. */
export type FieldForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'register' | 'formState'>;

/**
 * The message of the field's error, if any. It reads `formState.errors` during render, which keeps
 * the form re-rendering when its errors change (react-hook-form re-renders for the state that is read).
 */
export function fieldError<T extends FieldValues>(form: FieldForm<T>, name: Path<T>): string | undefined {
  return get<typeof form.formState.errors, FieldError | undefined>(form.formState.errors, name)?.message;
}
