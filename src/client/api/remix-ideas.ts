import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { remixIdeasSchema } from '@/domain/checklists/remix-ideas';
import { apiRequest } from '@/client/lib/api';
import { checklistApiPath } from './checklists';
import { checklistKeys } from './query-keys';

const ideasPath = (checklistId: string) => `${checklistApiPath(checklistId)}/ideas`;

/** The author's ideas from public remixes of their list, most-added first (others get a 404). */
export const remixIdeasQuery = (checklistId: string) =>
  queryOptions({
    queryKey: checklistKeys.ideas(checklistId),
    queryFn: ({ signal }) => apiRequest<typeof remixIdeasSchema>(ideasPath(checklistId), { signal }),
    // Ideas are optional: a failed read shows nothing rather than asking the author to retry.
    retry: false,
  });

type Ideas = z.output<typeof remixIdeasSchema>;

/**
 * "Add to my list" or "Dismiss": the idea leaves the panel at once on success. Adding changes the
 * list, so its page, its versions and the listings that count its items are read again.
 */
export function useRemixIdeaAction(checklistId: string, action: 'adopt' | 'dismiss') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idea: string) =>
      apiRequest<z.ZodUnknown>(`${ideasPath(checklistId)}/${action}`, { method: 'POST', body: { idea } }),
    onSuccess: (_response, idea) => {
      queryClient.setQueryData<Ideas>(checklistKeys.ideas(checklistId), (data) =>
        data ? { ideas: data.ideas.filter((shown) => shown.idea !== idea) } : data,
      );
      if (action === 'adopt') {
        void queryClient.invalidateQueries({ queryKey: checklistKeys.detail(checklistId), exact: true });
        void queryClient.invalidateQueries({ queryKey: checklistKeys.versions(checklistId) });
        void queryClient.invalidateQueries({ queryKey: checklistKeys.browse });
        void queryClient.invalidateQueries({ queryKey: checklistKeys.mine });
      }
    },
  });
}
