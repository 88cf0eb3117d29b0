import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/client/lib/toast';
import { ApiError, errorMessage, isOfflineFailure, isRateLimited } from './api';

/** One toast for a rate limit's refusal, however many writes were refused while it shows. */
const RATE_LIMITED_TOAST = 'rate-limited';
/** One toast for writes made offline, however many. */
const OFFLINE_TOAST = 'offline';

/**
 * What every query shares, in the browser and when the server renders a page (entry-server.tsx):
 * the same freshness on both sides, so the first render in the browser matches the server's.
 */
export const queryDefaults = { staleTime: 30_000 } as const;

export const queryClient = new QueryClient({
  // Any write a rate limit refuses says so, and for how long, wherever it was made; any write made
  // offline says it needs a connection. A screen that shows the failure inline as well takes its
  // words from errorMessage too, so the two agree.
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isRateLimited(error)) toast.error(errorMessage(error), { id: RATE_LIMITED_TOAST });
      if (isOfflineFailure(error)) toast.error(errorMessage(error), { id: OFFLINE_TOAST });
    },
  }),
  defaultOptions: {
    // A write made offline fails at once and says it needs a connection (api.ts), rather than wait,
    // paused, to be sent later by surprise: a form keeps what was typed, and the user decides.
    mutations: { networkMode: 'always' },
    queries: {
      ...queryDefaults,
      // A 4xx will not get better by asking again; a 502-504 is worth retrying.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
