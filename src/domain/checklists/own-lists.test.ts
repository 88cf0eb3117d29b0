import { describe, expect, it } from 'vitest';
import { arrangeOwnLists, ownListMessages, summariseOwnLists, type OwnChecklist } from './own-lists';

const list = (overrides: Partial<OwnChecklist>): OwnChecklist => ({
  id: overrides.title ?? 'x',
  title: 'x',
  description: '',
  isPublic: true,
  itemCount: 1,
  uses: 0,
  rating: null,
  estimatedTime: 'Unknown',
  difficulty: 'medium',
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const lists = [
  list({ title: 'banana', uses: 5, createdAt: '2026-01-02T00:00:00.000Z' }),
  list({ title: 'Apple', uses: 9, isPublic: false, createdAt: '2026-01-01T00:00:00.000Z' }),
  list({ title: 'cherry', uses: 5, createdAt: '2026-01-03T00:00:00.000Z' }),
];
const titles = (items: OwnChecklist[]) => items.map((item) => item.title);

describe('My Lists sorting and filtering (spec §2.10)', () => {
  it('sorts newest, oldest, most used (newest first on ties) and by title ignoring case', () => {
    expect(titles(arrangeOwnLists(lists, 'newest', 'all'))).toEqual(['cherry', 'banana', 'Apple']);
    expect(titles(arrangeOwnLists(lists, 'oldest', 'all'))).toEqual(['Apple', 'banana', 'cherry']);
    expect(titles(arrangeOwnLists(lists, 'most-used', 'all'))).toEqual(['Apple', 'cherry', 'banana']);
    expect(titles(arrangeOwnLists(lists, 'title', 'all'))).toEqual(['Apple', 'banana', 'cherry']);
  });

  it('filters by visibility', () => {
    expect(titles(arrangeOwnLists(lists, 'newest', 'private'))).toEqual(['Apple']);
    expect(titles(arrangeOwnLists(lists, 'newest', 'public'))).toEqual(['cherry', 'banana']);
  });

  it('does not reorder the input', () => {
    arrangeOwnLists(lists, 'title', 'all');
    expect(titles(lists)).toEqual(['banana', 'Apple', 'cherry']);
  });
});

describe('the My Lists summary', () => {
  it('counts lists and uses and names the most used list', () => {
    expect(summariseOwnLists(lists)).toEqual({ totalLists: 3, totalUses: 19, mostPopularTitle: 'Apple' });
  });

  it('names no list when nothing has been used', () => {
    expect(summariseOwnLists([list({ title: 'a' })]).mostPopularTitle).toBeNull();
    expect(summariseOwnLists([])).toEqual({ totalLists: 0, totalUses: 0, mostPopularTitle: null });
  });
});

describe('the spec texts', () => {
  it('words the bulk dialog, the selection and the visibility confirmation', () => {
    expect(ownListMessages.bulkDeleteTitle(3)).toBe('Delete 3 checklist(s)?');
    expect(ownListMessages.selected(2)).toBe('2 selected');
    expect(ownListMessages.nowVisible('Camping', false)).toBe('List "Camping" is now private');
    expect(ownListMessages.nowVisible('Camping', true)).toBe('List "Camping" is now public');
  });
});
