import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  createdChecklistSchema,
  likeStateSchema,
  progressStateSchema,
} from '@/domain/checklists/checklist-actions';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { isTickable } from '@/domain/checklists/entries';
import { isRunComplete } from '@/domain/checklists/runs';
import { apiRequest } from '@/client/lib/api';
import { countCompleted, completionFromIds, usesAfterChange, withItemCompletion } from '@/client/lib/progress';
import { checklistApiPath, checklistDetailQuery } from './checklists';
import { checklistKeys } from './query-keys';

// The writes on one checklist's page (like, item completion, reset, clone): each changes its cached detail,
// whose key they match exactly.

function updateDetail(queryClient: QueryClient, id: string, update: (detail: ChecklistDetail) => ChecklistDetail) {
  // The query's own key carries the detail's type.
  queryClient.setQueryData(checklistDetailQuery(id).queryKey, (detail) => (detail ? update(detail) : detail));
}

type LikeState = z.output<typeof likeStateSchema>;
type ProgressState = z.output<typeof progressStateSchema>;

/** The detail with this like count and the viewer's like. */
function withLike(detail: ChecklistDetail, { likes, hasLiked }: LikeState): ChecklistDetail {
  return { ...detail, likes, viewer: { ...detail.viewer, hasLiked } };
}

/** The detail as it is once the viewer likes it or takes the like back: one more or one fewer, never below 0. */
function withViewerLike(detail: ChecklistDetail, isLiked: boolean): ChecklistDetail {
  return withLike(detail, { likes: Math.max(detail.likes + (isLiked ? 1 : -1), 0), hasLiked: isLiked });
}

/** The detail with this use count, the viewer's completed items and (from the server) their runs. */
function withProgress(
  detail: ChecklistDetail,
  { uses, completedItemIds, runs = detail.viewer.runs }: Omit<ProgressState, 'runs'> & Partial<ProgressState>,
): ChecklistDetail {
  return { ...detail, uses, viewer: { ...detail.viewer, completedItemIds, runs } };
}

/**
 * Writes an optimistic change at once, so the render that follows the click already shows it,
 * then stops a refetch already in flight from overwriting it. Cancelling reverts to the last data
 * set by hand, which is this change.
 */
function applyOptimistic(queryClient: QueryClient, id: string, update: (detail: ChecklistDetail) => ChecklistDetail) {
  updateDetail(queryClient, id, update);
  return queryClient.cancelQueries({ queryKey: checklistKeys.detail(id), exact: true });
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

type ItemCompletion = { itemId: string; isCompleted: boolean };

/**
 * Completing or uncompleting an item: optimistic, and several may be in flight at once. Only the
 * last one to settle writes the server's response, so an earlier response cannot undo a later
 * change on screen; a failed one quietly takes back its own change, with no message.
 */
export function useItemCompletionMutation(id: string) {
  const queryClient = useQueryClient();
  const isLastInFlight = () => queryClient.isMutating({ mutationKey: checklistKeys.progress(id) }) <= 1;

  return useMutation({
    mutationKey: checklistKeys.progress(id),
    mutationFn: ({ itemId, isCompleted }: ItemCompletion) =>
      apiRequest<typeof progressStateSchema>(`${checklistApiPath(id)}/items/${encodeURIComponent(itemId)}/done`, {
        method: isCompleted ? 'PUT' : 'DELETE',
      }),
    onMutate: async ({ itemId, isCompleted }) => {
      await applyOptimistic(queryClient, id, (detail) => setItemCompletion(detail, itemId, isCompleted));
    },
    onError: (_error, { itemId, isCompleted }) => {
      updateDetail(queryClient, id, (detail) => setItemCompletion(detail, itemId, !isCompleted));
      if (isLastInFlight()) void queryClient.invalidateQueries({ queryKey: checklistKeys.detail(id), exact: true });
    },
    onSuccess: (state) => {
      if (isLastInFlight()) updateDetail(queryClient, id, (detail) => withProgress(detail, state));
    },
    onSettled: () => {
      if (isLastInFlight()) void queryClient.invalidateQueries({ queryKey: checklistKeys.browse });
    },
  });
}

function setItemCompletion(detail: ChecklistDetail, itemId: string, isCompleted: boolean): ChecklistDetail {
  const before = detail.viewer.completedItemIds;
  const after = withItemCompletion(before, itemId, isCompleted);
  const count = (ids: string[]) => countCompleted(completionFromIds(detail.items, ids));
  return withProgress(detail, {
    uses: usesAfterChange(detail.uses, count(before), count(after), detail.viewer.runs.closed > 0),
    completedItemIds: after,
  });
}

/**
 * "Start again" for a signed-in user: the open run, if it has a completion, goes to the history and
 * every item is unticked. Applied at once (the run counted as closed, the use kept), then the
 * server's response; the history's pages are read again.
 */
export function useStartAgainMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: checklistKeys.progress(id),
    mutationFn: () => apiRequest<typeof progressStateSchema>(`${checklistApiPath(id)}/progress`, { method: 'DELETE' }),
    onMutate: async () => {
      await applyOptimistic(queryClient, id, (detail) => ({
        ...detail,
        viewer: {
          ...detail.viewer,
          completedItemIds: [],
          runs: runsAfterStartAgain(detail, new Date().toISOString()),
        },
      }));
    },
    // On failure, ask the server what is true rather than restoring a snapshot that later changes
    // (a like, another completion) would make stale.
    onError: () => queryClient.invalidateQueries({ queryKey: checklistKeys.detail(id), exact: true }),
    onSuccess: (state) => {
      updateDetail(queryClient, id, (detail) => withProgress(detail, state));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: checklistKeys.runs(id) });
      return queryClient.invalidateQueries({ queryKey: checklistKeys.browse });
    },
  });
}

/** The viewer's runs once their open run is closed at `now`: one more closed run if it had a completion. */
function runsAfterStartAgain(detail: ChecklistDetail, now: string): ChecklistDetail['viewer']['runs'] {
  const { runs } = detail.viewer;
  const completion = completionFromIds(detail.items, detail.viewer.completedItemIds);
  const ticked = countCompleted(completion);
  if (ticked === 0) return runs;
  const isComplete = isRunComplete(ticked, detail.items.filter(isTickable).length);
  return {
    closed: runs.closed + 1,
    closedCompleted: runs.closedCompleted + (isComplete ? 1 : 0),
    lastClosedCompletedAt: isComplete ? now : runs.lastClosedCompletedAt,
    lastCompletionAt: null,
  };
}

/** Clone: a new public list owned by the cloner; the caller then opens its edit page. */
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
