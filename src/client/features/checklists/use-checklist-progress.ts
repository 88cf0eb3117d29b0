import { useMemo } from 'react';
import { isTickable } from '@/domain/checklists/entries';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { useProgressChange } from '@/client/api/checklist-detail';
import { countCompleted, completionFromIds, isAllCompleted, withItemCompletion } from '@/client/lib/progress';
import { useVisitorProgress } from './use-visitor-progress';

/**
 * The user's completion of a checklist's items, one boolean per item (headings left out), whoever
 * they are: saved on the server when signed in, stored in the browser for a visitor.
 *
 * `onCompletionChange` runs when the user's own completing, uncompleting or starting again makes the
 * list complete or incomplete, so the celebration follows an action and never a page load or a re-render.
 */
export function useChecklistProgress(
  detail: ChecklistDetail,
  isSignedIn: boolean,
  onCompletionChange: (isComplete: boolean) => void,
) {
  // Headings are never completed: progress, "X of Y" and the celebration go by the items alone.
  const items = useMemo(() => detail.items.filter(isTickable), [detail.items]);
  const visitor = useVisitorProgress(detail.id, items);
  const changeProgress = useProgressChange(detail.id);
  const completedItemIds = isSignedIn ? detail.viewer.completedItemIds : visitor.completedItemIds;
  const completion = completionFromIds(items, completedItemIds);

  const toggle = (index: number) => {
    const item = items[index];
    if (!item) return;
    const isCompleted = !completion[index];
    const next = completion.map((value, at) => (at === index ? isCompleted : value));
    if (isAllCompleted(next) !== isAllCompleted(completion)) onCompletionChange(isAllCompleted(next));
    if (isSignedIn) changeProgress(isCompleted ? 'tick' : 'untick', item.id);
    else visitor.save(withItemCompletion(visitor.completedItemIds, item.id, isCompleted));
  };

  /** "Start again": a signed-in user's run goes to their history; a visitor's ticks are cleared. */
  const startAgain = (onDone: () => void) => {
    if (isAllCompleted(completion)) onCompletionChange(false);
    if (isSignedIn) {
      changeProgress('startAgain');
    } else {
      visitor.save([]);
    }
    onDone();
  };

  return {
    completion,
    completed: countCompleted(completion),
    total: items.length,
    toggle,
    startAgain,
  };
}
