import { describe, expect, it } from 'vitest';
import {
  hiddenItemsText,
  isRunComplete,
  noRuns,
  runState,
  runTickedText,
  timesCompleted,
  timesCompletedSentence,
  withoutCompleted,
} from './runs';

const now = '2026-11-28T12:00:00.000Z';

describe('a run', () => {
  it('is complete only with a tick and every item ticked', () => {
    expect(isRunComplete(0, 0)).toBe(false);
    expect(isRunComplete(2, 3)).toBe(false);
    expect(isRunComplete(3, 3)).toBe(true);
  });

  it('is finished when closed complete and abandoned otherwise, with its ticks of its items', () => {
    expect(runState({ completed: true })).toBe('finished');
    expect(runState({ completed: false })).toBe('abandoned');
    expect(runTickedText({ tickedCount: 2, itemsCount: 5 })).toBe('2 of 5 ticked');
  });
});

describe('how many times the list was completed', () => {
  const closed = { ...noRuns, closed: 3, closedCompleted: 2, lastClosedCompletedAt: '2026-11-01T10:00:00.000Z' };

  it('counts the completed closed runs, and the open run while every item is ticked', () => {
    expect(timesCompleted(closed, { ticked: 1, items: 3 }, now)).toEqual({
      count: 2,
      lastAt: '2026-11-01T10:00:00.000Z',
    });
    const open = { ...closed, lastCompletionAt: '2026-11-20T09:00:00.000Z' };
    expect(timesCompleted(open, { ticked: 3, items: 3 }, now)).toEqual({
      count: 3,
      lastAt: '2026-11-20T09:00:00.000Z',
    });
    // A completion the server has not answered yet is dated now.
    expect(timesCompleted(closed, { ticked: 3, items: 3 }, now).lastAt).toBe(now);
    expect(timesCompleted(noRuns, { ticked: 0, items: 0 }, now)).toEqual({ count: 0, lastAt: null });
  });

  it('says so in one sentence, singular for once, and nothing for never', () => {
    expect(timesCompletedSentence(0, '')).toBeNull();
    expect(timesCompletedSentence(1, '28/11/2026')).toBe('You completed this list 1 time, last on 28/11/2026');
    expect(timesCompletedSentence(4, '28/11/2026')).toBe('You completed this list 4 times, last on 28/11/2026');
  });
});

describe('hiding completed items', () => {
  const item = (number: number) => ({ entry: `item ${number}`, number });
  const sections = [
    { heading: null, items: [item(1)] },
    { heading: 'Packed', items: [item(2), item(3)] },
    { heading: 'Bought', items: [item(4), item(5)] },
    { heading: 'Empty', items: [] },
  ];
  const done = new Set([1, 2, 3, 4]);

  it('leaves out completed items and a section whose items are all completed; numbers stay', () => {
    expect(withoutCompleted(sections, (number) => done.has(number))).toEqual([
      { heading: 'Bought', items: [item(5)] },
      { heading: 'Empty', items: [] },
    ]);
  });

  it('leaves every section as it is while nothing is completed', () => {
    expect(withoutCompleted(sections, () => false)).toEqual(sections);
  });

  it('says how many items are hidden', () => {
    expect(hiddenItemsText(1)).toBe('1 completed item hidden');
    expect(hiddenItemsText(3)).toBe('3 completed items hidden');
  });
});
