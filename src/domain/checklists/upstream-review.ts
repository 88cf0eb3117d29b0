import { z } from 'zod';
import { ENTRY_KINDS } from './entries';
import { changeSummaryText } from './version-history';
import type { UpstreamChange } from './upstream';

// Reviewing what the original of one's clone changed: the banner on the clone, the review (each
// change three ways, applied, skipped, or a conflict to choose) and what applying answers.

const entrySchema = z.object({ kind: z.enum(ENTRY_KINDS), content: z.string(), note: z.string() });
export const upstreamChangeSchema = z.object({
  /** The change as the owner accepts it (`changeId`). */
  id: z.string(),
  op: z.enum(['add', 'remove', 'reword', 'note', 'move']),
  base: entrySchema.nullable(),
  theirs: entrySchema.nullable(),
  mine: entrySchema.nullable(),
  status: z.enum(['clean', 'conflict']),
});
export type UpstreamChangeView = z.infer<typeof upstreamChangeSchema>;

export const upstreamSchema = z.object({
  /** Null when the list is no clone, its original is gone or private, or nothing changed. */
  upstream: z
    .object({
      original: z.object({ id: z.string(), title: z.string() }),
      /** The original's version the clone last reviewed, and the one these changes lead to. */
      fromVersion: z.number().int(),
      toVersion: z.number().int(),
      changes: z.array(upstreamChangeSchema),
    })
    .nullable(),
});
export type UpstreamReview = NonNullable<z.infer<typeof upstreamSchema>['upstream']>;

/** How many changes one review may name: more than a list's entries can change. */
export const MAX_REVIEW_CHANGES = 500;
export const upstreamReviewInputSchema = z.object({
  /** The original's version the owner reviewed (the review's `toVersion`). */
  toVersion: z.number().int().min(1).max(2_000_000_000),
  /** The changes the owner applies (`id`s); every other change of the review is skipped. */
  accept: z.array(z.string().max(100)).max(MAX_REVIEW_CHANGES),
});
export const upstreamReviewResultSchema = z.object({ applied: z.number().int(), reviewedVersion: z.number().int() });

export const upstreamMessages = {
  review: 'Review',
  reviewTitle: 'Changes from the original',
  reviewDescription:
    'Apply the changes you want. Your own edits and ticks are kept; a change you skip is marked as seen.',
  loading: 'Loading changes...',
  loadFailed: 'Failed to load the changes.',
  apply: 'Apply',
  skip: 'Skip',
  takeTheirs: 'Use the original’s',
  keepMine: 'Keep mine',
  conflict: 'Changed on both sides',
  originalThen: 'The original when you cloned it',
  originalNow: 'The original now',
  yours: 'Your list',
  removedHere: 'Not in the list',
  save: 'Save review',
  saving: 'Saving...',
  saveFailed: 'Failed to apply the changes.',
  alreadyReviewed: 'These changes were already reviewed.',
  notFound: 'Version not found.',
  tooManyEntries: 'Applying these changes would make the list longer than a list may be.',
  notificationsSection: 'Notifications',
  notificationsLabel: 'Changes to lists I cloned',
  notificationsDescription: 'Tell me, at most once a day per list, when the original of a list I cloned changes.',
  nothingToReview: 'The original has not changed since you last reviewed it.',
  backToList: 'Back to the list',
  changes: 'Changes',
} as const;

/** "The original has changed since you cloned it: 2 added, 1 reworded, 1 removed". */
export function upstreamBannerText(changes: readonly Pick<UpstreamChange, 'op'>[]): string {
  return `The original has changed since you cloned it: ${changeSummaryText(changes)}`;
}

/** "Applied 2 changes from the original." */
export function appliedMessage(applied: number): string {
  if (applied === 0) return 'Marked the changes as seen.';
  return `Applied ${applied} ${applied === 1 ? 'change' : 'changes'} from the original.`;
}

/** What each change asks the owner: apply or skip a clean one; take the original's side of a conflict or keep theirs. */
export type UpstreamChoice = 'apply' | 'skip' | 'theirs' | 'mine';

/**
 * The choice a change starts with: a clean change is applied, a conflict keeps the owner's side,
 * so that saving without looking never overwrites what the owner changed themselves.
 */
export const defaultChoice = (change: Pick<UpstreamChangeView, 'status'>): UpstreamChoice =>
  change.status === 'conflict' ? 'mine' : 'apply';

/** The ids the review sends as accepted: the changes applied and the conflicts taken from the original. */
export function acceptedChanges(
  changes: readonly Pick<UpstreamChangeView, 'id' | 'status'>[],
  choices: Readonly<Record<string, UpstreamChoice>>,
): string[] {
  return changes
    .filter((change) => {
      const choice = choices[change.id] ?? defaultChoice(change);
      return choice === 'apply' || choice === 'theirs';
    })
    .map((change) => change.id);
}

const what = (entry: { kind: string }) => (entry.kind === 'heading' ? 'heading ' : '');

/** One change of the original as a sentence: what its author did to which entry. */
export function upstreamChangeText(change: Pick<UpstreamChangeView, 'op' | 'base' | 'theirs' | 'mine'>): string {
  const entry = change.theirs ?? change.base ?? change.mine;
  if (!entry) return '';
  const named = `${what(entry)}“${entry.content}”`;
  switch (change.op) {
    case 'add':
      return `The original added ${named}`;
    case 'remove':
      return `The original removed ${named}`;
    case 'reword':
      return `The original reworded ${what(entry)}“${change.base?.content ?? ''}” to “${entry.content}”`;
    case 'note':
      if (!change.base?.note) return `The original added a note to “${entry.content}”`;
      return entry.note
        ? `The original changed the note of “${entry.content}”`
        : `The original removed the note of “${entry.content}”`;
    case 'move':
      return `The original moved ${named}`;
  }
}

/** What a version that took the original's changes says. */
export const upstreamVersionNote = (originalTitle: string) => `Changes from “${originalTitle}”`;
