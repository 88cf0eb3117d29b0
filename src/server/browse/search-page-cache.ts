import type { BrowseCursor, BrowseQuery } from '@/domain/checklists/browse';
import { createLruCache } from '../cache/lru-cache';
import { searchCacheKey } from './search-count-cache';

/**
 * The pages of searches this process has read (decision 041): which lists, in which order, and where
 * the next page starts. Which lists a search finds depends on their words, tags and visibility
 * only, and every change to those, a new list and a deleted one bump the number the database keeps
 * of such changes (the sequence `checklists_search_generation`). So a page read when that number
 * was N holds the lists reading it again would find, while the number is still N: the page's cards
 * are then read by id, one statement with the number, fresh (their likes, uses and author as they
 * are now), and none of the page's search is run.
 *
 * Best match and Newest order by words and creation time, so their cached page is what reading it
 * again would return, for SEARCH_PAGE_MS. Most Used and Most Liked order by counters that every use
 * and like moves without moving the number: their cached order is at most COUNTED_ORDER_PAGE_MS old.
 *
 * As with the counts (`search-count-cache.ts`), a change numbered before a page was read but
 * committed after is missed for at most SEARCH_PAGE_MS, the time a CDN may show a visitor's
 * response; and the cards are read again each time, so a list made private meanwhile is never shown.
 */
export const SEARCH_PAGE_MS = 60_000;
export const COUNTED_ORDER_PAGE_MS = 10_000;
export const SEARCH_PAGE_ENTRIES = 5_000;

export type CachedPage = {
  /** The page's lists, in its order. */
  ids: string[];
  /** The sort key of the page's last list, which the next page's cursor carries, if there is one. */
  nextKey: unknown[] | null;
  /** The search's change number that the page was read at. */
  generation: string;
  /** How long the page may be used again: SEARCH_PAGE_MS, or less for an order by a counter. */
  ttlMs: number;
  /** The words the page was read for, when they were not the typed ones but their correction. */
  searchedFor?: string[];
};

export type SearchPages = {
  /** The page cached under `key`, if it is younger than its `ttlMs`; `at` is now. */
  get: (key: string, at: number) => CachedPage | undefined;
  /** Caches `page` under `key`; `at` is the time taken before it was read. */
  set: (key: string, page: CachedPage, at: number) => void;
};

export function createSearchPages(maxEntries = SEARCH_PAGE_ENTRIES): SearchPages {
  const cache = createLruCache<CachedPage>({ maxEntries, ttlMs: SEARCH_PAGE_MS });
  return {
    get: (key, at) => {
      const entry = cache.get(key, at);
      return entry && at - entry.at < entry.value.ttlMs ? entry.value : undefined;
    },
    set: (key, page, at) => void cache.set(key, page, at),
  };
}

/**
 * Whether a page of `query` may be cached and used again while the search's number of changes
 * stands: any page of a search or of a tag; in Most Used and Most Liked for less time. (A page of
 * all public lists is one statement already, walking an order's index from its start.)
 */
export const isCacheable = (words: string[], query: Pick<BrowseQuery, 'tag'>) => words.length > 0 || Boolean(query.tag);

/** How long a page of `query` stays cached. */
export const pageCacheMs = (query: BrowseQuery) =>
  query.order === 'best' || query.order === 'newest' ? SEARCH_PAGE_MS : COUNTED_ORDER_PAGE_MS;

/** What a page is cached under: its order, its search's key, and where it starts. */
export const pageCacheKey = (query: BrowseQuery, typed: string[], cursor: BrowseCursor | null) =>
  JSON.stringify([query.order, searchCacheKey(typed, query), cursor ?? query.page]);
