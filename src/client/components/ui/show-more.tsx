import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';

/**
 * "Show more" under a paged list: shown while there is a next page, busy while it loads.
 * Takes the fields it needs of a TanStack infinite query.
 */
export function ShowMore({
  query,
  loadingLabel,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  loadingLabel: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="secondary"
        size="sm"
        disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? <Spinner label={loadingLabel} /> : null}
        Show more
      </Button>
    </div>
  );
}
