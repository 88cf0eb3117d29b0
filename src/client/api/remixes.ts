import { infiniteQueryOptions } from '@tanstack/react-query';
import type { remixPageSchema } from '@/domain/checklists/remixes';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath } from './checklists';
import { checklistKeys } from './query-keys';

/**
 * A list's public remixes, newest first, a page at a time: each page starts after the previous
 * one's `nextCursor`. Under the checklists' key, so a clone made here refreshes it.
 */
export const remixesQuery = (checklistId: string) =>
  infiniteQueryOptions({
    queryKey: checklistKeys.remixes(checklistId),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<typeof remixPageSchema>(
        `${checklistApiPath(checklistId)}/remixes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
