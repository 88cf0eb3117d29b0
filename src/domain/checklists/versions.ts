import type { ChecklistEntry } from './entries';

/**
 * A list's versions. Every save that changes its entries (items, headings, notes, their order)
 * records a version: who, when, and what changed, entry by entry. An entry is known by its key,
 * which it keeps across edits (a reworded item is the same entry) and which a clone's copy of it
 * names as its source: so changes are matched entry by entry, never by position or text alone.
 *
 * A version stores its changes, not the whole list; the first version, and every
 * SNAPSHOT_EVERY-th, also stores the whole list, so any version is rebuilt from the nearest
 * whole list before it and at most SNAPSHOT_EVERY - 1 change sets.
 */
export type KeyedEntry = ChecklistEntry & { key: string };

export type VersionChange =
  /** A new entry, placed after the entry `after` (null: first). */
  | { op: 'add'; key: string; kind: ChecklistEntry['kind']; content: string; note: string; after: string | null }
  | { op: 'remove'; key: string; kind: ChecklistEntry['kind']; content: string }
  | { op: 'reword'; key: string; kind: ChecklistEntry['kind']; from: string; to: string }
  | { op: 'note'; key: string; content: string; from: string; to: string }
  /** An entry placed elsewhere: now after the entry `after` (null: first). */
  | { op: 'move'; key: string; kind: ChecklistEntry['kind']; content: string; after: string | null };

export const SNAPSHOT_EVERY = 20;

/** Whether version `number` stores the whole list as well as its changes. */
export const storesSnapshot = (number: number) => number === 1 || number % SNAPSHOT_EVERY === 0;

/**
 * The positions (in `sequence`) of a longest increasing run of its numbers: the entries that kept
 * their order relative to each other, so only the others are reported as moved.
 */
function longestIncreasing(sequence: number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(sequence.length).fill(-1);
  sequence.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sequence[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]!) kept.add(index);
  return kept;
}

/**
 * What changed from `before` to `after`, entry by entry (by key): removals, rewordings and note
 * changes, then additions and moves in the new order, each placed after its new predecessor. The
 * fewest moves are reported: the entries that kept their relative order stay put.
 */
export function diffEntries(before: readonly KeyedEntry[], after: readonly KeyedEntry[]): VersionChange[] {
  const old = new Map(before.map((entry, index) => [entry.key, { entry, index }]));
  const next = new Set(after.map((entry) => entry.key));
  const changes: VersionChange[] = [];
  for (const entry of before) {
    if (!next.has(entry.key)) changes.push({ op: 'remove', key: entry.key, kind: entry.kind, content: entry.content });
  }
  for (const entry of after) {
    const was = old.get(entry.key)?.entry;
    if (!was) continue;
    if (was.content !== entry.content)
      changes.push({ op: 'reword', key: entry.key, kind: entry.kind, from: was.content, to: entry.content });
    if (was.note !== entry.note)
      changes.push({ op: 'note', key: entry.key, content: entry.content, from: was.note, to: entry.note });
  }
  const staying = after.filter((entry) => old.has(entry.key));
  const stayed = longestIncreasing(staying.map((entry) => old.get(entry.key)!.index));
  const unmoved = new Set([...stayed].map((index) => staying[index]!.key));
  after.forEach((entry, index) => {
    const placedAfter = index === 0 ? null : after[index - 1]!.key;
    if (!old.has(entry.key)) {
      changes.push({
        op: 'add',
        key: entry.key,
        kind: entry.kind,
        content: entry.content,
        note: entry.note,
        after: placedAfter,
      });
    } else if (!unmoved.has(entry.key)) {
      changes.push({ op: 'move', key: entry.key, kind: entry.kind, content: entry.content, after: placedAfter });
    }
  });
  return changes;
}

/** The list after `changes` (as diffEntries wrote them) are applied to `entries`. */
export function applyChanges(entries: readonly KeyedEntry[], changes: readonly VersionChange[]): KeyedEntry[] {
  const byKey = new Map(entries.map((entry) => [entry.key, { ...entry }]));
  for (const change of changes) {
    const entry = byKey.get(change.key);
    if (change.op === 'reword' && entry) entry.content = change.to;
    if (change.op === 'note' && entry) entry.note = change.to;
  }
  const taken = new Set(changes.filter((c) => c.op === 'remove' || c.op === 'move').map((c) => c.key));
  const list = entries.filter((entry) => !taken.has(entry.key)).map((entry) => byKey.get(entry.key)!);
  // In the new order, each after its predecessor, which is already in place: it stayed, or came before.
  for (const change of changes) {
    if (change.op !== 'add' && change.op !== 'move') continue;
    const placed =
      change.op === 'add'
        ? { key: change.key, kind: change.kind, content: change.content, note: change.note }
        : byKey.get(change.key)!;
    const at = change.after === null ? 0 : list.findIndex((entry) => entry.key === change.after) + 1;
    list.splice(at, 0, placed);
  }
  return list;
}

/** How many entries a version added, removed, reworded, moved, and whose notes it changed. */
export type ChangeSummary = { added: number; removed: number; reworded: number; moved: number; notes: number };

export function summariseChanges(changes: readonly Pick<VersionChange, 'op'>[]): ChangeSummary {
  const count = (op: VersionChange['op']) => changes.filter((change) => change.op === op).length;
  return {
    added: count('add'),
    removed: count('remove'),
    reworded: count('reword'),
    moved: count('move'),
    notes: count('note'),
  };
}
