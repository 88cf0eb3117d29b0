import { toast } from '@/client/lib/toast';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { useItemDoneMutation, useResetProgressMutation } from '@/client/api/checklist-detail';
import { countDone, doneFromIds, isAllDone } from '@/client/lib/progress';
import { useVisitorProgress } from './use-visitor-progress';

const RESET_FAILED = 'Failed to reset progress.';

/**
 * The user's ticks on a checklist, one boolean per item, whoever they are: saved on the server
 * when signed in, kept in the browser for a visitor (spec §4 "Item completion").
 *
 * `onCompletionChange` runs when the user's own tick, untick or reset makes the list complete or
 * incomplete, so the celebration follows an action and never a page load or a re-render.
 */
export function useChecklistProgress(
  detail: ChecklistDetail,
  isSignedIn: boolean,
  onCompletionChange: (isComplete: boolean) => void,
) {
  const visitor = useVisitorProgress(detail.id, detail.items.length);
  const itemDone = useItemDoneMutation(detail.id);
  const resetProgress = useResetProgressMutation(detail.id);
  const done = isSignedIn ? doneFromIds(detail.items, detail.viewer.completedItemIds) : visitor.done;

  const toggle = (index: number) => {
    const item = detail.items[index];
    if (!item) return;
    const isDone = !done[index];
    const next = done.map((value, at) => (at === index ? isDone : value));
    if (isAllDone(next) !== isAllDone(done)) onCompletionChange(isAllDone(next));
    if (isSignedIn) itemDone.mutate({ itemId: item.id, isDone });
    else visitor.save(next);
  };

  const reset = () => {
    if (isAllDone(done)) onCompletionChange(false);
    if (isSignedIn) resetProgress.mutate(undefined, { onError: () => toast.error(RESET_FAILED) });
    else visitor.save(done.map(() => false));
  };

  return {
    done,
    completed: countDone(done),
    total: detail.items.length,
    toggle,
    reset,
    isResetting: resetProgress.isPending,
  };
}
