import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { checklistFormFrom } from '@/domain/checklists/checklist-input';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { Page } from '@/client/components/layout/page';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { FullPageSpinner } from '@/client/components/ui/spinner';
import { ClonedFromBadge } from './cloned-from-badge';
import { ChecklistForm } from './checklist-form';
import { checklistDetailQuery, useUpdateChecklist } from '@/client/api/checklists';
import { paths } from '@/domain/paths';
import { errorMessage } from '@/client/lib/api';

const title = 'Edit Checklist';

/** /edit-checklist/{id}. The route's owner guard has already checked who may be here. */
export function EditChecklistPage() {
  const { id = '' } = useParams();
  const detail = useQuery(checklistDetailQuery(id));
  const checklistPath = paths.checklist(id);

  if (detail.isPending) return <FullPageSpinner />;
  if (!detail.data) {
    return (
      <Page title={title} className="max-w-2xl">
        <Alert tone="error">
          <p>{checklistActionMessages.loadFailedForEdit}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => void detail.refetch()} disabled={detail.isFetching}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Try again
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to={checklistPath}>
                <ArrowLeft className="h-4 w-4" aria-hidden />
                Back
              </Link>
            </Button>
          </div>
        </Alert>
      </Page>
    );
  }
  return <EditChecklistForm key={id} id={id} checklistPath={checklistPath} detail={detail.data} />;
}

function EditChecklistForm({
  id,
  checklistPath,
  detail,
}: {
  id: string;
  checklistPath: string;
  detail: ChecklistDetail;
}) {
  const navigate = useNavigate();
  const update = useUpdateChecklist(id);
  // Taken once: a background refetch of the checklist must not wipe what the user is typing.
  const [initialValues] = useState(() => checklistFormFrom(detail));

  return (
    <Page title={title} className="max-w-2xl">
      {/* After a clone the user lands here; the copy says where it came from (issue: "with Cloned from"). */}
      {detail.clonedFrom ? (
        <div className="-mt-4 mb-6">
          <ClonedFromBadge clonedFrom={detail.clonedFrom} />
        </div>
      ) : null}
      <ChecklistForm
        initialValues={initialValues}
        submitLabel="Save Changes"
        submittingLabel="Saving..."
        cancelTo={checklistPath}
        formError={update.error ? errorMessage(update.error, checklistActionMessages.updateFailed) : null}
        onSubmit={async (values) => {
          await update.mutateAsync(values);
          // Awaited so the button keeps its busy label until the next page is on screen.
          await navigate(checklistPath);
        }}
      />
    </Page>
  );
}
