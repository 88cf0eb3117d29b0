import { describe, expect, it } from 'vitest';
import {
  BEST_MATCH_TIER_COUNT,
  BROWSE_ORDERS,
  type BrowseCursor,
  browseQuerySchema,
  decodeBrowseCursor,
  encodeBrowseCursor,
  formatShownTotal,
  formatTotal,
  isFiltered,
  MAX_SEARCH_LENGTH,
  readBrowseFilters,
  searchCountMessages,
  searchCountParamsSchema,
  searchCountQuery,
  searchTerms,
  showingMessage,
  showingPendingMessage,
  visibleTags,
} from './browse';

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

  it('reads the filters of an address as the query schema does, without zod (readBrowseFilters)', () => {
    const long = 'a'.repeat(MAX_SEARCH_LENGTH);
    const addresses = [
      {},
      { q: '  tent ', order: 'most-liked' },
      { q: 'tent' },
      { q: 'tent', order: 'best' },
      { q: ' !! ', order: 'best' },
      { order: 'best' },
      { order: 'random', tag: ' Camping ' },
      { q: 'te\0nt', tag: 'ba\0by' },
      { q: long, tag: 'x'.repeat(30) },
      { q: `${long}b`, tag: 'x'.repeat(31), order: 'most-used' },
      { q: ` ${long} `, tag: '\t\n' },
      { q: '', tag: '', order: '' },
    ];
    for (const address of addresses) {
      const { q, tag, order } = browseQuerySchema.parse(address);
      expect(readBrowseFilters(address), JSON.stringify(address)).toEqual({ q, tag, order });
    }
  });

  it('orders by Best match while a search is typed, unless another order is chosen', () => {
    expect(browseQuerySchema.parse({ q: 'tent' }).order).toBe('best');
    expect(browseQuerySchema.parse({ q: 'tent', order: 'most-liked' }).order).toBe('most-liked');
    expect(browseQuerySchema.parse({ q: ' !! ' }).order).toBe('newest');
    expect(browseQuerySchema.parse({ order: 'best' }).order).toBe('newest');
  });

  it('reads back only its own cursors, for the order they were made for', () => {
    const cursor: BrowseCursor = {
      o: 'most-liked',
      k: [3, '2026-01-02T03:04:05.123456+00:00', '0b8f6a3e-6d1c-4a5e-9f3b-2c1d4e5f6a7b'],
    };
    const text = encodeBrowseCursor(cursor);
    expect(text).toMatch(/^[\w-]+$/);
    expect(decodeBrowseCursor(text, 'most-liked')).toEqual(cursor);
    expect(decodeBrowseCursor(text, 'newest')).toBeNull();
    expect(decodeBrowseCursor('not-a-cursor', 'newest')).toBeNull();
    expect(
      decodeBrowseCursor(encodeBrowseCursor({ ...cursor, k: [3, 'soon', 'x'] } as never), 'most-liked'),
    ).toBeNull();
  });

  it('carries what a search counted, and nothing that is not a count, a flag or the words searched for', () => {
    const k = ['2026-01-02T03:04:05.123456+00:00', '0b8f6a3e-6d1c-4a5e-9f3b-2c1d4e5f6a7b'] as const;
    const carrying = (s: unknown) => encodeBrowseCursor({ o: 'newest', k, s } as never);
    const state = { t: 1000, c: true, f: ['camping', 'stove'], m: true, g: false };
    expect(decodeBrowseCursor(carrying(state), 'newest')).toEqual({ o: 'newest', k, s: state });
    expect(decodeBrowseCursor(carrying({ ...state, f: null }), 'newest')).not.toBeNull();
    for (const wrong of [
      { ...state, t: -1 },
      { ...state, t: 1.5 },
      { ...state, f: [] },
      { ...state, f: [''] },
      { ...state, m: 'yes' },
      { ...state, g: undefined },
    ]) {
      expect(decodeBrowseCursor(carrying(wrong), 'newest')).toBeNull();
    }
  });

  it('reads a Best match cursor only with a whole tier from 0 to 7 (decision 027)', () => {
    const at = ['2026-01-02T03:04:05.123456+00:00', '0b8f6a3e-6d1c-4a5e-9f3b-2c1d4e5f6a7b'] as const;
    const best = (tier: number) => encodeBrowseCursor({ o: 'best', k: [tier, ...at] } as BrowseCursor);
    expect(decodeBrowseCursor(best(0), 'best')).toEqual({ o: 'best', k: [0, ...at] });
    expect(decodeBrowseCursor(best(BEST_MATCH_TIER_COUNT - 1), 'best')).not.toBeNull();
    // A score from before the tiers, or a tier that does not exist.
    for (const tier of [0.0607, -1, BEST_MATCH_TIER_COUNT]) expect(decodeBrowseCursor(best(tier), 'best')).toBeNull();
  });

  it('writes Y with thousands separators, and "+" when the count stopped at the cap', () => {
    expect(formatTotal(12, false)).toBe('12');
    expect(formatTotal(50000, false)).toBe('50,000');
    expect(formatTotal(1000, true)).toBe('1,000+');
  });

  it('never says fewer lists than it shows (X ≤ Y), as a search’s later pages keep its first count', () => {
    expect(formatShownTotal({ total: 14, totalCapped: false }, 12)).toBe('14');
    expect(formatShownTotal({ total: 14, totalCapped: false }, 15)).toBe('15');
    expect(formatShownTotal({ total: 1000, totalCapped: true }, 1008)).toBe('1,008+');
    expect(formatShownTotal(undefined, 0)).toBe('0');
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

describe('the count of a search, asked for apart (decision 054)', () => {
  const refusal = (params: Record<string, string>) =>
    searchCountParamsSchema.safeParse(params).error?.issues.map((issue) => issue.message);

  it('is asked with Browse’s parameters, and belongs to the same first page Browse reads', () => {
    const params = searchCountParamsSchema.parse({ q: '  tent pegs ', tag: 'Camping' });
    expect(searchCountQuery(params)).toEqual(browseQuerySchema.parse({ q: 'tent pegs', tag: 'Camping' }));
    expect(searchCountQuery(searchCountParamsSchema.parse({ q: 'tent', order: 'most-used' }))).toEqual(
      browseQuerySchema.parse({ q: 'tent', order: 'most-used' }),
    );
    expect(searchCountQuery(searchCountParamsSchema.parse({ q: 'te\0nt' }))).toMatchObject({ q: 'tent' });
  });

  it('refuses what Browse would not send, with its reason: no words, too long, an unknown order', () => {
    expect(refusal({})).toEqual([searchCountMessages.noWords]);
    expect(refusal({ q: ' ?! ' })).toEqual([searchCountMessages.noWords]);
    expect(refusal({ q: 'a'.repeat(MAX_SEARCH_LENGTH + 1) })).toEqual([searchCountMessages.tooLong]);
    expect(refusal({ q: 'tent', tag: 't'.repeat(31) })).toEqual([searchCountMessages.tagTooLong]);
    expect(refusal({ q: 'tent', order: 'random' })).toEqual([searchCountMessages.order]);
    expect(searchCountMessages.order).toBe(`Order by one of: ${BROWSE_ORDERS.join(', ')}.`);
    expect(refusal({ q: 'a'.repeat(MAX_SEARCH_LENGTH), order: 'best' })).toBeUndefined();
  });

  it('words the counter as the spec does, and as "Showing X of …" while the count is on its way', () => {
    expect(showingMessage(12, '1,000+', true)).toBe('Showing 12 of 1,000+ checklists (filtered)');
    expect(showingMessage(3, '3', false)).toBe('Showing 3 of 3 checklists');
    expect(showingPendingMessage(12)).toBe('Showing 12 of …');
  });
});

describe('text the database cannot store', () => {
  it('drops NUL from search input and keeps combining marks in words', () => {
    expect(browseQuerySchema.parse({ tag: 'camp\0ing', q: 'te\0nt' })).toMatchObject({ tag: 'camping', q: 'tent' });
    expect(searchTerms('हिन्दी')).toEqual(['हिन्दी']);
  });
});
