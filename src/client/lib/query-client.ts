import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/client/lib/toast';
import { ApiError, isRateLimited } from './api';

/** One toast for a rate limit's refusal, however many writes were refused while it shows. */
const RATE_LIMITED_TOAST = 'rate-limited';

export const queryClient = new QueryClient({
  // Issue 9: any write a rate limit refuses says so, and for how long, wherever it was made
  // (screens that show errors inline show the same words there; see lib/api.ts).
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isRateLimited(error)) toast.error(error.message, { id: RATE_LIMITED_TOAST });
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not get better by asking again; spec §8 treats 502-504 as retryable.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
