import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath } from './checklists';
import { checklistKeys } from './query-keys';

type Paged = z.ZodType<{ nextCursor: string | null }>;

/**
 * What the API returns a page at a time, newest first: each page asks `path` for the rows
 * `before` the previous page's `nextCursor`, and the pages are cached under `queryKey`.
 */
export const newestFirstPages = <Schema extends Paged>(queryKey: QueryKey, path: string) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<Schema>(`${path}${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/**
 * What a list shows a page at a time, newest first (`what`: its comments, its remixes, the user's
 * runs of it), cached under the list's key for `what`, so a change to the list refreshes them.
 */
export const checklistPages = <Schema extends Paged>(checklistId: string, what: 'comments' | 'runs' | 'remixes') =>
  newestFirstPages<Schema>(checklistKeys[what](checklistId), `${checklistApiPath(checklistId)}/${what}`);
