import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { isTickable } from '@/domain/checklists/entries';
import { isRunComplete } from '@/domain/checklists/runs';
import { countCompleted, completionFromIds, usesAfterChange, withItemCompletion } from '@/client/lib/progress';

// One change of a signed-in user's progress on a list, as the device keeps it until the server has
// it, and what it does to the list's detail on screen. Pure: the same fold shows a change the moment
// it is made and again after a reload, while it still waits to be sent.

export type ChangeKind = 'tick' | 'untick' | 'startAgain';

/** A completion made or taken back (`itemId`), or "Start again" (no item), at the time it was made. */
export type QueuedChange = { id: string; listId: string; itemId?: string; kind: ChangeKind; at: string };

/** A new change of the list, made now; its id lets the server and the queue tell a replay apart. */
export function newChange(listId: string, kind: ChangeKind, itemId?: string, now = new Date()): QueuedChange {
  return { id: crypto.randomUUID(), listId, kind, at: now.toISOString(), ...(itemId === undefined ? {} : { itemId }) };
}

/** The detail as the user sees it once this change is made. */
export function withChange(detail: ChecklistDetail, change: QueuedChange): ChecklistDetail {
  if (change.kind === 'startAgain') {
    return {
      ...detail,
      viewer: { ...detail.viewer, completedItemIds: [], runs: runsAfterStartAgain(detail, change.at) },
    };
  }
  if (change.itemId === undefined) return detail;
  return withItemCompletionShown(detail, change.itemId, change.kind === 'tick');
}

/** The detail with the changes not yet sent made on it, in the order they were made. */
export function withQueuedChanges(detail: ChecklistDetail, changes: readonly QueuedChange[]): ChecklistDetail {
  return changes.filter((change) => change.listId === detail.id).reduce(withChange, detail);
}

function withItemCompletionShown(detail: ChecklistDetail, itemId: string, isCompleted: boolean): ChecklistDetail {
  const before = detail.viewer.completedItemIds;
  const after = withItemCompletion(before, itemId, isCompleted);
  const count = (ids: string[]) => countCompleted(completionFromIds(detail.items, ids));
  return {
    ...detail,
    uses: usesAfterChange(detail.uses, count(before), count(after), detail.viewer.runs.closed > 0),
    viewer: { ...detail.viewer, completedItemIds: after },
  };
}

/** The viewer's runs once their open run is closed at `at`: one more closed run if it had a completion. */
function runsAfterStartAgain(detail: ChecklistDetail, at: string): ChecklistDetail['viewer']['runs'] {
  const { runs } = detail.viewer;
  const ticked = countCompleted(completionFromIds(detail.items, detail.viewer.completedItemIds));
  if (ticked === 0) return runs;
  const isComplete = isRunComplete(ticked, detail.items.filter(isTickable).length);
  return {
    closed: runs.closed + 1,
    closedCompleted: runs.closedCompleted + (isComplete ? 1 : 0),
    lastClosedCompletedAt: isComplete ? at : runs.lastClosedCompletedAt,
    lastCompletionAt: null,
  };
}
