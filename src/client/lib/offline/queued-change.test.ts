import { describe, expect, it } from 'vitest';
import type { ChecklistDetail } from '@/domain/checklists/checklist-view';
import { noRuns } from '@/domain/checklists/runs';
import { newChange, withChange, withQueuedChanges, type QueuedChange } from './queued-change';

const LIST = 'list-1';

function detailWith(completedItemIds: string[], overrides: Partial<ChecklistDetail> = {}): ChecklistDetail {
  return {
    id: LIST,
    items: [
      { id: 'h', kind: 'heading', content: 'Before', note: '' },
      { id: 'a', kind: 'item', content: 'A', note: '' },
      { id: 'b', kind: 'item', content: 'B', note: '' },
      { id: 'c', kind: 'item', content: 'C', note: '' },
    ],
    uses: completedItemIds.length > 0 ? 1 : 0,
    viewer: { isOwner: false, hasLiked: false, completedItemIds, runs: noRuns },
    ...overrides,
  } as ChecklistDetail;
}

let clock = Date.parse('2026-11-29T10:00:00.000Z');
function change(kind: QueuedChange['kind'], itemId?: string, listId = LIST): QueuedChange {
  clock += 1000;
  return newChange(listId, kind, itemId, new Date(clock));
}

describe('withQueuedChanges', () => {
  it('shows the queued ticks in the order they were made, the uses counting the user once', () => {
    const shown = withQueuedChanges(detailWith([]), [change('tick', 'a'), change('tick', 'c')]);
    expect(shown.viewer.completedItemIds).toEqual(['a', 'c']);
    expect(shown.uses).toBe(1);
  });

  it('a tick then an untick of the same item leaves it unticked, and the use goes again', () => {
    const shown = withQueuedChanges(detailWith([]), [change('tick', 'b'), change('untick', 'b')]);
    expect(shown.viewer.completedItemIds).toEqual([]);
    expect(shown.uses).toBe(0);
  });

  it('an untick then a tick of the same item leaves it ticked', () => {
    const shown = withQueuedChanges(detailWith(['b']), [change('untick', 'b'), change('tick', 'b')]);
    expect(shown.viewer.completedItemIds).toEqual(['b']);
  });

  it('Start again between ticks closes the run of the ticks before it and keeps those after', () => {
    const shown = withQueuedChanges(detailWith(['a']), [
      change('tick', 'b'),
      change('startAgain'),
      change('tick', 'c'),
    ]);
    expect(shown.viewer.completedItemIds).toEqual(['c']);
    expect(shown.viewer.runs).toEqual({ ...noRuns, closed: 1 });
  });

  it('Start again after every item is ticked counts a completed run, closed when it was made', () => {
    const startAgain = change('startAgain');
    const shown = withQueuedChanges(detailWith(['a', 'b', 'c']), [startAgain]);
    expect(shown.viewer.runs).toEqual({
      closed: 1,
      closedCompleted: 1,
      lastClosedCompletedAt: startAgain.at,
      lastCompletionAt: null,
    });
  });

  it('Start again with nothing ticked closes no run', () => {
    expect(withQueuedChanges(detailWith([]), [change('startAgain')]).viewer.runs).toEqual(noRuns);
  });

  it('folding a change the server already has changes nothing (a replay shows as once)', () => {
    const tick = change('tick', 'a');
    const once = withChange(detailWith([]), tick);
    expect(withChange(once, tick)).toEqual(once);
  });

  it('leaves out the changes of other lists', () => {
    const shown = withQueuedChanges(detailWith([]), [change('tick', 'a', 'other-list')]);
    expect(shown.viewer.completedItemIds).toEqual([]);
  });
});
