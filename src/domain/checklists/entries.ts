/**
 * What a list holds, in order: items to tick, and headings that open a section of the items
 * under them. A heading is never ticked and never counts as an item (in "X of Y", the percent,
 * uses, badges or a card's item count).
 */
export const ENTRY_KINDS = ['item', 'heading'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];
export type ChecklistEntry = { kind: EntryKind; content: string; note: string };

export const isTickable = (entry: { kind: EntryKind }) => entry.kind === 'item';
/** How many of a list's entries are items (headings are not). */
export const countItems = (entries: readonly { kind: EntryKind }[]) => entries.filter(isTickable).length;
