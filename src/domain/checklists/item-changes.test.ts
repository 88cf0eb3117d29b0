import { describe, expect, it } from 'vitest';
import { planItemChanges, type EditedEntry, type ExistingItem } from './item-changes';

/** Stored items i1, i2, ... whose keys are k1, k2, ... */
const items = (...contents: string[]): ExistingItem[] =>
  contents.map((content, index) => ({ id: `i${index + 1}`, key: `k${index + 1}`, content, kind: 'item', note: '' }));
const entries = (...contents: string[]): EditedEntry[] =>
  contents.map((content) => ({ kind: 'item', content, note: '' }));

/** Plans with new rows named n1, n2, ... in the order they are made. */
function plan(existing: ExistingItem[], next: EditedEntry[]) {
  let made = 0;
  return planItemChanges(existing, next, () => `n${++made}`);
}
const keysAfter = (existing: ExistingItem[], next: EditedEntry[]) => plan(existing, next).after.map((e) => e.key);

describe('planning an edit of the items', () => {
  it('keeps every id when nothing changed', () => {
    const result = plan(items('a', 'b'), entries('a', 'b'));
    expect(result.keep).toEqual([
      { id: 'i1', orderIndex: 1, note: '' },
      { id: 'i2', orderIndex: 2, note: '' },
    ]);
    expect(result.insert).toEqual([]);
    expect(result.remove).toEqual([]);
    expect(result.after).toEqual(result.before);
  });

  it('keeps unchanged items when one is edited, added or removed', () => {
    const result = plan(items('a', 'b', 'c'), entries('a', 'B!', 'c', 'd'));
    expect(result.keep).toEqual([
      { id: 'i1', orderIndex: 1, note: '' },
      { id: 'i3', orderIndex: 3, note: '' },
    ]);
    expect(result.insert).toEqual([
      { id: 'n1', key: null, sourceKey: null, kind: 'item', content: 'B!', note: '', orderIndex: 2 },
      { id: 'n2', key: null, sourceKey: null, kind: 'item', content: 'd', note: '', orderIndex: 4 },
    ]);
    expect(result.remove).toEqual(['i2']);
    expect(result.after.map((entry) => entry.key)).toEqual(['k1', 'n1', 'k3', 'n2']);
  });

  it('follows a moved item to its new position', () => {
    const result = plan(items('a', 'b', 'c'), entries('c', 'a', 'b'));
    expect(result.keep).toEqual([
      { id: 'i3', orderIndex: 1, note: '' },
      { id: 'i1', orderIndex: 2, note: '' },
      { id: 'i2', orderIndex: 3, note: '' },
    ]);
    expect(result.insert).toEqual([]);
  });

  it('matches duplicates one to one', () => {
    const result = plan(items('x', 'x'), entries('x'));
    expect(result.keep).toEqual([{ id: 'i1', orderIndex: 1, note: '' }]);
    expect(result.remove).toEqual(['i2']);
  });

  it('replaces everything when nothing matches', () => {
    const result = plan(items('a'), entries('b'));
    expect(result.keep).toEqual([]);
    expect(result.insert).toEqual([
      { id: 'n1', key: null, sourceKey: null, kind: 'item', content: 'b', note: '', orderIndex: 1 },
    ]);
    expect(result.remove).toEqual(['i1']);
  });

  it('keeps an item whose note changed, and rewrites the note', () => {
    const result = plan(items('a'), [{ kind: 'item', content: 'a', note: 'Bring two' }]);
    expect(result.keep).toEqual([{ id: 'i1', orderIndex: 1, note: 'Bring two' }]);
    expect(result.after).toEqual([{ key: 'k1', kind: 'item', content: 'a', note: 'Bring two' }]);
  });

  it('keeps a heading as a heading, and an item made a heading is a new entry', () => {
    const existing: ExistingItem[] = [
      { id: 'h1', key: 'kh', content: 'Before you leave', kind: 'heading', note: '' },
      { id: 'i1', key: 'ki', content: 'Tent', kind: 'item', note: '' },
    ];
    const next: EditedEntry[] = [
      { kind: 'heading', content: 'Before you leave', note: '' },
      { kind: 'heading', content: 'Tent', note: '', id: 'i1' },
    ];
    const result = plan(existing, next);
    expect(result.keep).toEqual([{ id: 'h1', orderIndex: 1, note: '' }]);
    expect(result.insert).toEqual([
      { id: 'n1', key: null, sourceKey: null, kind: 'heading', content: 'Tent', note: '', orderIndex: 2 },
    ]);
    expect(result.remove).toEqual(['i1']);
  });
});

