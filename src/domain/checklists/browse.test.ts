import { describe, expect, it } from 'vitest';
import { browseQuerySchema, isFiltered, searchTerms, visibleTags } from './browse';

describe('browse', () => {
  it('reads the URL leniently: unknown orders and pages fall back to defaults', () => {
    expect(browseQuerySchema.parse({})).toEqual({ q: '', tag: '', order: 'newest', page: 0 });
    expect(browseQuerySchema.parse({ q: '  tent ', order: 'most-liked', page: '2' })).toMatchObject({
      q: 'tent',
      order: 'most-liked',
      page: 2,
    });
    expect(browseQuerySchema.parse({ order: 'random', page: '-4' })).toMatchObject({ order: 'newest', page: 0 });
  });

  it('makes prefix terms from letters and digits only', () => {
    expect(searchTerms("Camp  TEN & 'drop table'")).toEqual(['camp', 'ten', 'drop', 'table']);
    expect(searchTerms('déménagement 2024!')).toEqual(['déménagement', '2024']);
    expect(searchTerms(' :* | ! ')).toEqual([]);
  });

  it('knows when the list is filtered', () => {
    expect(isFiltered({ q: '', tag: '' })).toBe(false);
    expect(isFiltered({ q: 'x', tag: '' })).toBe(true);
    expect(isFiltered({ q: '', tag: 'camping' })).toBe(true);
  });

  it('shows at most 3 tags on a grid card, then how many more', () => {
    expect(visibleTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});

describe('text the database cannot store', () => {
  it('drops NUL from search input and keeps combining marks in words', () => {
    expect(browseQuerySchema.parse({ tag: 'camp\0ing', q: 'te\0nt' })).toMatchObject({ tag: 'camping', q: 'tent' });
    expect(searchTerms('हिन्दी')).toEqual(['हिन्दी']);
  });
});
