import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import type { auditPageSchema } from '@/domain/moderation/audit';
import type { staffPickStateSchema } from '@/domain/moderation/staff-picks';
import type { ReviewRequestInput, reviewRequestResultSchema } from '@/domain/moderation/review-requests';
import type { Role } from '@/domain/moderation/roles';
import type { roleChangeResultSchema, rolesListSchema } from '@/domain/moderation/role-admin';
import { apiRequest } from '@/client/lib/api';
import { newestFirstPages } from './newest-first-pages';
import { checklistKeys, moderationAdminKeys, moderationKeys, profileKeys } from './query-keys';

/**
 * The author asks for a review of their hidden list, comment or profile. The thing's hold then
 * says so wherever it shows: the list's, the comments' and the profile's cached responses are
 * read again.
 */
export function useRequestReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewRequestInput) =>
      apiRequest<typeof reviewRequestResultSchema>('/api/moderation/review-requests', { method: 'POST', body: input }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}

/** A moderator picks or unpicks a public list; the list's cached detail takes the new state. */
export function useStaffPick(checklistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isStaffPick: boolean) =>
      apiRequest<typeof staffPickStateSchema>(`/api/moderation/staff-picks/${encodeURIComponent(checklistId)}`, {
        method: isStaffPick ? 'PUT' : 'DELETE',
      }),
    onSuccess: ({ isStaffPick }) => {
      queryClient.setQueryData<ChecklistDetail>(checklistKeys.detail(checklistId), (detail) =>
        detail ? { ...detail, isStaffPick } : detail,
      );
      // The queue's side tab lists the current picks.
      return queryClient.invalidateQueries({ queryKey: moderationKeys.staffPicks });
    },
  });
}

/** The audit log, newest first, a page at a time after the previous page's `nextCursor`. */
export const auditLogQuery = () =>
  newestFirstPages<typeof auditPageSchema>(moderationAdminKeys.audit, '/api/moderation/audit');

/** The people with a role. */
export const rolesQuery = () =>
  queryOptions({
    queryKey: moderationAdminKeys.roles,
    queryFn: ({ signal }) => apiRequest<typeof rolesListSchema>('/api/moderation/roles', { signal }),
  });

/** An admin sets a person's role; the roles list and the audit log are read again. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, role }: { username: string; role: Role }) =>
      apiRequest<typeof roleChangeResultSchema>(`/api/moderation/roles/${encodeURIComponent(username)}`, {
        method: 'PUT',
        body: { role },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationAdminKeys.roles }),
        queryClient.invalidateQueries({ queryKey: moderationAdminKeys.audit }),
      ]),
  });
}
