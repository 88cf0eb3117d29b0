import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { accountStatsSchema, meSchema, Me, ProfileUpdate, SettingsUpdate } from '@/domain/accounts/profile';
import { apiRequest } from '@/client/lib/api';
import { checklistKeys, libraryKeys, meKeys, profileKeys } from './query-keys';

/** The signed-in user's own profile and settings. */
export const meQuery = () =>
  queryOptions({
    queryKey: meKeys.me,
    queryFn: ({ signal }) => apiRequest<typeof meSchema>('/api/accounts/me', { signal }),
  });

export const accountStatsQuery = () =>
  queryOptions({
    queryKey: meKeys.stats,
    // Follows, clones, saves and completions happen on other pages: always refetch when the page opens.
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest<typeof accountStatsSchema>('/api/accounts/me/stats', { signal }),
  });

/** The profile writes respond with the whole profile, which becomes the cached one. */
function useMeWrite<Input>(request: (input: Input) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (me) => {
      queryClient.setQueryData(meQuery().queryKey, me);
      // Names and avatars show on lists and their comments, in library groups and on profiles.
      for (const queryKey of [checklistKeys.all, libraryKeys.all, profileKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export const useUpdateProfile = () =>
  useMeWrite((update: ProfileUpdate) =>
    apiRequest<typeof meSchema>('/api/accounts/me/profile', { method: 'PATCH', body: update }),
  );

export const useChangeUsername = () =>
  useMeWrite((username: string) =>
    apiRequest<typeof meSchema>('/api/accounts/me/username', { method: 'PUT', body: { username } }),
  );

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) =>
      apiRequest<typeof meSchema>('/api/accounts/me/settings', { method: 'PATCH', body: update }),
    onSuccess: (me) => queryClient.setQueryData(meQuery().queryKey, me),
  });
}
