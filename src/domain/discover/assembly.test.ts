import { describe, expect, it } from 'vitest';
import { BROWSE_ORDERS, browseQuerySchema, checklistCardSchema, type ChecklistCard } from '../checklists/browse';
import { ESTIMATED_TIMES } from '../checklists/checklist-fields';
import {
  assembleDiscover,
  chooseStaffPicks,
  DISCOVER_FALLBACK,
  DISCOVER_SECTIONS,
  discoverSchema,
  SAMPLE_CHECKLISTS,
  SAMPLE_STAFF_PICKS,
  trendingParamsSchema,
  viewAllTarget,
} from './assembly';

const cards = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index + 1}` }));
const ids = (list: { id: string }[]) => list.map((card) => card.id);

describe('assembleDiscover', () => {
  it('with nothing, both sections are empty', () => {
    expect(assembleDiscover([], [])).toEqual({ suggestions: [], trending: [] });
  });

  it.each([
    [1, 0, ['s1']],
    [0, 1, ['t1']],
    [1, 1, ['s1', 't1']],
    [2, 0, ['s1', 's2']],
    [0, 2, ['t1', 't2']],
  ])('with fewer than 3 (%i suggested, %i trending), all of them fill both sections', (s, t, expected) => {
    const result = assembleDiscover(cards('s', s), cards('t', t));
    expect(ids(result.suggestions)).toEqual(expected);
    expect(ids(result.trending)).toEqual(expected);
  });

  it.each([
    [3, 0],
    [2, 2],
    [1, 4],
    [0, 5],
    [4, 1],
  ])('with 3 to 5 (%i suggested, %i trending), the first 3 fill both sections', (s, t) => {
    const result = assembleDiscover(cards('s', s), cards('t', t));
    const firstThree = [...ids(cards('s', s)), ...ids(cards('t', t))].slice(0, 3);
    expect(ids(result.suggestions)).toEqual(firstThree);
    expect(ids(result.trending)).toEqual(firstThree);
  });

  it('with exactly 6, the first 3 are suggestions and the next 3 trending', () => {
    const result = assembleDiscover(cards('s', 2), cards('t', 4));
    expect(ids(result.suggestions)).toEqual(['s1', 's2', 't1']);
    expect(ids(result.trending)).toEqual(['t2', 't3', 't4']);
  });

  it('with 7 or more, suggestions come first and trending takes the next 3, the rest unused', () => {
    const result = assembleDiscover(cards('s', 10), cards('t', 10));
    expect(ids(result.suggestions)).toEqual(['s1', 's2', 's3']);
    expect(ids(result.trending)).toEqual(['s4', 's5', 's6']);
    const onlyTrending = assembleDiscover([], cards('t', 7));
    expect(ids(onlyTrending.suggestions)).toEqual(['t1', 't2', 't3']);
    expect(ids(onlyTrending.trending)).toEqual(['t4', 't5', 't6']);
  });

  it('merges duplicates by id before counting, keeping the first occurrence', () => {
    const shared = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    // 6 cards but only 3 lists: they fill both sections.
    const result = assembleDiscover(shared, [{ id: 'c' }, { id: 'b' }, { id: 'a' }]);
    expect(ids(result.suggestions)).toEqual(['a', 'b', 'c']);
    expect(ids(result.trending)).toEqual(['a', 'b', 'c']);
    // 7 cards, 6 lists: split, with the trending duplicate dropped.
    const split = assembleDiscover(
      [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }],
      [{ id: 'a' }, ...cards('t', 2)],
    );
    expect(ids(split.suggestions)).toEqual(['a', 'b', 'c']);
    expect(ids(split.trending)).toEqual(['d', 't1', 't2']);
    const withDuplicate = assembleDiscover([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }, { id: 'd' }]);
    expect(ids(withDuplicate.suggestions)).toEqual(['a', 'b', 'c']);
    expect(ids(withDuplicate.trending)).toEqual(['a', 'b', 'c']);
  });

  it('keeps duplicates within one source out too, and does not change its inputs', () => {
    const suggestions = [{ id: 'a' }, { id: 'a' }, { id: 'b' }];
    const result = assembleDiscover(suggestions, [{ id: 'b' }]);
    expect(ids(result.suggestions)).toEqual(['a', 'b']);
    expect(suggestions).toHaveLength(3);
  });
});

describe('viewAllTarget', () => {
  it('opens browse newest, most used and most liked, with order values browse understands', () => {
    expect(viewAllTarget('suggestions')).toBe('/browse');
    expect(viewAllTarget('trending')).toBe('/browse?order=most-used');
    expect(viewAllTarget('staffPicks')).toBe('/browse?order=most-liked');
    for (const section of DISCOVER_SECTIONS) {
      const order = new URL(viewAllTarget(section), 'http://x').searchParams.get('order') ?? undefined;
      expect(BROWSE_ORDERS).toContain(browseQuerySchema.parse({ order }).order);
      if (order) expect(browseQuerySchema.parse({ order }).order).toBe(order);
    }
  });
});

describe('staff picks', () => {
  it('the samples are 3 valid browse cards, clearly samples, with ids that name no checklist', () => {
    expect(SAMPLE_STAFF_PICKS).toHaveLength(3);
    for (const card of SAMPLE_STAFF_PICKS) {
      expect(checklistCardSchema.parse(card)).toEqual(card);
      expect(card.id).toMatch(/^sample-/);
      expect(card.description).toMatch(/^Sample staff pick/);
    }
    expect(new Set(SAMPLE_STAFF_PICKS.map((card) => card.id)).size).toBe(3);
  });

  it('uses the samples only when nothing is flagged, and shows at most 3 flagged lists', () => {
    expect(chooseStaffPicks([])).toEqual({ staffPicks: SAMPLE_STAFF_PICKS, isSampleStaffPicks: true });
    const flagged = cards('p', 5).map((card) => ({ ...SAMPLE_STAFF_PICKS[0]!, ...card }) satisfies ChecklistCard);
    expect(chooseStaffPicks(flagged.slice(0, 1))).toEqual({
      staffPicks: flagged.slice(0, 1),
      isSampleStaffPicks: false,
    });
    expect(ids(chooseStaffPicks(flagged).staffPicks)).toEqual(['p1', 'p2', 'p3']);
  });

  it('a failed load fills every section with samples, marked as the fallback', () => {
    const { isFallback, ...sections } = DISCOVER_FALLBACK;
    expect(isFallback).toBe(true);
    expect(discoverSchema.parse(sections)).toEqual({
      suggestions: SAMPLE_CHECKLISTS.slice(0, 3),
      trending: SAMPLE_CHECKLISTS.slice(3, 6),
      staffPicks: SAMPLE_STAFF_PICKS,
      isSampleStaffPicks: true,
    });
    for (const card of SAMPLE_CHECKLISTS) {
      expect(checklistCardSchema.parse(card)).toEqual(card);
      expect(card.id).toMatch(/^sample-/);
    }
  });
});

describe('trendingParamsSchema', () => {
  it('defaults to 10 and accepts 1 to 50', () => {
    expect(trendingParamsSchema.parse({}).limit).toBe(10);
    expect(trendingParamsSchema.parse({ limit: '1' }).limit).toBe(1);
    expect(trendingParamsSchema.parse({ limit: '50' }).limit).toBe(50);
  });

  it.each(['0', '51', '2.5', 'ten', '-1'])('refuses limit=%s', (limit) => {
    expect(trendingParamsSchema.safeParse({ limit }).success).toBe(false);
  });
});

describe('the built-in samples', () => {
  it('show only estimated times the form offers', () => {
    for (const sample of [...SAMPLE_STAFF_PICKS, ...SAMPLE_CHECKLISTS]) {
      expect(ESTIMATED_TIMES).toContain(sample.estimatedTime);
    }
  });
});
