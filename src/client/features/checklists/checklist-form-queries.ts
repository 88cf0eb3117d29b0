import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toChecklistInput, type ChecklistForm } from '@/domain/checklists/checklist-input';
import { createdChecklistSchema } from '@/domain/checklists/checklist-actions';
import { ApiError, apiRequest } from '@/client/lib/api';

// Every checklist query (browse, detail, ...) sits under this key, so one write refreshes them all.
const checklistsKey = ['checklists'] as const;

/**
 * The form is turned into the API input inside the mutation, so that anything failing there ends up
 * in the mutation's error and the page shows its fallback message instead of failing silently.
 */
export function useCreateChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ChecklistForm) =>
      apiRequest('/api/checklists', createdChecklistSchema, { method: 'POST', body: toChecklistInput(form) }),
    // Not awaited: the page moves on at once, and the next screen fetches what it shows.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checklistsKey });
    },
  });
}

export function useUpdateChecklist(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: ChecklistForm) =>
      apiRequest(`/api/checklists/${encodeURIComponent(id)}`, createdChecklistSchema, {
        method: 'PUT',
        body: toChecklistInput(form),
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checklistsKey });
    },
  });
}

/**
 * Spec §8: a failed save says "Failed to create checklist." / "Failed to update checklist.";
 * only a refusal with the rules' own words (invalid input, not yours) shows those words instead.
 */
export function saveErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 403)) return error.body.message;
  return fallback;
}
