import { queryOptions, type Query } from '@tanstack/react-query';
import type { sessionResponseSchema } from '@/domain/accounts/session';
import { ApiError, apiRequest } from '@/client/lib/api';
import { readDeviceOwner } from '@/client/lib/offline/device-owner';
import { sessionKeys } from './query-keys';

/**
 * Who is signed in, read from Better Auth's session endpoint with a plain request: Better Auth's
 * browser client (some 12 KB gzip) loads only with the screens that sign in, reset a password or
 * sign out. Not retried: a 5xx shows "Try again" at once (see `useAuth`).
 */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKeys.session,
    // Asked even while the browser says it is offline: no answer then says who was signed in here.
    networkMode: 'offlineFirst',
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<typeof sessionResponseSchema>('/api/auth/get-session', { signal });
      } catch (error) {
        if (error instanceof ApiError || signal.aborted) throw error;
        // No response at all (no connection): the user last signed in on this device, whose lists
        // and changes are kept here, else a visitor, until the server can say (a reconnect asks
        // again). A failure instead would be asked again by every screen that mounts.
        const owner = readDeviceOwner();
        return owner ? { user: owner } : null;
      }
    },
    retry: false,
  });

/** Every cached response but the session's, for resetting caches when the user changes. */
export const isNotSessionQuery = (query: Query) => query.queryKey[0] !== sessionKeys.session[0];
