import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { browsePageSchema, popularTagsSchema, searchCountSchema, BrowsePage } from '@/domain/checklists/browse';
import type { bulkResultSchema, createdChecklistSchema } from '@/domain/checklists/checklist-actions';
import type { ChecklistForm } from '@/domain/checklists/checklist-input';
import type { checklistDetailSchema, ChecklistDetail } from '@/domain/checklists/checklist-view';
import { CACHED_AT_HEADER } from '@/domain/offline';
import type { ownChecklistsSchema, OwnListFilter, OwnListSort } from '@/domain/checklists/own-lists';
import type { ChecklistVisibility } from '@/domain/checklists/visibility';
import type { dashboardListsSchema, DashboardListTab } from '@/domain/dashboard/dashboard';
import {
  DISCOVER_FALLBACK,
  type discoverCardsSchema,
  type discoverSchema,
  type DiscoverView,
} from '@/domain/discover/assembly';
import type { okSchema } from '@/domain/api-error';
import { apiRequest } from '@/client/lib/api';
import { checklistKeys, libraryKeys, meKeys, type BrowseFilters } from './query-keys';

/** The API address of one checklist. */
export const checklistApiPath = (id: string) => `/api/checklists/${encodeURIComponent(id)}`;

// Per-user data that other pages change (completions, likes, badges): refetched whenever a screen opens.
const fresh = { staleTime: 0 } as const;

/**
 * A list's detail with the viewer's progress. With no connection the service worker responds with
 * the copy kept on the device, and `cachedAt` says when that copy was stored (absent for a response
 * from the server). Asked even while the browser says it is offline, for that copy. The viewer's
 * progress changes that wait on this device are made on it, so a reload, online or not, shows what
 * the user did and not only what the server has so far.
 */
export const checklistDetailQuery = (id: string) =>
  queryOptions({
    queryKey: checklistKeys.detail(id),
    networkMode: 'offlineFirst',
    queryFn: async ({ signal }): Promise<ChecklistDetail & { cachedAt?: string }> => {
      // The queue's code is fetched beside the detail, not after it. The server renders without a
      // queue: nothing waits there.
      const queue =
        typeof indexedDB === 'undefined' ? null : import('@/client/lib/offline/tick-queue').catch(() => null);
      const copy = { cachedAt: null as string | null };
      const detail = await apiRequest<typeof checklistDetailSchema>(checklistApiPath(id), {
        signal,
        onResponse: (response) => (copy.cachedAt = response.headers.get(CACHED_AT_HEADER)),
      });
      const loaded = await queue;
      const shown = loaded ? await loaded.withChangesQueuedFor(detail) : detail;
      return copy.cachedAt ? { ...shown, cachedAt: copy.cachedAt } : shown;
    },
  });

function browseParams(filters: BrowseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.tag) params.set('tag', filters.tag);
  params.set('order', filters.order);
  return params;
}

function browsePath(filters: BrowseFilters, cursor: string | null): string {
  const params = browseParams(filters);
  if (cursor) params.set('cursor', cursor);
  return `/api/checklists?${params.toString()}`;
}

/**
 * Every page loaded so far for the given filters; "Load more" asks for the next one, starting
 * after the last card (the response's cursor), so lists published meanwhile neither repeat nor
 * push others out. Each page carries the filters it responds to, so a screen still showing the
 * previous response while the next loads (keepPreviousData) can describe that response, not the
 * URL's newer filters.
 */
export const browseInfiniteQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: checklistKeys.browseInfinite(filters),
    queryFn: ({ pageParam, signal }): Promise<BrowsePage & { filters: BrowseFilters }> =>
      apiRequest<typeof browsePageSchema>(browsePath(filters, pageParam), { signal }).then((page) => ({
        ...page,
        filters,
      })),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });

/**
 * Y of "Showing X of Y" for a search whose first page came without it (`total: null`): the server
 * sends a new search's first page before counting its matches (decision 054).
 */
export const browseCountQuery = (filters: BrowseFilters) =>
  queryOptions({
    queryKey: checklistKeys.browseCount(filters),
    queryFn: ({ signal }) =>
      apiRequest<typeof searchCountSchema>(`/api/checklists/count?${browseParams(filters).toString()}`, { signal }),
  });

