import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '@/client/api/use-auth';
import { isNotSessionQuery } from '@/client/api/session';

/**
 * Responses such as a checklist's detail depend on who asks (owner? liked? completed?). When the
 * signed-in user changes without a page load (signing in from a page that sent a visitor to
 * /login), everything cached for the previous one is thrown away and fetched again.
 */
export function useResetCachesOnUserChange() {
  const { isLoading, user } = useAuth();
  const queryClient = useQueryClient();
  const previous = useRef<string | null | undefined>(undefined);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (isLoading) return;
    if (previous.current !== undefined && previous.current !== userId) {
      // Signed out: drop everything rather than refetch it, which would only respond 401. The
      // session's own response, which notified us, stays.
      if (userId === null) queryClient.removeQueries({ predicate: isNotSessionQuery });
      else void queryClient.resetQueries({ predicate: isNotSessionQuery });
    }
    previous.current = userId;
  }, [isLoading, userId, queryClient]);
}
