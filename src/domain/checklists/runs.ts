import { z } from 'zod';
import { newestFirstPageQuery, nextCursorSchema } from '../paging';

// A user's runs of a list. Their completions on it are the open run; "Start again" closes that run
// into the history (completed when every item was ticked, abandoned otherwise) and opens an empty
// one. A visitor's completions, kept in the browser, are one run with no history.

/** The viewer's closed runs of a list in brief, and when they last completed an item of the open run. */
export const runSummarySchema = z.object({
  /** Closed runs, completed or not: whether there is a history to show. */
  closed: z.number().int(),
  /** Closed runs on which every item was ticked. */
  closedCompleted: z.number().int(),
  /** When the newest completed closed run was closed; null when none is. */
  lastClosedCompletedAt: z.string().nullable(),
  /** The open run's newest completion; null while it has none. */
  lastCompletionAt: z.string().nullable(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const noRuns: RunSummary = {
  closed: 0,
  closedCompleted: 0,
  lastClosedCompletedAt: null,
  lastCompletionAt: null,
};

/** One closed run, as the History lists it. */
export const runSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  tickedCount: z.number().int(),
  itemsCount: z.number().int(),
  completed: z.boolean(),
});
export type Run = z.infer<typeof runSchema>;

/** The History comes 10 runs at a time, newest first, with "Show more" for the next page. */
export const RUNS_PAGE_SIZE = 10;
export const MAX_RUNS_PAGE_SIZE = 50;
export const runsPageQuerySchema = newestFirstPageQuery(RUNS_PAGE_SIZE, MAX_RUNS_PAGE_SIZE);
export const runListSchema = z.object({ runs: z.array(runSchema), nextCursor: nextCursorSchema });
export type RunPage = z.infer<typeof runListSchema>;

/** A run is complete when it has a tick and every item is ticked. */
export function isRunComplete(ticked: number, items: number): boolean {
  return ticked > 0 && ticked >= items;
}

/**
 * How many times the viewer completed the list, and when last: each completed closed run, and the
 * open run too while every item of it is ticked (it is completed, only not closed yet). `now` stands
 * for a completion the server has not answered yet.
 */
export function timesCompleted(
  summary: RunSummary,
  openRun: { ticked: number; items: number },
  now: string,
): { count: number; lastAt: string | null } {
  if (!isRunComplete(openRun.ticked, openRun.items)) {
    return { count: summary.closedCompleted, lastAt: summary.lastClosedCompletedAt };
  }
  const openCompletedAt = summary.lastCompletionAt ?? now;
  const lastAt =
    summary.lastClosedCompletedAt && summary.lastClosedCompletedAt > openCompletedAt
      ? summary.lastClosedCompletedAt
      : openCompletedAt;
  return { count: summary.closedCompleted + 1, lastAt };
}

/** "You completed this list N times, last on {date}"; null when never (the line is not shown). */
export function timesCompletedSentence(count: number, lastOn: string): string | null {
  if (count <= 0) return null;
  return `You completed this list ${count} ${count === 1 ? 'time' : 'times'}, last on ${lastOn}`;
}

export type RunState = 'finished' | 'abandoned';
export const runStateLabels: Record<RunState, string> = { finished: 'Finished', abandoned: 'Abandoned' };

/** A closed run is finished when every item was ticked at its close, abandoned otherwise. */
export function runState(run: Pick<Run, 'completed'>): RunState {
  return run.completed ? 'finished' : 'abandoned';
}

export function runTickedText(run: Pick<Run, 'tickedCount' | 'itemsCount'>): string {
  return `${run.tickedCount} of ${run.itemsCount} ticked`;
}

export const runMessages = {
  startAgain: 'Start again',
  startAgainTitle: 'Start this list again?',
  /** A signed-in user's run goes to the history; a visitor's ticks are only cleared. */
  startAgainBody: 'Your ticks are cleared so you can use the list afresh. This run is kept in your history.',
  startAgainVisitorBody: 'Your ticks on this list are cleared so you can use it afresh.',
  startAgainFailed: 'Failed to start again.',
  history: 'History',
  historyLoadFailed: 'Failed to load your history.',
  loadingHistory: 'Loading history...',
  started: 'Started',
} as const;

// Hide completed items: a per-user choice, kept in the profile for a signed-in user and in the browser
// for a visitor.
export const hideCompletedMessages = {
  label: 'Hide completed items',
  allHidden: 'Every item is completed and hidden.',
  saveFailed: 'Failed to save your choice.',
} as const;

/** "2 completed items hidden": what the list leaves out while completed items are hidden. */
export function hiddenItemsText(count: number): string {
  return `${count} completed ${count === 1 ? 'item' : 'items'} hidden`;
}

/**
 * A list's sections as shown while completed items are hidden: each section without its completed
 * items (found by their number), and a section whose items are all completed not at all, heading and
 * all. A heading with no items under it stays.
 */
export function withoutCompleted<S extends { items: readonly { number: number }[] }>(
  sections: readonly S[],
  isCompleted: (number: number) => boolean,
): S[] {
  return sections.flatMap((section) => {
    const items = section.items.filter((item) => !isCompleted(item.number));
    return items.length === 0 && section.items.length > 0 ? [] : [{ ...section, items }];
  });
}
