import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  casePageSchema,
  caseSnapshotResponseSchema,
  HideInput,
  QueueAction,
  staffPickListSchema,
  SuspendInput,
} from '@/domain/moderation/queue';
import { apiRequest } from '@/client/lib/api';
import type { okSchema } from '@/domain/api-error';
import { newestFirstPages } from './newest-first-pages';
import { checklistKeys, moderationKeys, profileKeys } from './query-keys';

/** The open cases, newest first, a page at a time (each after the previous page's `nextCursor`). */
export const moderationCasesQuery = () =>
  newestFirstPages<typeof casePageSchema>(moderationKeys.cases, '/api/moderation/cases');

/** One case's whole snapshot (the queue's page carries a list's first entries only); it never changes. */
export const caseSnapshotQuery = (caseId: string) =>
  queryOptions({
    queryKey: moderationKeys.snapshot(caseId),
    queryFn: ({ signal }) =>
      apiRequest<typeof caseSnapshotResponseSchema>(`/api/moderation/cases/${encodeURIComponent(caseId)}/snapshot`, {
        signal,
      }),
    staleTime: Infinity,
  });

export const moderationStaffPicksQuery = () =>
  queryOptions({
    queryKey: moderationKeys.staffPicks,
    queryFn: ({ signal }) => apiRequest<typeof staffPickListSchema>('/api/moderation/staff-picks', { signal }),
  });

export type CaseDecision =
  | { action: Exclude<QueueAction, 'hide' | 'suspend'>; caseId: string }
  | { action: 'hide'; caseId: string; input: HideInput }
  | { action: 'suspend'; caseId: string; input: SuspendInput };

/**
 * A decision on a case. Afterwards the queue is asked again, and so is every list and profile: a
 * hidden list or a suspended author's lists leave every listing at once.
 */
export function useDecideCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CaseDecision) =>
      apiRequest<typeof okSchema>(`/api/moderation/cases/${encodeURIComponent(decision.caseId)}/${decision.action}`, {
        method: 'POST',
        body: 'input' in decision ? decision.input : {},
      }),
    onSettled: () => {
      for (const queryKey of [moderationKeys.all, checklistKeys.all, profileKeys.all])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
