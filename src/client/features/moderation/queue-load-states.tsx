import { LoadError, LoadingState } from '@/client/components/ui/load-states';

type Loading = { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => Promise<unknown> };

/** What a tab of the queue shows until its query has data: a spinner, or the failure with Try again. */
export function QueueLoadStates({ query, loading, failed }: { query: Loading; loading: string; failed: string }) {
  if (query.isPending) return <LoadingState label={loading} />;
  return (
    <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching}>
      {failed}
    </LoadError>
  );
}
