import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountStatsSchema,
  meSchema,
  type Me,
  type ProfileUpdate,
  type SettingsUpdate,
} from '@/domain/accounts/profile';
import { bulkResultSchema } from '@/domain/checklists/checklist-actions';
import { ownChecklistsSchema } from '@/domain/checklists/own-lists';
import { unreadCountSchema } from '@/domain/social/notifications';
import { apiRequest } from '@/client/lib/api';
import { libraryKeys } from '@/client/features/checklists/library-queries';
import { notificationKeys } from '@/client/features/notifications/notification-queries';
import { z } from 'zod';
import { meQuery } from '../use-auth';

export const meKeys = {
  stats: ['me', 'stats'] as const,
  // Under 'checklists', so creating or editing a list elsewhere refreshes "My Lists" too.
  ownLists: ['checklists', 'mine'] as const,
};

export const accountStatsQuery = () =>
  queryOptions({
    queryKey: meKeys.stats,
    // Follows, clones, saves and ticks happen on other pages: always refetch when the page opens.
    staleTime: 0,
    queryFn: ({ signal }) => apiRequest('/api/accounts/me/stats', accountStatsSchema, { signal }),
  });

export const ownListsQuery = () =>
  queryOptions({
    queryKey: meKeys.ownLists,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest('/api/accounts/me/checklists', ownChecklistsSchema, { signal }).then((answer) => answer.checklists),
  });

/** The profile writes answer with the whole profile, which becomes the cached one. */
function useMeWrite<Input>(request: (input: Input) => Promise<Me>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (me) => {
      queryClient.setQueryData(meQuery().queryKey, me);
      // Names and avatars show on lists and their comments, in library groups and on profiles.
      for (const queryKey of [['checklists'], ['library'], ['users']]) void queryClient.invalidateQueries({ queryKey });
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

/** After a change to the user's own lists: My Lists, the stats bar, browse and the lists' pages. */
function useRefreshOwnLists() {
  const queryClient = useQueryClient();
  // Returned, so a mutation stays pending until the lists on screen are fresh (no deleted row lingers).
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['checklists'] }),
      queryClient.invalidateQueries({ queryKey: meKeys.stats }),
      queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    ]);
}

const ok = z.object({ ok: z.literal(true) });

export function useSetVisibility() {
  const refresh = useRefreshOwnLists();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) =>
      apiRequest(`/api/checklists/${encodeURIComponent(id)}/visibility`, ok, { method: 'PATCH', body: { isPublic } }),
    onSettled: refresh,
  });
}

export function useDeleteChecklist() {
  const refresh = useRefreshOwnLists();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/checklists/${encodeURIComponent(id)}`, ok, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

export function useBulkDelete() {
  const refresh = useRefreshOwnLists();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest('/api/checklists/bulk-delete', bulkResultSchema, { method: 'POST', body: { ids } }),
    onSettled: refresh,
  });
}

export function useBulkVisibility() {
  const refresh = useRefreshOwnLists();
  return useMutation({
    mutationFn: ({ ids, isPublic }: { ids: string[]; isPublic: boolean }) =>
      apiRequest('/api/checklists/bulk-visibility', bulkResultSchema, { method: 'POST', body: { ids, isPublic } }),
    onSettled: refresh,
  });
}

/** Group actions of the List Library screen; each refreshes the groups and the stats bar. */
export function useGroupActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
      queryClient.invalidateQueries({ queryKey: meKeys.stats }),
    ]);
  const path = (groupId: string) => `/api/library/groups/${encodeURIComponent(groupId)}`;
  return {
    rename: useMutation({
      mutationFn: ({ groupId, name }: { groupId: string; name: string }) =>
        apiRequest(path(groupId), ok, { method: 'PATCH', body: { name } }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (groupId: string) => apiRequest(path(groupId), ok, { method: 'DELETE' }),
      onSettled: refresh,
    }),
    removeList: useMutation({
      mutationFn: ({ groupId, checklistId }: { groupId: string; checklistId: string }) =>
        apiRequest(`${path(groupId)}/checklists/${encodeURIComponent(checklistId)}`, z.unknown(), {
          method: 'DELETE',
        }),
      onSettled: refresh,
    }),
  };
}

/** The Activity feed's writes; the unread count follows each. */
export function useNotificationActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const setUnread = (answer: { unread: number }) => queryClient.setQueryData(notificationKeys.unread, answer.unread);
  return {
    markAllRead: useMutation({
      mutationFn: () => apiRequest('/api/notifications/read-all', unreadCountSchema, { method: 'POST' }),
      onSuccess: setUnread,
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest(`/api/notifications/${encodeURIComponent(id)}`, ok, { method: 'DELETE' }),
      onSettled: refresh,
    }),
    removeAll: useMutation({
      mutationFn: () => apiRequest('/api/notifications', ok, { method: 'DELETE' }),
      onSettled: refresh,
    }),
  };
}
