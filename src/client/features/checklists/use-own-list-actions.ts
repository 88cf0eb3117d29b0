import { useState, type ComponentProps } from 'react';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { ownListMessages, VISIBILITY_MESSAGE_MS, type OwnChecklist } from '@/domain/checklists/own-lists';
import { unlistedMessages, type ChecklistVisibility } from '@/domain/checklists/visibility';
import type { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { errorMessage } from '@/client/lib/api';
import { useFlashMessage } from '@/client/lib/use-flash-message';
import { useBulkDelete, useBulkVisibility, useDeleteChecklist, useSetVisibility } from '@/client/api/checklists';
import type { ListSelection } from './use-list-selection';

type ConfirmDialogQuestion = Omit<ComponentProps<typeof ConfirmDialog>, 'isOpen' | 'onOpenChange'>;
const closedConfirmDialog: ConfirmDialogQuestion = {
  title: '',
  description: '',
  confirmLabel: '',
  onConfirm: () => {},
};

// Making a list public or private asks first, and so does the third visibility (decision 024).
const visibilityQuestions: Record<
  ChecklistVisibility,
  Pick<ConfirmDialogQuestion, 'title' | 'description' | 'confirmLabel'>
> = {
  public: { title: 'Make Public?', description: ownListMessages.makePublicText, confirmLabel: 'Make Public' },
  private: { title: 'Make Private?', description: ownListMessages.makePrivateText, confirmLabel: 'Make Private' },
  unlisted: {
    title: unlistedMessages.makeUnlistedTitle,
    description: unlistedMessages.makeUnlistedText,
    confirmLabel: unlistedMessages.makeUnlisted,
  },
};

// Deleting one list and deleting the selected ones ask the same, but for the title.
const deleteQuestion = {
  description: ownListMessages.deleteText,
  confirmLabel: 'Delete',
  busyLabel: 'Deleting...',
} satisfies Partial<ConfirmDialogQuestion>;

/** An action that waits in the confirmation dialog for the user's yes. */
export type PendingAction =
  | { kind: 'delete'; list: OwnChecklist }
  | { kind: 'visibility'; list: OwnChecklist; to: ChecklistVisibility }
  | { kind: 'bulk-delete'; ids: string[] };

/**
 * The My Lists tab's writes: delete or change the visibility of one list (each confirmed first),
 * and the same for the selected lists. Their outcome is a confirmation that clears itself, or a
 * failure that stays until the next action.
 */
export function useOwnListActions(selection: Pick<ListSelection, 'selectedIds' | 'selectOnly'>) {
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmation = useFlashMessage(VISIBILITY_MESSAGE_MS);

  const setVisibility = useSetVisibility();
  const remove = useDeleteChecklist();
  const bulkDelete = useBulkDelete();
  const bulkVisibility = useBulkVisibility();

  const close = () => setPending(null);
  const startAction = () => {
    setFailure(null);
    confirmation.clear();
  };

  const changeVisibility = (list: OwnChecklist, to: ChecklistVisibility) => {
    startAction();
    setVisibility.mutate(
      { id: list.id, visibility: to },
      {
        onSuccess: () =>
          confirmation.show(
            to === 'unlisted'
              ? unlistedMessages.nowUnlisted(list.title)
              : ownListMessages.nowVisible(list.title, to === 'public'),
          ),
        onError: (error) => setFailure(ownListMessages.visibilityFailed(errorMessage(error))),
        onSettled: close,
      },
    );
  };

  const deleteOne = (list: OwnChecklist) => {
    startAction();
    remove.mutate(list.id, {
      onError: () => setFailure(ownListMessages.deleteFailed),
      onSettled: close,
    });
  };

  const deleteSelected = (ids: string[]) => {
    startAction();
    bulkDelete.mutate(ids, {
      onSuccess: (result) => {
        selection.selectOnly(result.failed);
        if (result.failed.length) setFailure(result.message ?? checklistActionMessages.bulkDeleteFailed);
      },
      onError: () => setFailure(checklistActionMessages.bulkDeleteFailed),
      onSettled: close,
    });
  };

  const changeSelectedVisibility = (isPublic: boolean) => {
    startAction();
    bulkVisibility.mutate(
      { ids: selection.selectedIds, isPublic },
      {
        onSuccess: (result) => {
          selection.selectOnly(result.failed);
          if (result.failed.length) setFailure(result.message ?? checklistActionMessages.bulkVisibilityFailed);
          else {
            const count = result.succeeded.length;
            confirmation.show(
              `${count} ${count === 1 ? 'list is' : 'lists are'} now ${isPublic ? 'public' : 'private'}`,
            );
          }
        },
        onError: () => setFailure(checklistActionMessages.bulkVisibilityFailed),
      },
    );
  };

  // One confirmation dialog for the three questions: delete one, delete the selected, change visibility.
  const confirmDialogFor = (question: PendingAction): ConfirmDialogQuestion => {
    switch (question.kind) {
      case 'delete':
        return {
          ...deleteQuestion,
          title: `Delete "${question.list.title}"?`,
          isBusy: remove.isPending,
          onConfirm: () => deleteOne(question.list),
        };
      case 'bulk-delete':
        return {
          ...deleteQuestion,
          title: ownListMessages.bulkDeleteTitle(question.ids.length),
          isBusy: bulkDelete.isPending,
          onConfirm: () => deleteSelected(question.ids),
        };
      case 'visibility':
        return {
          ...visibilityQuestions[question.to],
          busyLabel: 'Saving...',
          tone: 'primary',
          isBusy: setVisibility.isPending,
          onConfirm: () => changeVisibility(question.list, question.to),
        };
    }
  };

  return {
    /** Opens the confirmation dialog for `action`. */
    ask: setPending,
    changeSelectedVisibility,
    isBulkBusy: bulkDelete.isPending || bulkVisibility.isPending,
    confirmationMessage: confirmation.message,
    failure,
    /** The props of the one ConfirmDialog. */
    dialog: {
      isOpen: pending !== null,
      onOpenChange: (open: boolean) => !open && close(),
      ...(pending ? confirmDialogFor(pending) : closedConfirmDialog),
    },
  };
}
