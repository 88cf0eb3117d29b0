import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { checklistMessages, type ChecklistDetail } from '@/domain/checklists/checklist-view';
import { Card } from '@/client/components/ui/card';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { isNotFound } from '@/client/lib/api';
import { AuthorName } from './author-name';

// The states of a detail page, shared by /checklist/{id} and the dashboard's view.
const LOADING = 'Loading checklist...';
const LOAD_ERROR_TITLE = 'Error Loading Checklist';
const LOAD_ERROR_TEXT = 'Failed to load checklist. Please try again later.';

/** Loading, "Checklist Not Found" (with `notFoundAction` under it), or the load error with Try again. */
export function ChecklistDetailStatus({
  error,
  onRetry,
  notFoundAction,
}: {
  error: Error | null;
  onRetry: () => void;
  notFoundAction?: ReactNode;
}) {
  if (!error) return <LoadingState label={LOADING} />;
  if (isNotFound(error)) {
    return (
      <Card className="px-6 py-14 text-center">
        <SearchX className="mx-auto h-10 w-10 text-slate-300 dark:text-slate-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
          {checklistMessages.notFound}
        </h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{checklistMessages.notFoundText}</p>
        {notFoundAction}
      </Card>
    );
  }
  return (
    <LoadError title={LOAD_ERROR_TITLE} onRetry={onRetry}>
      {LOAD_ERROR_TEXT}
    </LoadError>
  );
}

/** The author's avatar and "by {name}", linking to their profile when they have a username. */
export function ChecklistAuthor({
  checklist,
}: {
  checklist: Pick<ChecklistDetail, 'author' | 'authorAvatar' | 'authorUsername'>;
}) {
  return (
    <span className="inline-flex min-w-0 items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span
        aria-hidden
        className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-lg leading-none dark:bg-slate-800"
      >
        {checklist.authorAvatar}
      </span>
      <span>
        by <AuthorName name={checklist.author} username={checklist.authorUsername} className="font-semibold" />
      </span>
    </span>
  );
}
