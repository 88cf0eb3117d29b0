import { Copy, CopyPlus, History, LoaderCircle, Pencil } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { versionMessages } from '@/domain/checklists/version-messages';
import { canClone, canDuplicate, canEdit, type Authored, type Viewer } from '@/domain/permissions';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { errorMessage, toastFailure } from '@/client/lib/api';
import { useCopyMutation } from '@/client/api/checklist-detail';
import { paths } from '@/domain/paths';

// Long enough to read "Checklist cloned! Redirecting..." before the edit page replaces it.
const REDIRECT_DELAY_MS = 900;

/** The Clone link a visitor sees: cloning needs an account. */
export function CloneLink({ loginHref }: { loginHref: string }) {
  return (
    <Button asChild variant="secondary">
      <Link to={loginHref}>
        <Copy className="h-4 w-4" aria-hidden />
        Clone
      </Link>
    </Button>
  );
}

const copyMessages = {
  clone: { done: checklistActionMessages.cloned, failed: checklistActionMessages.cloneFailed },
  duplicate: { done: checklistActionMessages.duplicated, failed: checklistActionMessages.duplicateFailed },
} as const;

/**
 * The copy the viewer may make of a list, and then opens its edit page: their own private
 * Duplicate of a list of theirs, or a Clone of someone else's. The outcome shows under the actions
 * (`CopyStatus`), and a failure is also a toast.
 */
export function useCopy(checklist: Authored & { id: string }, viewer: Viewer) {
  const kind = canDuplicate(viewer, checklist) ? 'duplicate' : 'clone';
  const copy = useCopyMutation(checklist.id, kind);
  const navigate = useNavigate();
  const redirect = useRef<number | undefined>(undefined);
  const messages = copyMessages[kind];

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const start = () => {
    if (copy.isPending || copy.isSuccess) return;
    copy.mutate(undefined, {
      onSuccess: ({ id }) => {
        redirect.current = window.setTimeout(() => void navigate(paths.editChecklist(id)), REDIRECT_DELAY_MS);
      },
      onError: (error) => toastFailure(error, messages.failed),
    });
  };

  const status = copy.isSuccess
    ? ({ tone: 'success', text: messages.done } as const)
    : copy.isError
      ? ({ tone: 'error', text: errorMessage(copy.error, messages.failed) } as const)
      : null;

  return { start, isBusy: copy.isPending || copy.isSuccess, isPending: copy.isPending, status };
}

type Clone = ReturnType<typeof useCopy>;

function CopyButton({ clone, label }: { clone: Clone; label: 'Clone' | 'Duplicate' }) {
  const Icon = label === 'Clone' ? Copy : CopyPlus;
  return (
    <Button variant="secondary" onClick={clone.start} disabled={clone.isBusy} aria-busy={clone.isPending}>
      {clone.isPending ? (
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <Icon className="h-4 w-4" aria-hidden />
      )}
      {label}
    </Button>
  );
}

/**
 * The owner's "Edit Checklist", "Version history" and Duplicate, anyone else's Clone; a visitor's Clone is a link to
 * sign in first (`loginHref`), since cloning needs an account.
 */
export function EditOrCloneButton({
  checklist,
  viewer,
  clone,
  loginHref,
}: {
  checklist: Authored & { id: string };
  viewer: Viewer;
  clone: Clone;
  loginHref: string;
}) {
  if (canEdit(viewer, checklist)) {
    return (
      <>
        <Button asChild variant="secondary">
          <Link to={paths.editChecklist(checklist.id)}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit Checklist
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.checklistVersions(checklist.id)}>
            <History className="h-4 w-4" aria-hidden />
            {versionMessages.history}
          </Link>
        </Button>
        {canDuplicate(viewer, checklist) ? <CopyButton clone={clone} label="Duplicate" /> : null}
      </>
    );
  }
  if (canClone(viewer, checklist)) return <CopyButton clone={clone} label="Clone" />;
  return <CloneLink loginHref={loginHref} />;
}

/** The copy's outcome under the actions: "Checklist cloned! Redirecting...", or why it failed. */
export function CopyStatus({ clone }: { clone: Clone }) {
  if (!clone.status) return null;
  return (
    <Alert tone={clone.status.tone} className="mt-4">
      {clone.status.text}
    </Alert>
  );
}
