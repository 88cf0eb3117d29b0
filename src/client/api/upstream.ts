import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { upstreamReviewResultSchema, upstreamSchema } from '@/domain/checklists/upstream-review';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath } from './checklists';
import { checklistKeys } from './query-keys';

/** What the original of the signed-in user's clone changed since they last reviewed it (null: nothing). */
export const upstreamQuery = (checklistId: string) =>
  queryOptions({
    queryKey: checklistKeys.upstream(checklistId),
    queryFn: ({ signal }) => apiRequest<typeof upstreamSchema>(`${checklistApiPath(checklistId)}/upstream`, { signal }),
    // The original changes on others' saves: read it again whenever a screen asks.
    staleTime: 0,
  });

/**
 * Saves a review: the accepted changes are applied to the clone, the rest are marked as seen. The
 * list's entries change, so everything under the checklists' key (its detail, the owner's lists,
 * this review) is read again, on success and on a refusal (another tab reviewed it first). Once
 * saved there is nothing left to review, so the banner goes at once rather than after a refetch.
 */
export function useReviewUpstream(checklistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: { toVersion: number; accept: string[] }) =>
      apiRequest<typeof upstreamReviewResultSchema>(`${checklistApiPath(checklistId)}/upstream/review`, {
        method: 'POST',
        body: review,
      }),
    onSuccess: () => {
      queryClient.setQueryData(upstreamQuery(checklistId).queryKey, { upstream: null });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: checklistKeys.all });
    },
  });
}
