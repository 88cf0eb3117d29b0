import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Viewer } from '@/domain/permissions';
import { ApiError } from '@/client/lib/api';
import { meQuery } from './me';
import { sessionQuery } from './session';

/**
 * Who is signed in: loading until the first session check ends; the profile is
 * fetched when a user appears and cleared when they go; a failed fetch leaves it empty.
 */
export function useAuth() {
  const session = useQuery(sessionQuery());
  const user = session.data?.user ?? null;
  const me = useQuery({ ...meQuery(), enabled: user !== null });
  const queryClient = useQueryClient();

  const signOut = useCallback(async () => {
    // Nothing fetched for the user who is leaving should still be asked for once they have gone:
    // queries in flight are cancelled, and none starts from here on (TanStack holds a query while
    // it believes itself offline). A screen still loading as Logout is pressed (Settings and its
    // sessions list) would otherwise ask once the session has ended, and get a 401. The full load
    // below starts the app afresh, online.
    onlineManager.setOnline(false);
    await queryClient.cancelQueries();
    try {
      const { authClient } = await import('@/client/lib/auth-client');
      await authClient.signOut();
    } catch (error) {
      console.warn('Sign-out failed', error);
    }
    queryClient.clear();
    // Nothing of theirs stays on the device: their lists' copies and their changes not yet sent.
    const { clearOfflineData } = await import('@/client/lib/offline/clear');
    await clearOfflineData();
    // A full load of the landing page: no screen can keep showing the signed-out user's data, and
    // no guard can act on a session store that has not caught up yet.
    window.location.assign('/');
  }, [queryClient]);

  // The session could not be checked (the service responded 5xx, e.g. 503 while its database is
  // away): not the same as signed out, so guards show "Try again" instead of the sign-in page.
  const isSessionUnavailable = user === null && session.error instanceof ApiError && session.error.status >= 500;

  return {
    isLoading: session.isPending,
    isSessionUnavailable,
    retrySession: () => void session.refetch(),
    isRetryingSession: session.isRefetching,
    user,
    /** Who is asking, as the permission rules of src/domain/permissions.ts take it. */
    viewer: (user ? { id: user.id } : null) satisfies Viewer,
    profile: user ? (me.data ?? null) : null,
    isProfileLoading: user !== null && me.isPending,
    refreshProfile: () => me.refetch(),
    signOut,
  };
}