describe('an entry that names the stored entry it continues', () => {
  it('is that entry when reworded: a new row (its completions go) under the same key', () => {
    const result = plan(items('Tent', 'Stove'), [
      { kind: 'item', content: 'Tent', note: '', id: 'i1' },
      { kind: 'item', content: 'Camping stove', note: '', id: 'i2' },
    ]);
    expect(result.keep).toEqual([{ id: 'i1', orderIndex: 1, note: '' }]);
    expect(result.insert).toEqual([
      { id: 'n1', key: 'k2', sourceKey: null, kind: 'item', content: 'Camping stove', note: '', orderIndex: 2 },
    ]);
    expect(result.remove).toEqual(['i2']);
    expect(result.after.map((entry) => entry.key)).toEqual(['k1', 'k2']);
  });

  it('is followed wherever it moves, even past an entry with the same text', () => {
    const result = plan(items('x', 'x'), [
      { kind: 'item', content: 'x', note: '', id: 'i2' },
      { kind: 'item', content: 'x', note: '', id: 'i1' },
    ]);
    expect(result.keep).toEqual([
      { id: 'i2', orderIndex: 1, note: '' },
      { id: 'i1', orderIndex: 2, note: '' },
    ]);
  });

  it('is matched by text when the id names no entry of this list, and an id is used once', () => {
    expect(
      keysAfter(items('a', 'b'), [
        { kind: 'item', content: 'a', note: '', id: 'someone-elses-item' },
        { kind: 'item', content: 'b', note: '', id: 'i2' },
        { kind: 'item', content: 'b again', note: '', id: 'i2' },
      ]),
    ).toEqual(['k1', 'k2', 'n1']);
  });

  it('matches ids in any letter case (UUIDs)', () => {
    const existing: ExistingItem[] = [{ id: 'abc', key: 'k', content: 'a', kind: 'item', note: '' }];
    expect(keysAfter(existing, [{ kind: 'item', content: 'A!', note: '', id: 'ABC' }])).toEqual(['k']);
  });
});

describe('an entry restored from an older version', () => {
  it('comes back under the key it had when no stored entry matches it', () => {
    const result = plan(items('a'), [
      { kind: 'item', content: 'a', note: '', id: 'i1' },
      { kind: 'item', content: 'gone', note: '', key: 'k-old' },
    ]);
    expect(result.insert).toEqual([
      { id: 'n1', key: 'k-old', sourceKey: null, kind: 'item', content: 'gone', note: '', orderIndex: 2 },
    ]);
    expect(result.after.map((entry) => entry.key)).toEqual(['k1', 'k-old']);
  });
});

describe('a clone’s entries', () => {
  it('keep the original’s entry they came from when reworded, and a new one takes its given source', () => {
    const existing: ExistingItem[] = [
      { id: 'i1', key: 'k1', sourceKey: 's1', content: 'Tent', kind: 'item', note: '' },
    ];
    const result = plan(existing, [
      { kind: 'item', content: 'Big tent', note: '', id: 'i1' },
      { kind: 'item', content: 'Map', note: '', sourceKey: 's2' },
    ]);
    expect(result.insert.map(({ key, sourceKey }) => ({ key, sourceKey }))).toEqual([
      { key: 'k1', sourceKey: 's1' },
      { key: null, sourceKey: 's2' },
    ]);
  });
});
