import { Link } from 'react-router';
import type { ChecklistForm as ChecklistFormValues } from '@/domain/checklists/checklist-input';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { checklistFormResolver, ChecklistEditorForm, useChecklistEditor } from './editor/checklist-editor';
import { ItemsField } from './editor/editor-fields';
import { BasicInfoFields, DetailFields } from './editor/field-groups';
import { ImportButton } from './editor/import-button';

export type ChecklistFormProps = {
  initialValues: ChecklistFormValues;
  submitLabel: string;
  submittingLabel: string;
  /** Saves the checklist. An ApiError with fieldErrors it throws is shown under the fields. */
  onSubmit: (values: ChecklistFormValues) => Promise<void>;
  /** The message of a failed save, shown above the buttons. */
  formError: string | null;
  /** Where "Cancel" goes. */
  cancelTo: string;
  /** Offers "Import" (a list from a Markdown or text file) above the fields. */
  isImportable?: boolean;
};

/** The layout the create and edit pages share, every field of the editor on one page. */
export function ChecklistForm({
  initialValues,
  submitLabel,
  submittingLabel,
  onSubmit,
  formError,
  cancelTo,
  isImportable = false,
}: ChecklistFormProps) {
  const { form, submitWith } = useChecklistEditor({ initialValues, resolver: checklistFormResolver });
  const { isSubmitting } = form.formState;

  return (
    <Card className="p-4 sm:p-8">
      <ChecklistEditorForm form={form} onSubmit={submitWith(onSubmit)} className="space-y-6">
        {isImportable ? (
          <div className="flex justify-end">
            <ImportButton />
          </div>
        ) : null}
        <BasicInfoFields />
        <ItemsField />
        <DetailFields />

        {formError ? <Alert tone="error">{formError}</Alert> : null}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end dark:border-slate-800">
          <Button asChild variant="secondary" size="lg">
            <Link to={cancelTo}>Cancel</Link>
          </Button>
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? submittingLabel : submitLabel}
          </Button>
        </div>
      </ChecklistEditorForm>
    </Card>
  );
}
