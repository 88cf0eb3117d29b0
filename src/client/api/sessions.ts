import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { activeSessionsSchema, revokedSessionsSchema } from '@/domain/accounts/sessions';
import { apiRequest } from '@/client/lib/api';
import { sessionListKeys } from './query-keys';

// The signed-in user's sessions: the Sessions section in Settings.

export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionListKeys.all,
    // Other devices sign in and out on their own: always refetch when the section opens.
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest<typeof activeSessionsSchema>('/api/accounts/sessions', { signal }),
  });

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<typeof revokedSessionsSchema>('/api/accounts/sessions/revoke-others', { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionListKeys.all }),
  });
}
