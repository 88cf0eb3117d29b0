import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  restoredVersionSchema,
  versionEntriesSchema,
  versionPageSchema,
} from '@/domain/checklists/version-history';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath } from './checklists';
import { checklistKeys } from './query-keys';

const versionsPath = (checklistId: string) => `${checklistApiPath(checklistId)}/versions`;

/**
 * The author's versions of their list, newest first, a page at a time: each page starts before
 * the previous one's `nextCursor` (a version number).
 */
export const versionsQuery = (checklistId: string) =>
  infiniteQueryOptions({
    queryKey: checklistKeys.versions(checklistId),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<typeof versionPageSchema>(
        `${versionsPath(checklistId)}${pageParam === null ? '' : `?before=${pageParam}`}`,
        { signal },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** One version's entries, read when the author opens "Show this version". A version never changes. */
export const versionEntriesQuery = (checklistId: string, number: number) =>
  queryOptions({
    queryKey: checklistKeys.version(checklistId, number),
    queryFn: ({ signal }) =>
      apiRequest<typeof versionEntriesSchema>(`${versionsPath(checklistId)}/${number}`, { signal }),
    staleTime: Infinity,
  });

/**
 * "Restore this version": saved as a new version. The list's own page, its edit form and its
 * versions are refreshed (all under the list's checklists key), and every listing that counts its items.
 */
export function useRestoreVersion(checklistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: number) =>
      apiRequest<typeof restoredVersionSchema>(`${versionsPath(checklistId)}/${number}/restore`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistKeys.all }),
  });
}
