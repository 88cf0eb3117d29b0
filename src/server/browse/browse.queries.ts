import {
  browseCursorSchema,
  BROWSE_PAGE_SIZE,
  searchTerms,
  type BestMatchWords,
  type BrowseCursor,
  type BrowsePage,
  type BrowseQuery,
  type SearchCount,
  type SearchState,
} from '@/domain/checklists/browse';
import type { Executor } from '../db/client';
import { presentCard, type CardRow } from '../presenters';
import {
  hasTsqueries,
  isNamedBestPage,
  readBestMatches,
  readFirstBestPage,
  readMatch,
  type Correction,
  type SearchMatch,
} from './best-match';
import { carriedCount, countMatches, exactCount, knownCount, readCorrection, type Count } from './capped-count';
import { pageOf, readCardsById, type PageRead } from './cards';
import { readListingPage, type ListingOrder } from './listing-orders';
import type { SearchCounts } from './search-count-cache';
import { isCacheable, pageCacheKey, pageCacheMs, type SearchPages } from './search-page-cache';
import type { BrowseCursors } from './signed-cursors';

// Browse on the server, and its one entry point: routes, Discover, scripts and tests import from
// here only. Each job has a file of its own beside this one:
//
//   best-match.ts          Best match: the ranking rule and its eight tiers
//   listing-orders.ts      Newest, Most Used, Most Liked: their keys, walks and gathers
//   capped-count.ts        Y of "Showing X of Y": counters, or a search counted up to 1,000+
//   cards.ts               a page's cards, read by the query that picks them or by their ids
//   filters.ts             public lists, a tag, the words
//   search-count-cache.ts  a search's count, cached while nothing it can find has changed
//   search-page-cache.ts   a search's or tag's page, cached the same way
//   signed-cursors.ts      Load more's cursors, signed, carrying what the first page counted
//   tag-counts.ts          how many public lists carry a tag, and the chips' top tags

export { readCards } from './cards';
export { countPublicChecklists, type Count } from './capped-count';
export { foldTagCounts, popularTags, TAG_COUNT_FOLD_MS, tagCount } from './tag-counts';
export { SPARSE_COUNT_LIMIT } from './listing-orders';
export { createSearchCounts, SEARCH_COUNT_MS, type SearchCounts } from './search-count-cache';
export { COUNTED_ORDER_PAGE_MS, createSearchPages, SEARCH_PAGE_MS, type SearchPages } from './search-page-cache';
export { createBrowseCursors, SEARCH_STATE_MS, type BrowseCursors } from './signed-cursors';

/**
 * Browse: public lists only, full-text search over title, tags, description and items (word forms,
 * accents and near spellings, decision 018), tag filter, order and paging. A few statements
 * whatever the page size, depth or data: the count, and the page of cards.
 *
 * Without a filter the two are one statement. A search's first page is sent without waiting for its
 * count when the count is not known yet (`total: null`), and the client asks for the count apart
 * (`countBrowseSearch`, decision 054): the page is read as the database plans it for the words
 * (Best match's, when the planner expects few matches, by a plan made once and in the statement
 * that reads the words, decisions 059 and 060), and its count comes with it only when the page
 * holds every match. When the typed words find nothing, the page is the nearest words' that find
 * lists (`searchedFor`), still before its count, which corrects the typed words the same way. A
 * count already known (cached, carried by a cursor, a tag's or all lists') comes with the page.
 *
 * Paging is by keyset (`cursor`): the page starts after the previous page's last sort key, read off
 * the order's index, so a deep page costs what the first does and lists added meanwhile neither
 * repeat nor push others out. `page` (offset) still works for callers without a cursor. A search's
 * later pages do not count again: the cursor carries the count (`carriedCount`), so Y stays what
 * the search's first count said, and `cursors` signs what it carries. A later page whose cursor
 * carries none (after a first page sent without its count) takes the count `counts` has cached, or
 * counts as a first page did.
 */
