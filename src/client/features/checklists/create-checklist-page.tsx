import { useState } from 'react';
import { useNavigate } from 'react-router';
import { emptyChecklistForm } from '@/domain/checklists/checklist-input';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { Page } from '@/client/components/layout/page';
import { ChecklistForm } from './checklist-form';
import { useCreateChecklist } from '@/client/api/checklists';
import { paths } from '@/domain/paths';
import { errorMessage } from '@/client/lib/api';

/** /create, "Create a New Checklist". */
export function CreateChecklistPage() {
  const navigate = useNavigate();
  const create = useCreateChecklist();
  const [initialValues] = useState(emptyChecklistForm);

  return (
    <Page title="Create a New Checklist" className="max-w-2xl">
      <ChecklistForm
        initialValues={initialValues}
        submitLabel="Create Checklist"
        submittingLabel="Creating..."
        cancelTo="/browse"
        isImportable
        formError={create.error ? errorMessage(create.error, checklistActionMessages.createFailed) : null}
        onSubmit={async (values) => {
          const { id } = await create.mutateAsync(values);
          // Awaited so the button keeps its busy label until the next page is on screen.
          await navigate(paths.checklist(id));
        }}
      />
    </Page>
  );
}
