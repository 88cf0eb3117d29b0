import type { ReactNode } from 'react';
import { LoadError, LoadingState } from '@/client/components/ui/load-states';

/**
 * A dashboard block of the user's own lists: "Loading your lists..." until they arrive, the load
 * error with Try again if they fail, and what `children` renders from them once they are in.
 */
export function LoadedLists<Data>({
  lists,
  children,
}: {
  lists: { data: Data | undefined; isError: boolean; isFetching: boolean; refetch: () => Promise<unknown> };
  children: (data: Data) => ReactNode;
}) {
  if (lists.isError) {
    return (
      <LoadError onRetry={() => void lists.refetch()} isRetrying={lists.isFetching}>
        Failed to load your lists. Please try again later.
      </LoadError>
    );
  }
  if (lists.data === undefined) return <LoadingState label="Loading your lists..." />;
  return children(lists.data);
}
