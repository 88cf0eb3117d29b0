import { z } from 'zod';
import { ENTRY_KINDS } from './entries';
import { versionMessages } from './version-messages';
import { summariseChanges, type VersionChange } from './versions';

// A list's versions as its author reads them: "Version history" on their own list, newest first,
// each with what changed; "Restore this version" brings an older one back as a new version.

const kind = z.enum(ENTRY_KINDS);
const placedAfter = z.string().nullable();
export const versionChangeSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), key: z.string(), kind, content: z.string(), note: z.string(), after: placedAfter }),
  z.object({ op: z.literal('remove'), key: z.string(), kind, content: z.string() }),
  z.object({ op: z.literal('reword'), key: z.string(), kind, from: z.string(), to: z.string() }),
  z.object({ op: z.literal('note'), key: z.string(), content: z.string(), from: z.string(), to: z.string() }),
  z.object({ op: z.literal('move'), key: z.string(), kind, content: z.string(), after: placedAfter }),
]);

export const versionSchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  /** What changed from the version before; empty for the first. */
  changes: z.array(versionChangeSchema),
  /** How many entries (items and headings) the list had after this version. */
  entryCount: z.number().int(),
  /** The version a restore brought back; null for an edit. */
  restoredFrom: z.number().int().nullable(),
  /** Credit or reason written with the version ('' for none). */
  note: z.string(),
});
export type Version = z.infer<typeof versionSchema>;

/** Versions come 20 at a time, newest first; `nextCursor` is the number to read on from (`before`). */
export const VERSIONS_PAGE_SIZE = 20;
export const versionPageSchema = z.object({
  versions: z.array(versionSchema),
  /** The newest version's number: the list as it is now. */
  current: z.number().int(),
  nextCursor: z.number().int().nullable(),
});
export type VersionPage = z.infer<typeof versionPageSchema>;

const versionNumber = z.coerce
  .number({ error: 'Version not found.' })
  .int({ error: 'Version not found.' })
  .min(1, { error: 'Version not found.' })
  .max(2_000_000_000, { error: 'Version not found.' });
export const versionPageQuerySchema = z.object({ before: versionNumber.optional() });
export const versionParamsSchema = z.object({ id: z.string(), number: versionNumber });

/** One version's whole list, as the author previews it before restoring. */
export const versionEntriesSchema = z.object({
  number: z.number().int(),
  entries: z.array(z.object({ kind, content: z.string(), note: z.string() })),
});
export type VersionEntries = z.infer<typeof versionEntriesSchema>;

/** A restore's response: the number of the version it saved. */
export const restoredVersionSchema = versionEntriesSchema.pick({ number: true });

// The messages live in a module without zod, so the list's own page can link the history.
export { versionMessages };

/** The browser tab's name for a list's history. */
export const historyPageName = (title: string) => `${versionMessages.history}: ${title}`;

export const versionTitle = (number: number) => `Version ${number}`;
export const restoreTitle = (number: number) => `Restore version ${number}?`;
export const restoredMessage = (number: number) => `Version ${number} restored.`;
export const restoredFromText = (number: number) => `Restored version ${number}`;
/** What the history's lists are called to a screen reader. */
export const changesLabel = (number: number) => `Changes in version ${number}`;
export const entriesLabel = (number: number) => `Entries of version ${number}`;

/** A version lists this many of its changes; more wait behind "Show all N changes". */
export const CHANGES_SHOWN = 5;
export const showAllChangesText = (count: number) => `Show all ${count} changes`;

/** The changes a version shows: all of them once expanded, else the first CHANGES_SHOWN. */
export const shownChanges = <T>(changes: readonly T[], isExpanded: boolean): readonly T[] =>
  isExpanded ? changes : changes.slice(0, CHANGES_SHOWN);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 added, 1 reworded, 1 removed": a version's changes in one line (empty when none). */
export function changeSummaryText(changes: readonly Pick<VersionChange, 'op'>[]): string {
  const summary = summariseChanges(changes);
  return [
    summary.added && `${summary.added} added`,
    summary.reworded && `${summary.reworded} reworded`,
    summary.notes && plural(summary.notes, 'note changed', 'notes changed'),
    summary.moved && `${summary.moved} moved`,
    summary.removed && `${summary.removed} removed`,
  ]
    .filter(Boolean)
    .join(', ');
}

/** One change as a sentence: what the author did to which entry. */
export function changeText(change: VersionChange): string {
  const what = (kind: string) => (kind === 'heading' ? 'heading ' : '');
  switch (change.op) {
    case 'add':
      return `Added ${what(change.kind)}“${change.content}”`;
    case 'remove':
      return `Removed ${what(change.kind)}“${change.content}”`;
    case 'reword':
      return `Reworded ${what(change.kind)}“${change.from}” to “${change.to}”`;
    case 'note':
      if (!change.from) return `Added a note to “${change.content}”`;
      return change.to ? `Changed the note of “${change.content}”` : `Removed the note of “${change.content}”`;
    case 'move':
      return `Moved ${what(change.kind)}“${change.content}”`;
  }
}

/** "12 entries": a version's size (items and headings). */
export const entryCountText = (count: number) => plural(count, 'entry', 'entries');

/**
 * A version's line under its title: the first says so and how many entries the list began with;
 * any other, what its changes did in brief ("2 added, 1 removed").
 */
export function versionSummaryText(version: Pick<Version, 'number' | 'changes' | 'entryCount'>): string {
  if (version.number === 1) return `${versionMessages.first} · ${entryCountText(version.entryCount)}`;
  return changeSummaryText(version.changes);
}
