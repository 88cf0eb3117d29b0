import { infiniteQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath } from './checklists';
import { checklistKeys } from './query-keys';

type Paged = z.ZodType<{ nextCursor: string | null }>;

/**
 * What a list shows a page at a time, newest first (`what`: its comments, its remixes, the user's
 * runs of it): each page asks for the rows `before` the previous page's `nextCursor`, and the
 * pages are cached under the list's key for `what`, so a change to the list refreshes them.
 */
export const newestFirstPages = <Schema extends Paged>(checklistId: string, what: 'comments' | 'runs' | 'remixes') =>
  infiniteQueryOptions({
    queryKey: checklistKeys[what](checklistId),
    queryFn: ({ signal, pageParam }) =>
      apiRequest<Schema>(
        `${checklistApiPath(checklistId)}/${what}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
