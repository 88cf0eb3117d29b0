import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountStatsSchema,
  meSchema,
  type Me,
  type ProfileUpdate,
  type SettingsUpdate,
} from '@/domain/accounts/profile';
import { apiRequest } from '@/client/lib/api';
import { checklistKeys } from './checklists';
import { libraryKeys } from './library';
import { profileKeys } from './profiles';

export const meKeys = {
  me: ['me'] as const,
  stats: ['me', 'stats'] as const,
};

/** The signed-in user's own profile and settings. */
export const meQuery = () =>
  queryOptions({ queryKey: meKeys.me, queryFn: ({ signal }) => apiRequest('/api/accounts/me', meSchema, { signal }) });

export const accountStatsQuery = () =>
  queryOptions({
    queryKey: meKeys.stats,
    // Follows, clones, saves and ticks happen on other pages: always refetch when the page opens.
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest('/api/accounts/me/stats', accountStatsSchema, { signal }),
  });

/** The profile writes answer with the whole profile, which becomes the cached one. */
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
    apiRequest('/api/accounts/me/profile', meSchema, { method: 'PATCH', body: update }),
  );

export const useChangeUsername = () =>
  useMeWrite((username: string) =>
    apiRequest('/api/accounts/me/username', meSchema, { method: 'PUT', body: { username } }),
  );

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) =>
      apiRequest('/api/accounts/me/settings', meSchema, { method: 'PATCH', body: update }),
    onSuccess: (me) => queryClient.setQueryData(meQuery().queryKey, me),
  });
}
