import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@/domain/checklists/browse';
import { SPARSE_COUNT_LIMIT, isSparse } from './listing-orders';

const byLikes = { hasTag: false, order: 'most-liked' } as const;
const byUses = { hasTag: false, order: 'most-used' } as const;
const newest = { hasTag: false, order: 'newest' } as const;
const withTag = { hasTag: true, order: 'most-liked' } as const;

describe('a search is sparse when gathering its matches costs less than walking to a page of them', () => {
  it('Most Liked and Most Used at the default size: a rare word (300 of 48,000) is gathered, a middling one (1,500) walked', () => {
    for (const order of [byLikes, byUses]) {
      expect(isSparse(300, 48_000, order)).toBe(true);
      expect(isSparse(690, 48_000, order)).toBe(true);
      expect(isSparse(700, 48_000, order)).toBe(false);
      expect(isSparse(1_500, 48_000, order)).toBe(false);
    }
  });

  it('Most Liked at 484,000 public lists: a word in 2,000 is gathered though past the count cap; 2,300 walks', () => {
    expect(isSparse(2_000, 484_000, byLikes)).toBe(true);
    expect(isSparse(2_150, 484_000, byLikes)).toBe(true);
    expect(isSparse(2_300, 484_000, byLikes)).toBe(false);
  });

  it('Newest, and any order with a tag: only when a walk would pass more than 5,000 lists', () => {
    for (const order of [newest, withTag]) {
      expect(isSparse(124, 48_000, order)).toBe(true);
      expect(isSparse(125, 48_000, order)).toBe(false);
      expect(isSparse(300, 48_000, order)).toBe(false);
      expect(isSparse(1_250, 484_000, order)).toBe(true);
      expect(isSparse(1_300, 484_000, order)).toBe(false);
    }
  });

  it('the count goes far enough past its cap to tell them apart up to 900,000 public lists', () => {
    expect(SPARSE_COUNT_LIMIT).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(isSparse(SPARSE_COUNT_LIMIT, 900_001, byLikes)).toBe(true);
    // More than the count counts is never sparse, however many lists there are.
    expect(isSparse(SPARSE_COUNT_LIMIT + 1, 10_000_000, byLikes)).toBe(false);
  });

  it('a search that matches nothing is sparse in every order', () => {
    for (const order of [byLikes, byUses, newest, withTag]) expect(isSparse(0, 10, order)).toBe(true);
  });
});
