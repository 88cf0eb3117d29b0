import type { BrowseQuery } from '@/domain/checklists/browse';
import { createLruCache } from '../cache/lru-cache';

/**
 * The counts this process has made for searches' first pages (decision 018). Y of "Showing X of Y"
 * costs a search up to a thousand matches read, and most searches are ones somebody made a moment
 * ago. So a count is cached, per search (its words and tag, whatever the order), and used again:
 *
 * - while no list a search can find has changed since it was counted: the database numbers those
 *   changes (the sequence `checklists_search_generation`), and the number is read, one light
 *   statement, before a cached count is trusted;
 * - or, for a count past the cap ("1,000+"), without asking: a new or changed list cannot make it
 *   wrong, and only removals that bring a search under a thousand matches could, for as long as
 *   the count is cached.
 *
 * Either way for at most `SEARCH_COUNT_MS`: a visitor's response may already be a minute old
 * (VISITOR_CACHE_CONTROL: 30 s fresh, 30 s more while revalidating), so a count is never older
 * than what a CDN may show. At most `SEARCH_COUNT_ENTRIES` searches are cached; the one asked for
 * least recently goes first.
 */
export const SEARCH_COUNT_MS = 60_000;
export const SEARCH_COUNT_ENTRIES = 5_000;

export type SearchCounts<Count extends { capped: boolean }> = {
  /**
   * The count of the search `key`: cached, if it still holds, or `count()`'s, cached from now on.
   * `generation` reads the database's number of changes; `count` returns it too, as it was when
   * the count began. A cached or running count that `isEnough` refuses (one that stopped sooner
   * than this asker needs) is counted again, and the new count is cached instead.
   */
  count: (
    key: string,
    generation: () => Promise<string>,
    count: () => Promise<{ count: Count; generation: string }>,
    isEnough?: (count: Count) => boolean,
  ) => Promise<Count>;
  /**
   * As `count`, with the number of changes the count was read at (a cached one's, or the running
   * count's that this asker waited for, which may be older than the one `generation` reads now).
   */
  counted: (
    key: string,
    generation: () => Promise<string>,
    count: () => Promise<{ count: Count; generation: string }>,
    isEnough?: (count: Count) => boolean,
  ) => Promise<{ count: Count; generation: string }>;
  /**
   * The cached count of the search `key` if it still holds and `isEnough` takes it, without ever
   * counting: a search's first page is sent without waiting for a count (decision 054).
   */
  cached: (
    key: string,
    generation: () => Promise<string>,
    isEnough?: (count: Count) => boolean,
  ) => Promise<Count | undefined>;
};

type Cached<Count> = { count: Count; generation: string };

export function createSearchCounts<Count extends { capped: boolean }>(
  now: () => number = () => Date.now(),
  maxEntries = SEARCH_COUNT_ENTRIES,
): SearchCounts<Count> {
  const cache = createLruCache<Cached<Count>>({ maxEntries, ttlMs: SEARCH_COUNT_MS });
  /** Counts running now: a search asked for again meanwhile waits for its count. */
  const running = new Map<string, Promise<Cached<Count>>>();
  /** The entry cached for `key`, if `isEnough` takes its count (whether it still holds is the caller's to check). */
  const enough = (key: string, at: number, isEnough: (count: Count) => boolean) => {
    const entry = cache.get(key, at)?.value;
    return entry && isEnough(entry.count) ? entry : undefined;
  };
  /** Whether a cached count holds: past the cap always, else while nothing a search can find has changed. */
  const holds = async (entry: Cached<Count>, generation: () => Promise<string>) =>
    entry.count.capped || (await generation()) === entry.generation;
  const counted: SearchCounts<Count>['counted'] = async (key, generation, count, isEnough = () => true) => {
    // The time is taken before anything is read, so a count is never cached past its limit.
    const at = now();
    const entry = enough(key, at, isEnough);
    if (entry && (await holds(entry, generation))) return entry;
    const pending = running.get(key);
    if (pending) {
      const joined = await pending;
      if (isEnough(joined.count)) return joined;
    }
    // A change committed after the count began has a later number, so the count is not trusted
    // past it. (One numbered before but committed after is missed: for at most SEARCH_COUNT_MS.)
    const counting = count().then((fresh) => cache.set(key, fresh, at));
    running.set(key, counting);
    try {
      return await counting;
    } finally {
      running.delete(key);
    }
  };
  return {
    counted,
    count: async (...args) => (await counted(...args)).count,
    async cached(key, generation, isEnough = () => true) {
      const entry = enough(key, now(), isEnough);
      return entry && (await holds(entry, generation)) ? entry.count : undefined;
    },
  };
}

/**
 * What a search's count is cached under: its words as any case finds them, and its tag as sent (the
 * database lower-cases a tag with its `lower()`, which JavaScript's does not always match).
 */
export const searchCacheKey = (terms: string[], query: Pick<BrowseQuery, 'tag'>) =>
  JSON.stringify([terms.map((term) => term.toLowerCase()), query.tag ?? null]);

/**
 * What the count of `terms` as a correction of other words is cached under: apart from a search for
 * them (`searchCacheKey`), whose count is the count of its own correction when they find nothing.
 */
export const correctionCacheKey = (terms: string[], query: Pick<BrowseQuery, 'tag'>) =>
  JSON.stringify(['correction', ...terms.map((term) => term.toLowerCase()), query.tag ?? null]);
