import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { browsePageSchema, popularTagsSchema, type BrowsePage, type BrowseQuery } from '@/domain/checklists/browse';
import { apiRequest } from '@/client/lib/api';

/** What the browse page filters by; the page number is the infinite query's own business. */
export type BrowseFilters = Omit<BrowseQuery, 'page'>;

function browsePath(query: BrowseQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.tag) params.set('tag', query.tag);
  params.set('order', query.order);
  params.set('page', String(query.page));
  return `/api/checklists?${params.toString()}`;
}

function fetchBrowsePage(query: BrowseQuery, signal: AbortSignal): Promise<BrowsePage> {
  return apiRequest(browsePath(query), browsePageSchema, { signal });
}

// Keys sit under 'checklists' so that invalidating ['checklists'] after a write refreshes browse too.
export const browseKeys = {
  all: ['checklists', 'browse'] as const,
  page: (query: BrowseQuery) => [...browseKeys.all, 'page', query] as const,
  infinite: (filters: BrowseFilters) => [...browseKeys.all, 'infinite', filters] as const,
  popularTags: ['checklists', 'browse', 'popular-tags'] as const,
};

/** One page of cards. */
export const browsePageQuery = (query: BrowseQuery) =>
  queryOptions({
    queryKey: browseKeys.page(query),
    queryFn: ({ signal }) => fetchBrowsePage(query, signal),
  });

/** Every page loaded so far for the given filters; "Load more" asks for the next one. */
export const browseInfiniteQuery = (filters: BrowseFilters) =>
  infiniteQueryOptions({
    queryKey: browseKeys.infinite(filters),
    queryFn: ({ pageParam, signal }) => fetchBrowsePage({ ...filters, page: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.page + 1 : undefined),
  });

/** The top public tags, for the filter chips. */
export const popularTagsQuery = () =>
  queryOptions({
    queryKey: browseKeys.popularTags,
    queryFn: ({ signal }) => apiRequest('/api/checklists/tags', popularTagsSchema, { signal }),
    staleTime: 5 * 60_000,
  });
