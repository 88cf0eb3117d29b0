import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '@/domain/checklists/browse';
import { SPARSE_COUNT_LIMIT, isSparse } from './listing-orders';

const byLikes = { hasTag: false, order: 'most-liked' } as const;
const byUses = { hasTag: false, order: 'most-used' } as const;
const newest = { hasTag: false, order: 'newest' } as const;
const withTag = { hasTag: true, order: 'most-liked' } as const;

/** In each order, among `publicCount` public lists: whether a search matching each count of them is sparse. */
function expectSparse(
  orders: Parameters<typeof isSparse>[2][],
  publicCount: number,
  sparseByFound: Record<number, boolean>,
) {
  for (const order of orders) {
    for (const [found, sparse] of Object.entries(sparseByFound)) {
      expect(
        isSparse(Number(found), publicCount, order),
        `${found} of ${publicCount}, ${order.order}${order.hasTag ? ' with a tag' : ''}`,
      ).toBe(sparse);
    }
  }
}

describe('a search is sparse when gathering its matches costs less than walking to a page of them', () => {
  it('Most Liked and Most Used at the default size: a rare word (300 of 48,000) is gathered, a middling one (1,500) walked', () => {
    expectSparse([byLikes, byUses], 48_000, { 300: true, 690: true, 700: false, 1_500: false });
  });

  it('Most Liked at 484,000 public lists: a word in 2,000 is gathered though past the count cap; 2,300 walks', () => {
    expectSparse([byLikes], 484_000, { 2_000: true, 2_150: true, 2_300: false });
  });

  it('Newest, and any order with a tag: only when a walk would pass more than 5,000 lists', () => {
    expectSparse([newest, withTag], 48_000, { 124: true, 125: false, 300: false });
    expectSparse([newest, withTag], 484_000, { 1_250: true, 1_300: false });
  });

  it('the count goes far enough past its cap to tell them apart up to 900,000 public lists', () => {
    expect(SPARSE_COUNT_LIMIT).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(isSparse(SPARSE_COUNT_LIMIT, 900_001, byLikes)).toBe(true);
    // More than the count counts is never sparse, however many lists there are.
    expect(isSparse(SPARSE_COUNT_LIMIT + 1, 10_000_000, byLikes)).toBe(false);
  });

  it('a search that matches nothing is sparse in every order', () => {
    expectSparse([byLikes, byUses, newest, withTag], 10, { 0: true });
  });
});
