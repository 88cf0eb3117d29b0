import type { ChecklistEntry } from './checklist-fields';
import type { KeyedEntry } from './versions';

/**
 * A list's entry as stored: its row id, its key (the entry's identity across edits; see
 * versions.ts) and, in a clone, the key of the original's entry it came from.
 */
export type ExistingItem = ChecklistEntry & { id: string; key: string; sourceKey?: string | null };

/**
 * An entry of an edit: `id`, when given, names the stored entry it continues (the editor sends it);
 * `key`, the identity a new row takes when it matches no stored entry (a restore brings an entry
 * back under the key it had); `sourceKey`, the original's entry a new row of a clone comes from.
 */
export type EditedEntry = ChecklistEntry & { id?: string; key?: string; sourceKey?: string | null };

export type ItemChanges = {
  /** Entries that stay (same id, so everyone's completions of them stay), with their new position and note. */
  keep: { id: string; orderIndex: number; note: string }[];
  /**
   * New rows: `key` is the identity a reworded entry keeps, null for a new entry (its key is its
   * id); `sourceKey` what a reworded entry of a clone came from, or a new one's `sourceKey`.
   */
  insert: (ChecklistEntry & { id: string; key: string | null; sourceKey: string | null; orderIndex: number })[];
  remove: string[];
  /** The entries before and after the edit, by key: what the version records. */
  before: KeyedEntry[];
  after: KeyedEntry[];
};

const same = (a: { kind: string; content: string }, b: { kind: string; content: string }) =>
  a.kind === b.kind && a.content === b.content;

/**
 * How an edit changes the entries. An entry whose text is unchanged keeps its row, so other users'
 * progress on it survives the edit, whatever happens to its note, which is only rewritten. An entry
 * that names the stored entry it continues (`id`) is that entry, reworded or not: reworded, it gets
 * a new row (the completions given for the old wording go) but keeps its key, so its history and a
 * clone's copy of it still know it. An entry that names none is matched by text: the same position
 * with the same kind and text, then the first unused entry with the same kind and text (a moved
 * one). An item made a heading, or the reverse, is a new entry. Everything else is new or removed.
 * Positions (order_index) start at 1; `newId` names new rows.
 */
export function planItemChanges(existing: ExistingItem[], next: EditedEntry[], newId: () => string): ItemChanges {
  const used = new Set<string>();
  const byId = new Map(existing.map((item) => [item.id, item]));
  const take = (item: ExistingItem | undefined) => {
    if (!item || used.has(item.id)) return null;
    used.add(item.id);
    return item;
  };
  const matched: (ExistingItem | null)[] = next.map((entry) => {
    const named = entry.id === undefined ? undefined : byId.get(entry.id.toLowerCase());
    return named && named.kind === entry.kind ? take(named) : null;
  });
  next.forEach((entry, index) => {
    const samePlace = existing[index];
    if (matched[index] === null && entry.id === undefined && samePlace && same(samePlace, entry))
      matched[index] = take(samePlace);
  });
  next.forEach((entry, index) => {
    if (matched[index] !== null) return;
    matched[index] = take(existing.find((item) => !used.has(item.id) && same(item, entry)));
  });

  const changes: ItemChanges = { keep: [], insert: [], remove: [], before: existing.map(keyed), after: [] };
  next.forEach((entry, index) => {
    const { kind, content, note } = entry;
    const orderIndex = index + 1;
    const item = matched[index];
    if (item && item.content === content) {
      changes.keep.push({ id: item.id, orderIndex, note });
      changes.after.push({ key: item.key, kind, content, note });
      return;
    }
    const id = newId();
    const key = item?.key ?? entry.key ?? null;
    const sourceKey = (item ? item.sourceKey : entry.sourceKey) ?? null;
    changes.insert.push({ id, key, sourceKey, kind, content, note, orderIndex });
    changes.after.push({ key: key ?? id, kind, content, note });
  });
  const kept = new Set(changes.keep.map((item) => item.id));
  changes.remove = existing.filter((item) => !kept.has(item.id)).map((item) => item.id);
  return changes;
}

const keyed = ({ key, kind, content, note }: ExistingItem): KeyedEntry => ({ key, kind, content, note });
