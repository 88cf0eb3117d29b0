import { queryOptions, type Query } from '@tanstack/react-query';
import type { sessionResponseSchema } from '@/domain/accounts/session';
import { apiRequest } from '@/client/lib/api';
import { sessionKeys } from './query-keys';

/**
 * Who is signed in, read from Better Auth's session endpoint with a plain request: Better Auth's
 * browser client (some 12 KB gzip) loads only with the screens that sign in, reset a password or
 * sign out. Not retried: a 5xx shows "Try again" at once (see `useAuth`).
 */
export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKeys.session,
    queryFn: ({ signal }) => apiRequest<typeof sessionResponseSchema>('/api/auth/get-session', { signal }),
    retry: false,
  });

/** Every cached response but the session's, for resetting caches when the user changes. */
export const isNotSessionQuery = (query: Query) => query.queryKey[0] !== sessionKeys.session[0];
