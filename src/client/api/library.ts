import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  groupListsPageSchema,
  groupSchema,
  groupsSchema,
  libraryStatusSchema,
  LibraryStatus,
} from '@/domain/library/library';
import type { okSchema } from '@/domain/api-error';
import { apiRequest } from '@/client/lib/api';
import { libraryKeys, meKeys } from './query-keys';

const groupPath = (groupId: string) => `/api/library/groups/${encodeURIComponent(groupId)}`;

/** The user's list groups with their lists, oldest first. */
export const libraryGroupsQuery = () =>
  queryOptions({
    queryKey: libraryKeys.groups,
    queryFn: ({ signal }) => apiRequest<typeof groupsSchema>('/api/library/groups', { signal }),
  });

/**
 * The rest of a group's lists, a page at a time after the groups response's first ones.
 * Asked for only once the reader wants them (`enabled`).
 */
export const groupListsQuery = (group: { id: string; nextCursor: string | null }, enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: libraryKeys.groupMore(group),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<typeof groupListsPageSchema>(
        `${groupPath(group.id)}/checklists?cursor=${encodeURIComponent(pageParam)}`,
        {
          signal,
        },
      ),
    initialPageParam: group.nextCursor ?? '',
    getNextPageParam: (page) => page.nextCursor,
    enabled: enabled && group.nextCursor !== null,
  });

/** Which of the user's groups hold a checklist: "In Library" when any does. */
export const libraryStatusQuery = (checklistId: string) =>
  queryOptions({
    queryKey: libraryKeys.status(checklistId),
    queryFn: ({ signal }) =>
      apiRequest<typeof libraryStatusSchema>(`/api/library/checklists/${encodeURIComponent(checklistId)}`, { signal }),
  });

export type Membership = { groupId: string; isMember: boolean };

export function isMembership(value: unknown): value is Membership {
  return typeof value === 'object' && value !== null && 'groupId' in value && typeof value.groupId === 'string';
}

function withGroup(status: LibraryStatus, groupId: string, isMember: boolean): LibraryStatus {
  const rest = status.groupIds.filter((id) => id !== groupId);
  return { ...status, groupIds: isMember ? [...rest, groupId] : rest };
}

/**
 * Clicking a group row files the checklist in it or takes it out. Applied at once; the
 * server's response is written only by the last toggle to settle, so rows clicked in quick
 * succession do not flicker. The callbacks run for every toggle, not only the latest one.
 */
export function useMembershipMutation(
  checklistId: string,
  callbacks: { onSuccess: () => void; onError: (error: Error) => void },
) {
  const queryClient = useQueryClient();
  const statusKey = libraryStatusQuery(checklistId).queryKey;
  const mutationKey = libraryKeys.membership(checklistId);
  const isLastInFlight = () => queryClient.isMutating({ mutationKey }) <= 1;
  const update = (change: (status: LibraryStatus) => LibraryStatus) =>
    queryClient.setQueryData(statusKey, (status) => (status ? change(status) : status));

  return useMutation({
    mutationKey,
    mutationFn: ({ groupId, isMember }: Membership) =>
      apiRequest<typeof libraryStatusSchema>(`${groupPath(groupId)}/checklists/${encodeURIComponent(checklistId)}`, {
        method: isMember ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ groupId, isMember }) => {
      // Written before cancelling: a cancelled refetch reverts to the last data set by hand.
      update((status) => withGroup(status, groupId, isMember));
      await queryClient.cancelQueries({ queryKey: statusKey });
    },
    onError: (error, { groupId, isMember }) => {
      update((status) => withGroup(status, groupId, !isMember));
      callbacks.onError(error);
    },
    onSuccess: (status) => {
      if (isLastInFlight()) queryClient.setQueryData(statusKey, status);
      callbacks.onSuccess();
    },
    onSettled: () => {
      if (isLastInFlight()) void queryClient.invalidateQueries({ queryKey: libraryKeys.groups });
    },
  });
}

export function useCreateGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiRequest<typeof groupSchema>('/api/library/groups', { method: 'POST', body: { name } }),
    onSuccess: (group) => {
      queryClient.setQueryData(libraryGroupsQuery().queryKey, (list) =>
        list ? { groups: [...list.groups.filter((other) => other.id !== group.id), group] } : list,
      );
      void queryClient.invalidateQueries({ queryKey: libraryKeys.groups });
    },
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
  return {
    rename: useMutation({
      mutationFn: ({ groupId, name }: { groupId: string; name: string }) =>
        apiRequest<typeof okSchema>(groupPath(groupId), { method: 'PATCH', body: { name } }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (groupId: string) => apiRequest<typeof okSchema>(groupPath(groupId), { method: 'DELETE' }),
      onSettled: refresh,
    }),
    removeList: useMutation({
      mutationFn: ({ groupId, checklistId }: { groupId: string; checklistId: string }) =>
        apiRequest<typeof libraryStatusSchema>(`${groupPath(groupId)}/checklists/${encodeURIComponent(checklistId)}`, {
          method: 'DELETE',
        }),
      onSettled: refresh,
    }),
  };
}
