import { createRecentEntries } from '../recent-entries';

/**
 * The pages of searches this process has read in Best match and Newest (decision 041): which lists,
 * in which order, and where the next page starts. Those orders rank a list by its words, tags,
 * visibility and creation time only, and every change to the first three, a new list and a deleted
 * one bump the number the database keeps of such changes (`checklists_search_generation`,
 * migration 0021). So a page read when that number was N is, while it is still N, what reading it
 * again would answer: the page's cards are then read by id, one statement with the number,
 * fresh (their likes, uses and author as they are now), and none of the page's search is run.
 *
 * Most Used and Most Liked rank by counters that move with every use and like, which change no
 * number here, so their pages are not kept. As with the counts (`search-counts.ts`), a change
 * numbered before a page was read but committed after is missed for at most SEARCH_PAGE_MS, the
 * time a CDN may show a visitor's answer; and the cards are read again each time, so a list made
 * private meanwhile is never shown.
 */
export const SEARCH_PAGE_MS = 60_000;
export const SEARCH_PAGE_ENTRIES = 5_000;

export type KeptPage = {
  /** The page's lists, in its order. */
  ids: string[];
  /** The sort key of the page's last list, which the next page's cursor carries, if there is one. */
  nextKey: unknown[] | null;
  /** The search's change number that the page was read at. */
  generation: string;
};

export type SearchPages = {
  /** The page kept under `key`, if it is younger than SEARCH_PAGE_MS; `at` is now. */
  get: (key: string, at: number) => KeptPage | undefined;
  /** Keeps `page` under `key`; `at` is the time taken before it was read. */
  keep: (key: string, page: KeptPage, at: number) => void;
};

export function createSearchPages(maxEntries = SEARCH_PAGE_ENTRIES): SearchPages {
  const kept = createRecentEntries<KeptPage>({ maxEntries, keepMs: SEARCH_PAGE_MS });
  return {
    get: (key, at) => kept.get(key, at)?.value,
    keep: (key, page, at) => void kept.keep(key, page, at),
  };
}
