import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createdChecklistSchema, likeStateSchema } from '@/domain/checklists/checklist-actions';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { apiRequest } from '@/client/lib/api';
import { newChange, withChange, type ChangeKind } from '@/client/lib/offline/queued-change';
import { applyOptimistic, updateDetail } from './checklist-detail-cache';
import { checklistApiPath } from './checklists';
import { checklistKeys } from './query-keys';
import { withQueuedProgress } from './use-send-queued-changes';

// The writes on one checklist's page (like, item completion, reset, clone): each changes its cached detail,
// whose key they match exactly.

type LikeState = z.output<typeof likeStateSchema>;

/** The detail with this like count and the viewer's like. */
function withLike(detail: ChecklistDetail, { likes, hasLiked }: LikeState): ChecklistDetail {
  return { ...detail, likes, viewer: { ...detail.viewer, hasLiked } };
}

/** The detail as it is once the viewer likes it or takes the like back: one more or one fewer, never below 0. */
function withViewerLike(detail: ChecklistDetail, isLiked: boolean): ChecklistDetail {
  return withLike(detail, { likes: Math.max(detail.likes + (isLiked ? 1 : -1), 0), hasLiked: isLiked });
}

/**
 * A like: applied optimistically and reverted on failure. The caller ignores clicks while
 * one is pending, so the snapshot taken here is still the state to go back to.
 */
export function useLikeMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isLiked: boolean) =>
      apiRequest<typeof likeStateSchema>(`${checklistApiPath(id)}/like`, { method: isLiked ? 'PUT' : 'DELETE' }),
    onMutate: async (isLiked) => {
      await applyOptimistic(queryClient, id, (detail) => withViewerLike(detail, isLiked));
    },
    // Undo only the like: completions changed meanwhile stay as they are.
    onError: (_error, isLiked) => {
      updateDetail(queryClient, id, (detail) => withViewerLike(detail, !isLiked));
    },
    onSuccess: (state) => {
      updateDetail(queryClient, id, (detail) => withLike(detail, state));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: checklistKeys.browse }),
  });
}

/**
 * A signed-in user's completing, uncompleting and "Start again" on a list: shown at once (the uses
 * count, the runs) and queued on the device, which sends each change in order, now or once the
 * connection returns (queued-progress.ts, loaded after the page). The server's state replaces the
 * optimistic one when the list's last waiting change is answered.
 */
export function useProgressChange(id: string) {
  const queryClient = useQueryClient();
  return (kind: ChangeKind, itemId?: string) => {
    const change = newChange(id, kind, itemId);
    void applyOptimistic(queryClient, id, (detail) => withChange(detail, change));
    withQueuedProgress(({ queueChange }) => void queueChange(change));
  };
}

/**
 * A copy of a list: a clone of someone else's (`clone`) or one's own duplicate (`duplicate`). Either
 * is a new list of the user's, so their lists and Browse are read again; a clone also changes the
 * original's count of clones.
 */
export function useCopyMutation(id: string, kind: 'clone' | 'duplicate') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<typeof createdChecklistSchema>(`${checklistApiPath(id)}/${kind}`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checklistKeys.detail(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: checklistKeys.browse });
    },
  });
}
