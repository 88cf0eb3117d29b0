import { describe, expect, it } from 'vitest';
import { encodeCursor } from '../paging';
import { decodeOwnListsCursor, OWN_LISTS_PAGE_SIZE, ownListMessages, ownListsQuerySchema } from './own-lists';

describe('a My Lists page query', () => {
  it('defaults to the newest of all lists, 30 at a time, and refuses what it does not know', () => {
    expect(ownListsQuerySchema.parse({})).toEqual({ sort: 'newest', filter: 'all', limit: OWN_LISTS_PAGE_SIZE });
    expect(ownListsQuerySchema.safeParse({ sort: 'liked' }).success).toBe(false);
    expect(ownListsQuerySchema.safeParse({ filter: 'secret' }).success).toBe(false);
    expect(ownListsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('takes a cursor only for the sort and filter it was made for', () => {
    const id = '3f0c3b8e-4a5e-4b7a-9a0e-1c2d3e4f5a6b';
    const cursor = encodeCursor({ s: 'title', f: 'public', k: ['banana', '2026-01-02T00:00:00.000000Z', id] });
    expect(decodeOwnListsCursor(cursor, { sort: 'title', filter: 'public' })).toEqual({
      s: 'title',
      f: 'public',
      k: ['banana', '2026-01-02T00:00:00.000000Z', id],
    });
    expect(decodeOwnListsCursor(cursor, { sort: 'title', filter: 'all' })).toBeNull();
    expect(decodeOwnListsCursor(cursor, { sort: 'newest', filter: 'public' })).toBeNull();
    expect(decodeOwnListsCursor('not-a-cursor', { sort: 'newest', filter: 'all' })).toBeNull();
    expect(
      decodeOwnListsCursor(encodeCursor({ s: 'newest', f: 'all', k: ['x', 'not-an-id'] }), {
        sort: 'newest',
        filter: 'all',
      }),
    ).toBeNull();
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