export async function browseChecklists(
  db: Executor,
  query: BrowseQuery,
  {
    cursor = null,
    cursors,
    counts,
    pages,
  }: { cursor?: BrowseCursor | null; cursors: BrowseCursors; counts: SearchCounts<Count>; pages: SearchPages },
): Promise<BrowsePage> {
  const typed = searchTerms(query.q);
  // Best match needs words; the schema never asks for it without them.
  const listingOrder: ListingOrder = query.order === 'best' ? 'newest' : query.order;
  /**
   * The statements the page took before its tiers (see readBestMatches): a cached page read again,
   * the count's, the words' (which is the page itself for a first page of few expected matches).
   */
  const spent = { statements: 0 };
  /** Best match's words as this request read them, for the next page's cursor (see `readPage`). */
  let wordsRead: SearchMatch | undefined;
  const readPage = async (
    words: string[],
    { match, isSparse, capped }: Pick<Count, 'match' | 'capped'> & { isSparse: boolean },
  ) => {
    if (query.order === 'best' && match) {
      const bestCursor = cursor?.o === 'best' ? cursor : null;
      // A count that did not read the words' tsqueries, for a page planned with them: they are read
      // here, with the prefixes' too (a named page makes them itself).
      if (!hasTsqueries(match) && !isNamedBestPage(match, query, bestCursor)) {
        wordsRead = await readMatch(db, match.words, match.isMany);
        spent.statements++;
      }
      // At most three statements a page: what counting took, and the rest for the page.
      const canSplit = spent.statements <= 1;
      return readBestMatches(db, query, wordsRead ?? match, bestCursor, { canSplit });
    }
    return readListingPage(db, query, listingOrder, cursor, words, {
      isSparse,
      capped,
      withGeneration: isCacheable(words, query),
    });
  };
  /** A search's first page, which need not wait for its count (decision 054). */
  const isFirstSearchPage = typed.length > 0 && !cursor && query.page === 0;

  /** A search's count: carried by the cursor, or cached or counted. */
  const countTyped = (knownGeneration?: string) =>
    cursor?.s
      ? carriedCount(db, query, cursor.s, typed, cursor.o === 'best' ? cursor.q : undefined, spent)
      : countMatches(db, query, typed, counts, { spent, knownGeneration, withWords: query.order === 'best' });
  /** The count a search's page comes with: a first page's only if it is known, a later page's always. */
  const countToSend = async (knownGeneration?: string) =>
    isFirstSearchPage
      ? ((await knownCount(db, query, typed, counts, { spent, knownGeneration })) ?? null)
      : countTyped(knownGeneration);

  // A page of the same search read before, while nothing it can find has changed (decision 041):
  // its cards by id and the number of changes, in one statement. When the number has moved, that
  // statement still read it, so the count need not read it again; and it counts as one of the
  // page's statements, so Best match reads its tiers in one (at most three, still).
  const at = Date.now();
  const pageKey = isCacheable(typed, query) ? pageCacheKey(query, typed, cursor) : null;
  const cached = pageKey ? pages.get(pageKey, at) : undefined;
  let knownGeneration: string | undefined;
  if (cached) {
    // A tag's page without words reads the tag's count with its cards (the count the database keeps).
    const tag = typed.length === 0 ? query.tag : undefined;
    const { generation, cards, tagCount } = await readCardsById(db, cached.ids, tag);
    if (generation === cached.generation) {
      const count = tag ? exactCount(tagCount) : await countToSend(generation);
      return respond(count, cards, cached.nextKey, cached.searchedFor);
    }
    spent.statements++;
    knownGeneration = generation;
  }

  let count: Count;
  let page: PageRead;
  if (typed.length === 0 && !query.tag) {
    // Every public list: the count is the counter the database keeps, read with the page; a page
    // past the last list has no row to carry it, so it is read on its own.
    const rows = await readListingPage(db, query, listingOrder, cursor, typed, {
      isSparse: false,
      capped: false,
      withGeneration: false,
      withPublicLists: true,
    });
    const publicCount = rows[0]?.public_lists;
    count = publicCount === undefined ? await countMatches(db, query, typed, counts) : exactCount(publicCount);
    page = pageOf(rows);
  } else if (typed.length === 0) {
    // A tag's count decides how its page is read.
    count = await countMatches(db, query, typed, counts);
    page = pageOf(await readPage(typed, { match: null, isSparse: count.isSparse(listingOrder), capped: false }));
  } else {
    const known = isFirstSearchPage ? await countToSend(knownGeneration) : null;
    if (isFirstSearchPage && !known) return firstPageBeforeCount();
    count = known ?? (await countTyped(knownGeneration));
    page = pageOf(await readPage(count.searchedFor ?? typed, { ...count, isSparse: count.isSparse(listingOrder) }));
  }
  cache(page);
  return respond(count, page.shown, page.nextKey);

  /**
   * A search's first page when its count is not known: the typed words' page, or when they find
   * nothing, the page of the nearest words some list has (`readCorrection`), which the response
   * names. Its count comes with it only when the page holds every match, or when nothing is found.
   */
  async function firstPageBeforeCount(): Promise<BrowsePage> {
    // Best match reads its words first, and in the same statement their page when few matches are
    // expected, or their correction when a word can find nothing.
    let correction: Correction | null | undefined;
    let match: SearchMatch | undefined;
    let found: PageRead | undefined;
    if (query.order === 'best') {
      const first = await readFirstBestPage(db, query, typed);
      spent.statements++;
      ({ match, correction } = first);
      if (first.page) found = pageOf(first.page);
    }
    if (!match?.findsNothing) {
      found ??= await readUncountedPage(typed, match);
      if (found.shown.length > 0) return sendUncounted(found);
      correction = await readCorrection(db, typed, { withMatch: query.order === 'best' });
      spent.statements++;
    }
    if (!correction) return respond(exactCount(0), [], null);
    const corrected = (await cachedPageOf(correction.words)) ?? (await readCorrectedPage(correction));
    // The typed words found nothing, and no near spelling does either.
    if (!corrected.shown.length) return respond(exactCount(0), [], null);
    return sendUncounted(corrected, correction.words);
  }

  /**
   * The first page of `words` that a search for them cached (a correction's page is the corrected
   * words' own page, which many misspellings of a word share), if nothing it can find has changed
   * since: its cards by id, in one statement. Not a page the words' own correction stands for, nor
   * one known to be out of date (this request found its number of changes moved: `knownGeneration`).
   */
  async function cachedPageOf(words: string[]): Promise<PageRead | undefined> {
    const seen = pageKey ? pages.get(pageCacheKey(query, words, null), at) : undefined;
    if (!seen || seen.searchedFor) return undefined;
    if (knownGeneration !== undefined && knownGeneration !== seen.generation) return undefined;
    const { generation, cards } = await readCardsById(db, seen.ids, undefined);
    spent.statements++;
    return generation === seen.generation ? { shown: cards, nextKey: seen.nextKey, generation } : undefined;
  }

  /** A correction's page, read now, and cached as the corrected words' own first page too. */
  async function readCorrectedPage({ words, match }: Correction): Promise<PageRead> {
    const read = await readUncountedPage(words, match);
    cache(read, undefined, pageCacheKey(query, words, null));
    return read;
  }

  /** A first page read before its count, cached; a page that holds every match has counted them. */
  function sendUncounted(read: PageRead, searchedFor?: string[]) {
    cache(read, searchedFor);
    const shownCount =
      read.nextKey === null ? { ...exactCount(read.shown.length), searchedFor: searchedFor ?? null } : null;
    return respond(shownCount, read.shown, read.nextKey, searchedFor);
  }

  /**
   * A search's first page before its count: read as the database plans it for the words, neither
   * gathered first (which only a few matches make worth it) nor walked by a plan made for every
   * search (which only many do), since how many match is what is not known yet. Best match reads
   * its words' tsqueries first, in a statement that reads no list, unless the caller has
   * (`match`: by `readFirstBestPage`, which has read the typed words' page itself if the planner
   * expected few matches, or with the typed words' correction); and then its tiers: for a
   * correction's words, in the one named statement of every tier that a page of few counted matches
   * is, when the planner expects few matches (`expected`, `isNamedBestPage`), or else, as for the
   * typed words of many, planned with the words.
   */
  async function readUncountedPage(words: string[], match?: SearchMatch): Promise<PageRead> {
    if (query.order === 'best') {
      if (!match) spent.statements++;
      const read = match ?? (await readMatch(db, words, true));
      // At most three statements a page, as for a page read with its count.
      return pageOf(await readBestMatches(db, query, read, null, { canSplit: spent.statements <= 1 }));
    }
    return pageOf(await readPage(words, { match: null, isSparse: false, capped: false }));
  }

  /**
   * Caches a search's or tag's page read now, with the number of changes it was read at, and the
   * words it was read for when they are not the typed ones (`searchedFor`).
   */
  function cache({ shown, nextKey, generation }: PageRead, searchedFor?: string[], key = pageKey) {
    if (!key || generation === undefined) return;
    const ids = shown.map((card) => card.id);
    pages.set(key, { ids, nextKey, generation, ttlMs: pageCacheMs(query), ...(searchedFor && { searchedFor }) }, at);
  }

  /**
   * The page's response: its cards, the count (null: to come, decision 054), a cursor after
   * `nextKey` when there is more, and the words searched for instead of the typed ones, which the
   * count names when it comes with the page, or else the caller (`searchedFor`).
   */
  function respond(
    count: Count | null,
    shown: CardRow[],
    nextKey: unknown[] | null,
    searchedFor?: string[],
  ): BrowsePage {
    const searched: SearchState | null =
      typed.length === 0 || !count
        ? null
        : (cursor?.s ?? {
            t: count.total,
            c: count.capped,
            f: count.searchedFor,
            m: count.match?.isMany ?? false,
            g: count.isSparse(listingOrder),
          });
    const known = count?.match && hasTsqueries(count.match) ? count.match : wordsRead;
    const words: BestMatchWords | null =
      query.order === 'best' && count?.match && known ? { w: known.whole, x: known.isTypedWhole } : null;
    const nextCursor = (sortKey: unknown[]): string | null => {
      const next = { o: query.order, k: sortKey } as BrowseCursor;
      // What would make the cursor too long to send back, or that its schema would refuse (a
      // corrected word too long, say), is left out: first Best match's words (the next page then
      // reads them in a statement), then the search state (the next page then counts again, as a
      // first page does).
      const carrying: BrowseCursor[] = !searched
        ? []
        : words
          ? [{ ...next, s: searched, q: words } as BrowseCursor, { ...next, s: searched }]
          : [{ ...next, s: searched }];
      for (const candidate of carrying) {
        const carried = browseCursorSchema.safeParse(candidate).success ? cursors.encode(candidate, query) : null;
        if (carried) return carried;
      }
      return cursors.encode(next, query);
    };

    return {
      checklists: shown.map(presentCard),
      total: count?.total ?? null,
      totalCapped: count?.capped ?? false,
      searchedFor: (count ? count.searchedFor : searchedFor)?.join(' ') ?? null,
      page: query.page,
      pageSize: BROWSE_PAGE_SIZE,
      hasMore: nextKey !== null,
      nextCursor: nextKey ? nextCursor(nextKey) : null,
    };
  }
}

/**
 * Y of "Showing X of Y" for a search whose first page was sent without it (decision 054): the
 * count `counts` has cached, or the matches counted now, as far as the order's later pages need
 * (`countMatches`, which also corrects words that find nothing), and cached for the page read
 * again and for Load more.
 */
export async function countBrowseSearch(
  db: Executor,
  query: BrowseQuery,
  counts: SearchCounts<Count>,
): Promise<SearchCount> {
  const { total, capped, searchedFor } = await countMatches(db, query, searchTerms(query.q), counts);
  return { total, totalCapped: capped, searchedFor: searchedFor?.join(' ') ?? null };
}
