import type { ChecklistEntry } from './entries';
import type { EditedEntry } from './item-changes';
import { diffEntries, type KeyedEntry, type VersionChange } from './versions';

/**
 * Upstream changes: what the original of a clone changed since the clone's owner last reviewed it,
 * compared three ways, entry by entry: the original as it was then (`base`), the original now
 * (`theirs`) and the clone now (`mine`, its entries found by the original's entry they came from).
 *
 * - An added entry is offered unless the clone already has one with the same text.
 * - A rewording or a note replaces the clone's only where the owner has not changed it; where both
 *   changed it differently, it is a conflict for the owner to choose.
 * - A removal removes only an entry the owner has not changed; a changed one is a conflict.
 * - An entry the owner removed takes no change of the original's (there is nothing to change).
 * - A move places the clone's entry after its neighbour in the original.
 */
export type CloneEntry = ChecklistEntry & { id: string; sourceKey: string | null };

export type UpstreamStatus = 'clean' | 'conflict' | 'done';

export type UpstreamChange = {
  key: string;
  op: VersionChange['op'];
  base: ChecklistEntry | null;
  theirs: ChecklistEntry | null;
  mine: ChecklistEntry | null;
  status: UpstreamStatus;
};

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const entry = ({ kind, content, note }: ChecklistEntry): ChecklistEntry => ({ kind, content, note });

/**
 * The clone's entry for each of the original's keys: the one that names it as its source, or, for
 * entries copied before sources were kept, the first unclaimed one with the same kind and text.
 */
export function counterparts(base: readonly KeyedEntry[], mine: readonly CloneEntry[]): Map<string, CloneEntry> {
  const found = new Map<string, CloneEntry>();
  for (const clone of mine) if (clone.sourceKey !== null) found.set(clone.sourceKey, clone);
  const unclaimed = mine.filter((clone) => clone.sourceKey === null);
  for (const original of base) {
    if (found.has(original.key)) continue;
    const index = unclaimed.findIndex((c) => c.kind === original.kind && c.content === original.content);
    if (index >= 0) found.set(original.key, unclaimed.splice(index, 1)[0]!);
  }
  return found;
}

function statusOf(change: VersionChange, base: KeyedEntry | undefined, mine: CloneEntry | undefined): UpstreamStatus {
  switch (change.op) {
    case 'add':
      return mine ? 'done' : 'clean';
    case 'remove':
      if (!mine) return 'done';
      return base && mine.content === base.content && mine.note === base.note ? 'clean' : 'conflict';
    case 'reword':
      if (!mine || mine.content === change.to) return 'done';
      return mine.content === change.from ? 'clean' : 'conflict';
    case 'note':
      if (!mine || mine.note === change.to) return 'done';
      return mine.note === change.from ? 'clean' : 'conflict';
    case 'move':
      return mine ? 'clean' : 'done';
  }
}

/** The original's changes from `base` to `theirs`, each with the clone's side and whether it applies cleanly. */
export function upstreamChanges(
  base: readonly KeyedEntry[],
  theirs: readonly KeyedEntry[],
  mine: readonly CloneEntry[],
): UpstreamChange[] {
  const found = counterparts([...base, ...theirs], mine);
  const baseByKey = new Map(base.map((e) => [e.key, e]));
  const theirsByKey = new Map(theirs.map((e) => [e.key, e]));
  return diffEntries(base, theirs).map((change) => {
    const was = baseByKey.get(change.key);
    const now = theirsByKey.get(change.key);
    let clone = found.get(change.key);
    if (change.op === 'add' && !clone)
      clone = mine.find((c) => c.kind === change.kind && sameText(c.content, change.content));
    return {
      key: change.key,
      op: change.op,
      base: was ? entry(was) : null,
      theirs: now ? entry(now) : null,
      mine: clone ? entry(clone) : null,
      status: statusOf(change, was, clone),
    };
  });
}

/** How the owner names a change they accept: its op and the original's entry key. */
export const changeId = (change: Pick<UpstreamChange, 'op' | 'key'>) => `${change.op}:${change.key}`;

/** The changes that ask the owner something: not those the clone already has. */
export const changesToReview = (changes: readonly UpstreamChange[]) => changes.filter((c) => c.status !== 'done');

/**
 * The clone's entries after the changes the owner accepted (by key and op; for a conflict,
 * accepting takes the original's side): removals, rewordings and notes where they are, then
 * additions and moves in the original's order, each after the clone's entry for its nearest
 * preceding neighbour in the original (first when it has none). Every other entry, and the
 * owner's own, stays as it is; an added entry names the original's entry it came from.
 */
export function applyUpstream(
  base: readonly KeyedEntry[],
  theirs: readonly KeyedEntry[],
  mine: readonly CloneEntry[],
  accepted: ReadonlySet<string>,
): EditedEntry[] {
  const changes = upstreamChanges(base, theirs, mine);
  const found = counterparts([...base, ...theirs], mine);
  const taken = changes.filter((c) => c.status !== 'done' && accepted.has(changeId(c)));
  type Row = EditedEntry & { sourceKey: string | null; forKey: string | null };
  const rows: Row[] = mine.map((c) => ({ ...entry(c), id: c.id, sourceKey: c.sourceKey, forKey: null }));
  const rowFor = (key: string) => rows.find((row) => row.forKey === key) ?? rowOf(found.get(key));
  const rowOf = (clone: CloneEntry | undefined) => (clone ? rows.find((row) => row.id === clone.id) : undefined);
  for (const change of taken) {
    const row = rowFor(change.key);
    if (change.op === 'remove' && row) rows.splice(rows.indexOf(row), 1);
    if (change.op === 'reword' && row && change.theirs) row.content = change.theirs.content;
    if (change.op === 'note' && row && change.theirs) row.note = change.theirs.note;
  }
  const order = new Map(theirs.map((e, index) => [e.key, index]));
  const placed = taken
    .filter((c) => (c.op === 'add' || c.op === 'move') && c.theirs)
    .sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  for (const change of placed) {
    let row: Row | undefined;
    if (change.op === 'add') {
      row = { ...change.theirs!, sourceKey: change.key, forKey: change.key };
    } else {
      row = rowFor(change.key);
      if (!row) continue;
      rows.splice(rows.indexOf(row), 1);
    }
    rows.splice(positionAfterNeighbour(theirs, order.get(change.key)!, rowFor, rows), 0, row);
  }
  return rows.map(({ forKey: _forKey, ...row }) => row);
}

/** Where an entry at `index` of the original goes in the clone: after the clone's row for its nearest preceding neighbour. */
function positionAfterNeighbour<Row>(
  theirs: readonly KeyedEntry[],
  index: number,
  rowFor: (key: string) => Row | undefined,
  rows: Row[],
): number {
  for (let before = index - 1; before >= 0; before--) {
    const neighbour = rowFor(theirs[before]!.key);
    if (neighbour) return rows.indexOf(neighbour) + 1;
  }
  return 0;
}
