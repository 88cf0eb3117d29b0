import { infiniteQueryOptions } from '@tanstack/react-query';
import type { runListSchema } from '@/domain/checklists/runs';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath } from './checklists';
import { checklistKeys } from './query-keys';

/**
 * The signed-in user's own closed runs of a list, newest first, a page at a time: each page starts
 * after the previous one's `nextCursor`. Asked for only when the History is opened.
 */
export const runsQuery = (checklistId: string) =>
  infiniteQueryOptions({
    queryKey: checklistKeys.runs(checklistId),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<typeof runListSchema>(
        `${checklistApiPath(checklistId)}/runs${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
