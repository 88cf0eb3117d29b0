import { queryOptions } from '@tanstack/react-query';
import type { activityFeedSchema } from '@/domain/dashboard/dashboard';
import { apiRequest } from '@/client/lib/api';
import { activityKeys } from './query-keys';

/** The dashboard's recent activity; other pages change it, so it is refetched whenever it shows. */
export const recentActivityQuery = (limit = 10) =>
  queryOptions({
    queryKey: activityKeys.recent(limit),
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest<typeof activityFeedSchema>(`/api/dashboard/activity?limit=${limit}`, { signal }).then(
        (response) => response.events,
      ),
  });
