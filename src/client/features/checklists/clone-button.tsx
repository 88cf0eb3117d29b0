import { Copy, LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
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
 * Spec §4 "Clone": makes the user's own public copy and opens its edit page. The outcome shows
 * under the actions (`Status`), and a failure is also a toast (spec §8).
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
