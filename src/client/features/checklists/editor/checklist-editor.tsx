import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { checklistFormSchema, type ChecklistForm, type ChecklistFormField } from '@/domain/checklists/checklist-input';
import { filledRows, validateWizardForm } from '@/domain/checklists/wizard';
import { ApiError } from '@/client/lib/api';

// One editor for a checklist: /create and /edit-checklist lay its fields out on one page, the
// dashboard wizard spreads them over three steps. Both hold the same react-hook-form form; they
// differ only in the resolver, that is in what they do with a blank item or tag row.

/** /create and edit: a blank row is refused ("All items must be filled."). */
export const checklistFormResolver: Resolver<ChecklistForm> = zodResolver(checklistFormSchema);

/**
 * The wizard: blank rows are left out, not refused; what remains is checked by
 * the same form schema (validateWizardForm), and the form is handed on without the blank rows.
 */
export const wizardResolver: Resolver<ChecklistForm> = (values) => {
  const found = Object.entries(validateWizardForm(values));
  if (!found.length) return { values: filledRows(values), errors: {} };
  const errors: FieldErrors<ChecklistForm> = Object.fromEntries(
    found.map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return { values: {}, errors };
};

const formFields = checklistFormSchema.keyof().options;

export function useChecklistEditor({
  initialValues,
  resolver,
}: {
  initialValues: ChecklistForm;
  resolver: Resolver<ChecklistForm>;
}) {
  const form = useForm<ChecklistForm>({
    resolver,
    defaultValues: initialValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  /** Validates, then saves; an ApiError with fieldErrors that the save throws is shown under the fields. */
  const submitWith = (save: (values: ChecklistForm) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      try {
        await save(values);
      } catch (error) {
        showServerFieldErrors(form, error);
      }
    });

  return { form, submitWith };
}

function showServerFieldErrors(form: UseFormReturn<ChecklistForm>, error: unknown) {
  if (!(error instanceof ApiError) || !error.body.fieldErrors) return;
  const shown = new Set<ChecklistFormField>();
  // The server names fields by their path in the API input ("items.2"); a row's error belongs to its list.
  for (const [path, message] of Object.entries(error.body.fieldErrors)) {
    const field = formFields.find((name) => name === path.split('.')[0]);
    if (!field || shown.has(field)) continue;
    shown.add(field);
    form.setError(field, { type: 'server', message });
  }
}

/** The form element around the editor's fields, with the form in context for them. */
export function ChecklistEditorForm({
  form,
  onSubmit,
  className,
  children,
}: {
  form: UseFormReturn<ChecklistForm>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className={className} aria-busy={form.formState.isSubmitting}>
        {children}
      </form>
    </FormProvider>
  );
}
