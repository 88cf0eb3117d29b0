import { isTickable, type EntryKind } from './entries';

// A list's entries read as sections: the items before the first heading, then each heading with
// the items under it. Items are numbered 1, 2, 3… across the whole list, as "X of Y" counts them;
// a heading is never numbered as an item.

export const sectionMessages = {
  addHeading: 'Add heading',
  addNote: 'Add note',
  removeNote: 'Remove note',
  toHeading: 'Turn into heading',
  toItem: 'Turn into item',
  headingPlaceholder: 'Name a section',
  noteLabel: 'Note',
  notePlaceholder: 'Details or a link (optional)',
} as const;

/**
 * Each entry's number among the entries of its kind, from 1: items count items and headings count
 * headings, so the editor names its rows "Item 3" and "Heading 1".
 */
export function numberEntries(entries: readonly { kind: EntryKind }[]): number[] {
  const seen: Record<EntryKind, number> = { item: 0, heading: 0 };
  return entries.map((entry) => (seen[entry.kind] += 1));
}

export type NumberedItem<T> = { entry: T; number: number };
export type ListSection<T> = { heading: T | null; items: NumberedItem<T>[] };

/**
 * The entries as sections, in order: items before the first heading form a section without a
 * heading (left out when there are none), and every heading opens one, even an empty one.
 */
export function sectionsOf<T extends { kind: EntryKind }>(entries: readonly T[]): ListSection<T>[] {
  const sections: ListSection<T>[] = [];
  const numbers = numberEntries(entries);
  entries.forEach((entry, index) => {
    if (!isTickable(entry)) {
      sections.push({ heading: entry, items: [] });
      return;
    }
    if (sections.length === 0) sections.push({ heading: null, items: [] });
    sections.at(-1)!.items.push({ entry, number: numbers[index]! });
  });
  return sections;
}
