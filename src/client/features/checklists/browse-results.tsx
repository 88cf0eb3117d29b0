import { LoaderCircle, Search } from 'lucide-react';
import {
  browseCursorMessages,
  browseMessages,
  formatTotal,
  SEARCH_COUNT_CAP,
  showingMessage,
  showingPendingMessage,
  type BrowseView,
} from '@/domain/checklists/browse';
import { Button } from '@/client/components/ui/button';
import { Card } from '@/client/components/ui/card';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';
import { ApiError } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { ChecklistCard } from './checklist-card';
import type { BrowseResults as Results } from './use-browse-results';

/** The API refused the page's cursor (400): asking with it again would be refused again. */
function isStaleCursor(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

/**
 * "Showing X of Y checklists" above the cards. A search whose count comes after its cards (decision
 * 054) shows "Showing X of …" meanwhile, in a box as wide as the longest line its count can make
 * (a search counts to "1,000+"), so that the count arriving moves nothing on the page.
 */
export function BrowseCounter({ results: { cards, total, isCountApart, isShownFiltered } }: { results: Results }) {
  const text =
    total === null ? showingPendingMessage(cards.length) : showingMessage(cards.length, total, isShownFiltered);
  const counter = (
    <p role="status" className="col-start-1 row-start-1 text-sm text-slate-600 dark:text-slate-400">
      {text}
    </p>
  );
  if (!isCountApart) return counter;
  const longest = showingMessage(cards.length, formatTotal(SEARCH_COUNT_CAP, true), isShownFiltered);
  return (
    <div className="grid">
      <span aria-hidden className="invisible col-start-1 row-start-1 text-sm">
        {longest}
      </span>
      {counter}
    </div>
  );
}

/**
 * Browse's cards in a grid or a list, with Load more; or the first load, its failure, or "no
 * checklists" (whose Clear all filters is the counter's, above the results).
 */
export function BrowseResults({
  results: { results, cards, isFirstLoad },
  view,
}: {
  results: Results;
  view: BrowseView;
}) {
  if (isFirstLoad) return <LoadingState label={browseMessages.loading} />;
  if (results.isError && !results.data) {
    return (
      <LoadError className="mx-auto max-w-xl" onRetry={() => void results.refetch()}>
        {browseMessages.failed}
      </LoadError>
    );
  }
  if (cards.length === 0) {
    return (
      <Card className="px-6 py-16 text-center">
        <Search className="mx-auto h-10 w-10 text-slate-300 dark:text-slate-600" aria-hidden />
        <p className="mt-4 text-lg font-medium text-slate-900 dark:text-white">{browseMessages.empty}</p>
      </Card>
    );
  }
  return (
    <div aria-busy={results.isPlaceholderData}>
      <ul
        aria-label="Checklists"
        className={cn(
          'transition-opacity',
          results.isPlaceholderData && 'opacity-60',
          view === 'grid' ? 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3' : 'flex flex-col gap-4',
        )}
      >
        {cards.map((checklist) => (
          <li key={checklist.id} className="min-w-0">
            <ChecklistCard checklist={checklist} view={view} />
          </li>
        ))}
      </ul>

      {results.isFetchNextPageError && isStaleCursor(results.error) ? (
        // Load more's cursor was refused (one made before the server was upgraded, say):
        // trying again starts the search over from its first page, with fresh cursors.
        <LoadError className="mx-auto mt-8 max-w-xl" onRetry={() => void results.refetch()}>
          {browseCursorMessages.invalid}
        </LoadError>
      ) : results.isFetchNextPageError ? (
        <LoadError className="mx-auto mt-8 max-w-xl" onRetry={() => void results.fetchNextPage()}>
          {browseMessages.failed}
        </LoadError>
      ) : results.hasNextPage && !results.isPlaceholderData ? (
        <div className="mt-10 flex justify-center">
          <Button
            variant="secondary"
            size="lg"
            onClick={() => void results.fetchNextPage()}
            disabled={results.isFetchingNextPage}
          >
            {results.isFetchingNextPage ? (
              <>
                <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden />
                Loading...
              </>
            ) : (
              'Load more'
            )}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
