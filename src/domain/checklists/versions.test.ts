import { describe, expect, it } from 'vitest';
import { applyChanges, diffEntries, storesSnapshot, summariseChanges, type KeyedEntry } from './versions';

const list = (...keys: string[]): KeyedEntry[] =>
  keys.map((key) => ({ key, kind: 'item', content: key.toUpperCase(), note: '' }));

describe('what a version records', () => {
  it('records nothing when nothing changed', () => {
    expect(diffEntries(list('a', 'b'), list('a', 'b'))).toEqual([]);
  });

  it('records an added entry after its new neighbour', () => {
    expect(diffEntries(list('a', 'b'), list('a', 'x', 'b'))).toEqual([
      { op: 'add', key: 'x', kind: 'item', content: 'X', note: '', after: 'a' },
    ]);
  });

  it('records a removal, a rewording and a note change by key', () => {
    const after: KeyedEntry[] = [
      { key: 'a', kind: 'item', content: 'Alpha', note: '' },
      { key: 'c', kind: 'item', content: 'C', note: 'Two of them' },
    ];
    expect(diffEntries(list('a', 'b', 'c'), after)).toEqual([
      { op: 'remove', key: 'b', kind: 'item', content: 'B' },
      { op: 'reword', key: 'a', kind: 'item', from: 'A', to: 'Alpha' },
      { op: 'note', key: 'c', content: 'C', from: '', to: 'Two of them' },
    ]);
  });

  it('reports the fewest moves: one entry taken to the top is one move', () => {
    const changes = diffEntries(list('a', 'b', 'c', 'd'), list('d', 'a', 'b', 'c'));
    expect(changes).toEqual([{ op: 'move', key: 'd', kind: 'item', content: 'D', after: null }]);
  });

  it('counts each kind of change', () => {
    const changes = diffEntries(list('a', 'b', 'c'), [
      ...list('c', 'a'),
      { key: 'n', kind: 'heading', content: 'N', note: '' },
    ]);
    expect(summariseChanges(changes)).toEqual({ added: 1, removed: 1, reworded: 0, moved: 1, notes: 0 });
  });

  it('stores the whole list on the first version and every twentieth', () => {
    expect([1, 2, 19, 20, 21, 40].map(storesSnapshot)).toEqual([true, false, false, true, false, true]);
  });
});

describe('rebuilding a version from the one before', () => {
  it('gives back the new list for a mix of every change', () => {
    const before = list('a', 'b', 'c', 'd', 'e');
    const after: KeyedEntry[] = [
      { key: 'e', kind: 'item', content: 'E reworded', note: 'noted' },
      { key: 'x', kind: 'heading', content: 'X', note: '' },
      { key: 'a', kind: 'item', content: 'A', note: '' },
      { key: 'c', kind: 'item', content: 'C', note: '' },
      { key: 'y', kind: 'item', content: 'Y', note: 'with a note' },
      { key: 'b', kind: 'item', content: 'B', note: '' },
    ];
    expect(applyChanges(before, diffEntries(before, after))).toEqual(after);
  });

  it('holds for many random edits', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % below;
    };
    let next = 0;
    for (let round = 0; round < 300; round++) {
      const before = list(...Array.from({ length: random(8) }, () => `e${next++}`));
      const after = before
        .filter(() => random(4) > 0)
        .map((entry) => (random(4) === 0 ? { ...entry, content: `${entry.content}!` } : entry))
        .map((entry) => (random(5) === 0 ? { ...entry, note: `note ${round}` } : entry));
      for (let added = random(3); added > 0; added--) after.splice(random(after.length + 1), 0, ...list(`e${next++}`));
      for (let moves = random(3); moves > 0 && after.length > 1; moves--) {
        const [moved] = after.splice(random(after.length), 1);
        after.splice(random(after.length + 1), 0, moved!);
      }
      expect(applyChanges(before, diffEntries(before, after))).toEqual(after);
    }
  });
});
