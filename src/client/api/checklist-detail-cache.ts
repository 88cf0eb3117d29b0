import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { progressStateSchema } from '@/domain/checklists/checklist-actions';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { checklistDetailQuery } from './checklists';
import { checklistKeys } from './query-keys';

// A checklist's cached detail, as the writes on its page change it.

export type ProgressState = z.output<typeof progressStateSchema>;

export function updateDetail(
  queryClient: QueryClient,
  id: string,
  update: (detail: ChecklistDetail) => ChecklistDetail,
) {
  // The query's own key carries the detail's type.
  queryClient.setQueryData(checklistDetailQuery(id).queryKey, (detail) => (detail ? update(detail) : detail));
}

/** The detail with this use count, the viewer's completed items and their runs, as the server responded. */
export function withProgress(
  detail: ChecklistDetail,
  { uses, completedItemIds, runs }: ProgressState,
): ChecklistDetail {
  return { ...detail, uses, viewer: { ...detail.viewer, completedItemIds, runs } };
}

/**
 * Writes an optimistic change at once, so the render that follows the click already shows it,
 * then stops a refetch already in flight from overwriting it. Cancelling reverts to the last data
 * set by hand, which is this change.
 */
export function applyOptimistic(
  queryClient: QueryClient,
  id: string,
  update: (detail: ChecklistDetail) => ChecklistDetail,
) {
  updateDetail(queryClient, id, update);
  return queryClient.cancelQueries({ queryKey: checklistKeys.detail(id), exact: true });
}
