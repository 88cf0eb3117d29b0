import { describe, expect, it } from 'vitest';
import { isNamedBestPage, matchOf, NAMED_PAGE_EXPECTED_MATCHES } from './best-match';

const firstPage = { page: 0 };
const byOffset = { page: 1 };
const cursor = { o: 'best', k: [0, '2026-01-01T00:00:00.000Z', '00000000-0000-4000-8000-000000000000'] } as Parameters<
  typeof isNamedBestPage
>[2];

describe('which best-match pages are the one named statement of every tier', () => {
  it('a search counted to at most the cap: on a first page and after a cursor, not by offset', () => {
    expect(isNamedBestPage({ isMany: false }, firstPage, null)).toBe(true);
    expect(isNamedBestPage({ isMany: false }, byOffset, cursor)).toBe(true);
    expect(isNamedBestPage({ isMany: false }, byOffset, null)).toBe(false);
  });

  it('words of many matches: only while the planner expects at most the named page’s share', () => {
    expect(isNamedBestPage({ isMany: true, expected: 0 }, firstPage, null)).toBe(true);
    expect(isNamedBestPage({ isMany: true, expected: NAMED_PAGE_EXPECTED_MATCHES }, firstPage, null)).toBe(true);
    expect(isNamedBestPage({ isMany: true, expected: NAMED_PAGE_EXPECTED_MATCHES + 1 }, firstPage, null)).toBe(false);
  });

  it('words of many matches with no estimate (a count’s words, or an estimate the plan did not give) are planned with them', () => {
    expect(isNamedBestPage({ isMany: true }, firstPage, null)).toBe(false);
    const row = { whole: "'tent'", prefix: "'tent':*", typed_whole: true, estimate: null };
    expect(isNamedBestPage(matchOf(['tent'], row, true), firstPage, null)).toBe(false);
  });
});

describe('the words as a statement read them', () => {
  it('keep the estimate when there is one, zero included, and none when it is NULL', () => {
    const row = { whole: "'tent'", prefix: "'tent':*", typed_whole: true };
    expect(matchOf(['tent'], { ...row, estimate: 0 }, true).expected).toBe(0);
    expect(matchOf(['tent'], { ...row, estimate: 40 }, true).expected).toBe(40);
    expect(matchOf(['tent'], { ...row, estimate: null }, true)).not.toHaveProperty('expected');
  });

  it('find nothing when the prefixes’ tsquery is NULL, whatever the estimate', () => {
    const match = matchOf(['zzq'], { whole: "'zzq'", prefix: null, typed_whole: false, estimate: 0 }, true);
    expect(match.findsNothing).toBe(true);
    expect(match).not.toHaveProperty('prefix');
  });
});
