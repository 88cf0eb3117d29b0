import { queryOptions } from '@tanstack/react-query';
import { badgeListSchema } from '@/domain/badges/badges';
import { activityFeedSchema, dashboardListsSchema, type DashboardListTab } from '@/domain/dashboard/dashboard';
import { DISCOVER_FALLBACK, discoverCardsSchema, discoverSchema } from '@/domain/discover/assembly';
import { apiRequest } from '@/client/lib/api';

// Per-user data that other pages change (ticks, likes, badges): refetched whenever a screen opens.
const fresh = { staleTime: 0 } as const;

/** Spec §4, §8: if Discover fails to load, the built-in sample data is shown. */
export const discoverQuery = () =>
  queryOptions({
    queryKey: ['checklists', 'discover'],
    queryFn: ({ signal }) => apiRequest('/api/discover', discoverSchema, { signal }).catch(() => DISCOVER_FALLBACK),
  });

/** Spec §8: suggestion errors give an empty list (and are logged). */
export const suggestionsQuery = () =>
  queryOptions({
    queryKey: ['checklists', 'suggestions'],
    queryFn: ({ signal }) =>
      apiRequest('/api/discover/suggestions', discoverCardsSchema, { signal })
        .then((answer) => answer.checklists)
        .catch((error: unknown) => {
          console.warn('Suggestions failed to load', error);
          return [];
        }),
  });

export const dashboardListsQuery = (tab: DashboardListTab) =>
  queryOptions({
    queryKey: ['checklists', 'dashboard', tab],
    ...fresh,
    queryFn: ({ signal }) =>
      apiRequest(`/api/dashboard/lists?tab=${tab}`, dashboardListsSchema, { signal }).then(
        (answer) => answer.checklists,
      ),
  });

export const recentActivityQuery = (limit = 10) =>
  queryOptions({
    queryKey: ['dashboard', 'activity', limit],
    ...fresh,
    queryFn: ({ signal }) =>
      apiRequest(`/api/dashboard/activity?limit=${limit}`, activityFeedSchema, { signal }).then(
        (answer) => answer.events,
      ),
  });

export const badgesQuery = () =>
  queryOptions({
    queryKey: ['badges'],
    ...fresh,
    queryFn: ({ signal }) => apiRequest('/api/badges', badgeListSchema, { signal }).then((answer) => answer.badges),
  });
