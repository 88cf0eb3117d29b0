import { describe, expect, it } from 'vitest';
import { planItemChanges } from './item-changes';

import type { ChecklistEntry } from './checklist-fields';

const items = (...contents: string[]) =>
  contents.map((content, index) => ({ id: `i${index + 1}`, content, kind: 'item' as const }));
const entries = (...contents: string[]): ChecklistEntry[] =>
  contents.map((content) => ({ kind: 'item', content, note: '' }));

describe('planning an edit of the items', () => {
  it('keeps every id when nothing changed', () => {
    expect(planItemChanges(items('a', 'b'), entries('a', 'b'))).toEqual({
      keep: [
        { id: 'i1', orderIndex: 1, note: '' },
        { id: 'i2', orderIndex: 2, note: '' },
      ],
      insert: [],
      remove: [],
    });
  });

  it('keeps unchanged items when one is edited, added or removed', () => {
    expect(planItemChanges(items('a', 'b', 'c'), entries('a', 'B!', 'c', 'd'))).toEqual({
      keep: [
        { id: 'i1', orderIndex: 1, note: '' },
        { id: 'i3', orderIndex: 3, note: '' },
      ],
      insert: [
        { kind: 'item', content: 'B!', note: '', orderIndex: 2 },
        { kind: 'item', content: 'd', note: '', orderIndex: 4 },
      ],
      remove: ['i2'],
    });
  });

  it('follows a moved item to its new position', () => {
    expect(planItemChanges(items('a', 'b', 'c'), entries('c', 'a', 'b'))).toEqual({
      keep: [
        { id: 'i3', orderIndex: 1, note: '' },
        { id: 'i1', orderIndex: 2, note: '' },
        { id: 'i2', orderIndex: 3, note: '' },
      ],
      insert: [],
      remove: [],
    });
  });

  it('matches duplicates one to one', () => {
    const plan = planItemChanges(items('x', 'x'), entries('x'));
    expect(plan).toEqual({ keep: [{ id: 'i1', orderIndex: 1, note: '' }], insert: [], remove: ['i2'] });
  });

  it('replaces everything when nothing matches', () => {
    expect(planItemChanges(items('a'), entries('b'))).toEqual({
      keep: [],
      insert: [{ kind: 'item', content: 'b', note: '', orderIndex: 1 }],
      remove: ['i1'],
    });
  });

  it('keeps an item whose note changed, and rewrites the note', () => {
    const next: ChecklistEntry[] = [{ kind: 'item', content: 'a', note: 'Bring two' }];
    expect(planItemChanges(items('a'), next)).toEqual({
      keep: [{ id: 'i1', orderIndex: 1, note: 'Bring two' }],
      insert: [],
      remove: [],
    });
  });

  it('keeps a heading as a heading, and an item made a heading is a new entry', () => {
    const existing = [
      { id: 'h1', content: 'Before you leave', kind: 'heading' as const },
      { id: 'i1', content: 'Tent', kind: 'item' as const },
    ];
    const next: ChecklistEntry[] = [
      { kind: 'heading', content: 'Before you leave', note: '' },
      { kind: 'heading', content: 'Tent', note: '' },
    ];
    expect(planItemChanges(existing, next)).toEqual({
      keep: [{ id: 'h1', orderIndex: 1, note: '' }],
      insert: [{ kind: 'heading', content: 'Tent', note: '', orderIndex: 2 }],
      remove: ['i1'],
    });
  });
});
