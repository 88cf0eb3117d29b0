import type { ChecklistEntry } from './checklist-fields';

export type ExistingItem = { id: string; content: string; kind: ChecklistEntry['kind'] };

export type ItemChanges = {
  /** Entries that stay (same id, so everyone's completions of them stay), with their new position and note. */
  keep: { id: string; orderIndex: number; note: string }[];
  insert: (ChecklistEntry & { orderIndex: number })[];
  remove: string[];
};

const same = (a: { kind: string; content: string }, b: { kind: string; content: string }) =>
  a.kind === b.kind && a.content === b.content;

/**
 * How an edit changes the entries: an item (or heading) whose text is unchanged keeps its id, so
 * other users' progress on it survives the edit, whatever happens to its note, which is only
 * rewritten. Matching prefers the same position with the same kind and text, then the first unused
 * entry with the same kind and text (a moved one). An item made a heading, or the reverse, is a
 * new entry. Everything else is new or removed. Positions (order_index) start at 1.
 */
export function planItemChanges(existing: ExistingItem[], next: ChecklistEntry[]): ItemChanges {
  const used = new Set<string>();
  const matched: (string | null)[] = next.map((entry, index) => {
    const samePlace = existing[index];
    if (samePlace && same(samePlace, entry)) {
      used.add(samePlace.id);
      return samePlace.id;
    }
    return null;
  });
  next.forEach((entry, index) => {
    if (matched[index] !== null) return;
    const moved = existing.find((item) => !used.has(item.id) && same(item, entry));
    if (moved) {
      used.add(moved.id);
      matched[index] = moved.id;
    }
  });
  return {
    keep: matched.flatMap((id, index) => (id === null ? [] : [{ id, orderIndex: index + 1, note: next[index]!.note }])),
    insert: next.flatMap((entry, index) => (matched[index] === null ? [{ ...entry, orderIndex: index + 1 }] : [])),
    remove: existing.filter((item) => !used.has(item.id)).map((item) => item.id),
  };
}
