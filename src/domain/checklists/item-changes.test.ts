import { describe, expect, it } from 'vitest';
import { planItemChanges } from './item-changes';

const items = (...contents: string[]) => contents.map((content, index) => ({ id: `i${index + 1}`, content }));

describe('planning an edit of the items', () => {
  it('keeps every id when nothing changed', () => {
    expect(planItemChanges(items('a', 'b'), ['a', 'b'])).toEqual({
      keep: [
        { id: 'i1', orderIndex: 1 },
        { id: 'i2', orderIndex: 2 },
      ],
      insert: [],
      remove: [],
    });
  });

  it('keeps unchanged items when one is edited, added or removed', () => {
    expect(planItemChanges(items('a', 'b', 'c'), ['a', 'B!', 'c', 'd'])).toEqual({
      keep: [
        { id: 'i1', orderIndex: 1 },
        { id: 'i3', orderIndex: 3 },
      ],
      insert: [
        { content: 'B!', orderIndex: 2 },
        { content: 'd', orderIndex: 4 },
      ],
      remove: ['i2'],
    });
  });

  it('follows a moved item to its new position', () => {
    expect(planItemChanges(items('a', 'b', 'c'), ['c', 'a', 'b'])).toEqual({
      keep: [
        { id: 'i3', orderIndex: 1 },
        { id: 'i1', orderIndex: 2 },
        { id: 'i2', orderIndex: 3 },
      ],
      insert: [],
      remove: [],
    });
  });

  it('matches duplicates one to one', () => {
    const plan = planItemChanges(items('x', 'x'), ['x']);
    expect(plan).toEqual({ keep: [{ id: 'i1', orderIndex: 1 }], insert: [], remove: ['i2'] });
  });

  it('replaces everything when nothing matches', () => {
    expect(planItemChanges(items('a'), ['b'])).toEqual({
      keep: [],
      insert: [{ content: 'b', orderIndex: 1 }],
      remove: ['i1'],
    });
  });
});
