import { queryOptions } from '@tanstack/react-query';
import type { badgeListSchema } from '@/domain/badges/badges';
import { apiRequest } from '@/client/lib/api';
import { badgeKeys } from './query-keys';

/** The user's badges; earned on other pages, so refetched whenever the screen opens. */
export const badgesQuery = () =>
  queryOptions({
    queryKey: badgeKeys.all,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiRequest<typeof badgeListSchema>('/api/badges', { signal }).then((response) => response.badges),
  });
