import { useQuery } from '@tanstack/react-query';
import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { isInLibrary, libraryMessages } from '@/domain/library/library';
import { DialogButton } from '@/client/components/ui/deferred-dialog';
import { Spinner } from '@/client/components/ui/spinner';
import { cn } from '@/client/lib/cn';
import { libraryStatusQuery } from '@/client/api/library';

// The dialog's groups and form load when it is first opened, not with the list's page.
const LibraryDialogBody = lazy(async () => ({
  default: (await import('./library-dialog-body')).LibraryDialogBody,
}));

/**
 * "Add to List Library" on /checklist/{id}, "Add to Library" in the dashboard variant,
 * and "In Library" on both once the list is in any group. Signed-in only.
 */
export function LibraryButton({
  checklistId,
  variant = 'detail',
}: {
  checklistId: string;
  variant?: 'detail' | 'dashboard';
}) {
  const status = useQuery(libraryStatusQuery(checklistId));
  const isSaved = status.data ? isInLibrary(status.data) : false;

  return (
    <DialogButton
      variant="secondary"
      className={cn(
        isSaved &&
          'bg-brand-50 text-brand-700 ring-brand-200 hover:bg-brand-100 dark:bg-slate-800 dark:text-brand-200 dark:ring-slate-600',
      )}
      dialog={{
        title: libraryMessages.dialogTitle,
        description: 'Pick the groups to keep this list in.',
        className: 'overflow-y-auto',
      }}
      body={() => (
        <Suspense fallback={<Spinner label="Loading lists" className="mx-auto my-6 block" />}>
          <LibraryDialogBody checklistId={checklistId} />
        </Suspense>
      )}
    >
      {isSaved ? <BookmarkCheck className="h-4 w-4" aria-hidden /> : <BookmarkPlus className="h-4 w-4" aria-hidden />}
      {isSaved
        ? libraryMessages.inLibrary
        : variant === 'dashboard'
          ? libraryMessages.addToLibraryShort
          : libraryMessages.addToLibrary}
    </DialogButton>
  );
}