/** The top public tags, for the filter chips. */
export const popularTagsQuery = () =>
  queryOptions({
    queryKey: checklistKeys.popularTags,
    queryFn: ({ signal }) => apiRequest<typeof popularTagsSchema>('/api/checklists/tags', { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * The signed-in user's own lists ("My Lists" on /me) in a sort and filter, a page at a time;
 * each page carries the summary tiles over all of them.
 */
export const ownListsQuery = (view: { sort: OwnListSort; filter: OwnListFilter }) =>
  infiniteQueryOptions({
    queryKey: checklistKeys.mineView(view),
    ...fresh,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams(view);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<typeof ownChecklistsSchema>(`/api/accounts/me/checklists?${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

const dashboardListsPath = (tab: DashboardListTab, page: { before?: string | null; limit?: number }) => {
  const query = new URLSearchParams({ tab });
  if (page.before) query.set('before', page.before);
  if (page.limit) query.set('limit', String(page.limit));
  return `/api/dashboard/lists?${query}`;
};

/** A Lists tab, a page at a time: "Show more" asks for the page after the last card. */
export const dashboardListsQuery = (tab: DashboardListTab) =>
  infiniteQueryOptions({
    queryKey: checklistKeys.dashboard(tab),
    ...fresh,
    queryFn: ({ signal, pageParam }) =>
      apiRequest<typeof dashboardListsSchema>(dashboardListsPath(tab, { before: pageParam }), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The first `limit` lists of a tab, for Home's preview; under the tab's key, so it refreshes with it. */
export const dashboardListsPreviewQuery = (tab: DashboardListTab, limit: number) =>
  queryOptions({
    queryKey: checklistKeys.dashboardPreview(tab, limit),
    ...fresh,
    queryFn: ({ signal }) =>
      apiRequest<typeof dashboardListsSchema>(dashboardListsPath(tab, { limit }), { signal }).then(
        (response) => response.checklists,
      ),
  });

/** If Discover fails to load, the built-in sample data is shown. */
export const discoverQuery = () =>
  queryOptions({
    queryKey: checklistKeys.discover,
    // A failure shows the built-in samples at once (no retries first); the page marks them
    // and offers "Try again", which refetches.
    queryFn: ({ signal }): Promise<DiscoverView> =>
      apiRequest<typeof discoverSchema>('/api/discover', { signal }).then(
        (response) => ({ ...response, isFallback: false }),
        () => DISCOVER_FALLBACK,
      ),
  });

/** Suggestion errors give an empty list (and are logged). */
export const suggestionsQuery = () =>
  queryOptions({
    queryKey: checklistKeys.suggestions,
    queryFn: ({ signal }) =>
      apiRequest<typeof discoverCardsSchema>('/api/discover/suggestions', { signal })
        .then((response) => response.checklists)
        .catch((error: unknown) => {
          console.warn('Suggestions failed to load', error);
          return [];
        }),
  });

/** After a change to the user's own lists: My Lists, the stats bar, browse and the lists' pages. */
function useRefreshOwnLists() {
  const queryClient = useQueryClient();
  // Returned, so a mutation stays pending until the lists on screen are fresh (no deleted row lingers).
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: checklistKeys.all }),
      queryClient.invalidateQueries({ queryKey: meKeys.stats }),
      queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
    ]);
}

export function useSetVisibility() {
  const refresh = useRefreshOwnLists();
  return useMutation({
    // Public and private as `{ isPublic }`; unlisted by name (decision 024).
    mutationFn: ({ id, visibility }: { id: string; visibility: ChecklistVisibility }) =>
      apiRequest<typeof okSchema>(`${checklistApiPath(id)}/visibility`, {
        method: 'PATCH',
        body: visibility === 'unlisted' ? { visibility } : { isPublic: visibility === 'public' },
      }),
    onSettled: refresh,
  });
}

export function useDeleteChecklist() {
  const refresh = useRefreshOwnLists();
  return useMutation({
    mutationFn: (id: string) => apiRequest<typeof okSchema>(checklistApiPath(id), { method: 'DELETE' }),
    onSettled: refresh,
  });
}

export function useBulkDelete() {
  const refresh = useRefreshOwnLists();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiRequest<typeof bulkResultSchema>('/api/checklists/bulk-delete', { method: 'POST', body: { ids } }),
    onSettled: refresh,
  });
}

export function useBulkVisibility() {
  const refresh = useRefreshOwnLists();
  return useMutation({
    mutationFn: ({ ids, isPublic }: { ids: string[]; isPublic: boolean }) =>
      apiRequest<typeof bulkResultSchema>('/api/checklists/bulk-visibility', {
        method: 'POST',
        body: { ids, isPublic },
      }),
    onSettled: refresh,
  });
}

/**
 * The API input of an editor's form. Its module (the form's schemas, with zod) is imported when a
 * form is saved: the editor doing so has loaded it already, and the pages that only show lists,
 * which load this file, stay without it.
 */
const inputFrom = async (form: ChecklistForm) =>
  (await import('@/domain/checklists/checklist-input')).toChecklistInput(form);

/**
 * Creates a list from the editor's form. The form is turned into the API input inside the
 * mutation, so that anything failing there ends up in the mutation's error and the page shows its
 * fallback message instead of failing silently.
 */
export function useCreateChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: ChecklistForm) =>
      apiRequest<typeof createdChecklistSchema>('/api/checklists', { method: 'POST', body: await inputFrom(form) }),
    // Not awaited: the page moves on at once, and the next screen fetches what it shows.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: checklistKeys.all }),
  });
}

/** Saves the editor's form over list `id` (unchanged items keep their ids and everyone's completions). */
export function useUpdateChecklist(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: ChecklistForm) =>
      apiRequest<typeof createdChecklistSchema>(checklistApiPath(id), { method: 'PUT', body: await inputFrom(form) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: checklistKeys.all }),
  });
}
