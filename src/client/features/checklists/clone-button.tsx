import { Copy, LoaderCircle, Pencil } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { canClone, canEdit, type Authored, type Viewer } from '@/domain/permissions';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { errorMessage, toastFailure } from '@/client/lib/api';
import { useCloneMutation } from '@/client/api/checklist-detail';
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

/**
 * Clone: makes the user's own public copy and opens its edit page. The outcome shows
 * under the actions (`CloneStatus`), and a failure is also a toast.
 */
export function useClone(checklistId: string) {
  const clone = useCloneMutation(checklistId);
  const navigate = useNavigate();
  const redirect = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const start = () => {
    if (clone.isPending || clone.isSuccess) return;
    clone.mutate(undefined, {
      onSuccess: ({ id }) => {
        redirect.current = window.setTimeout(() => void navigate(paths.editChecklist(id)), REDIRECT_DELAY_MS);
      },
      onError: (error) => toastFailure(error, checklistActionMessages.cloneFailed),
    });
  };

  const status = clone.isSuccess
    ? ({ tone: 'success', text: checklistActionMessages.cloned } as const)
    : clone.isError
      ? ({ tone: 'error', text: errorMessage(clone.error, checklistActionMessages.cloneFailed) } as const)
      : null;

  return { start, isBusy: clone.isPending || clone.isSuccess, isPending: clone.isPending, status };
}

type Clone = ReturnType<typeof useClone>;

export function CloneButton({
  onClick,
  isBusy,
  isPending,
}: {
  onClick: () => void;
  isBusy: boolean;
  isPending: boolean;
}) {
  return (
    <Button variant="secondary" onClick={onClick} disabled={isBusy} aria-busy={isPending}>
      {isPending ? (
        <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
      ) : (
        <Copy className="h-4 w-4" aria-hidden />
      )}
      Clone
    </Button>
  );
}

/**
 * The owner's "Edit Checklist", anyone else's Clone; a visitor's Clone is a link to sign in first
 * (`loginHref`), since cloning needs an account.
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
      <Button asChild variant="secondary">
        <Link to={paths.editChecklist(checklist.id)}>
          <Pencil className="h-4 w-4" aria-hidden />
          Edit Checklist
        </Link>
      </Button>
    );
  }
  if (canClone(viewer, checklist)) {
    return <CloneButton onClick={clone.start} isBusy={clone.isBusy} isPending={clone.isPending} />;
  }
  return <CloneLink loginHref={loginHref} />;
}

/** The clone's outcome under the actions: "Checklist cloned! Redirecting...", or why it failed. */
export function CloneStatus({ clone }: { clone: Clone }) {
  if (!clone.status) return null;
  return (
    <Alert tone={clone.status.tone} className="mt-4">
      {clone.status.text}
    </Alert>
  );
}
