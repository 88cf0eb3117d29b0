import { createLruCache } from '../cache/lru-cache';

/**
 * The pages of searches this process has read (decision 041): which lists, in which order, and where
 * the next page starts. Which lists a search finds depends on their words, tags and visibility
 * only, and every change to those, a new list and a deleted one bump the number the database keeps
 * of such changes (`checklists_search_generation`, migration 0021). So a page read when that number
 * was N holds the lists reading it again would find, while the number is still N: the page's cards
 * are then read by id, one statement with the number, fresh (their likes, uses and author as they
 * are now), and none of the page's search is run.
 *
 * Best match and Newest order by words and creation time, so their kept page is what reading it
 * again would answer, for SEARCH_PAGE_MS. Most Used and Most Liked order by counters that every use
 * and like moves without moving the number: their kept order is at most COUNTED_ORDER_PAGE_MS old.
 *
 * As with the counts (`search-counts.ts`), a change numbered before a page was read but committed
 * after is missed for at most SEARCH_PAGE_MS, the time a CDN may show a visitor's answer; and the
 * cards are read again each time, so a list made private meanwhile is never shown.
 */
export const SEARCH_PAGE_MS = 60_000;
export const COUNTED_ORDER_PAGE_MS = 10_000;
export const SEARCH_PAGE_ENTRIES = 5_000;

export type KeptPage = {
  /** The page's lists, in its order. */
  ids: string[];
  /** The sort key of the page's last list, which the next page's cursor carries, if there is one. */
  nextKey: unknown[] | null;
  /** The search's change number that the page was read at. */
  generation: string;
  /** How long the page may be answered again: SEARCH_PAGE_MS, or less for an order by a counter. */
  keepMs: number;
};

export type SearchPages = {
  /** The page kept under `key`, if it is younger than its `keepMs`; `at` is now. */
  get: (key: string, at: number) => KeptPage | undefined;
  /** Keeps `page` under `key`; `at` is the time taken before it was read. */
  keep: (key: string, page: KeptPage, at: number) => void;
};

export function createSearchPages(maxEntries = SEARCH_PAGE_ENTRIES): SearchPages {
  const kept = createLruCache<KeptPage>({ maxEntries, ttlMs: SEARCH_PAGE_MS });
  return {
    get: (key, at) => {
      const entry = kept.get(key, at);
      return entry && at - entry.at < entry.value.keepMs ? entry.value : undefined;
    },
    keep: (key, page, at) => void kept.set(key, page, at),
  };
}
