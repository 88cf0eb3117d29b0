import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, type BestMatchWords, type BrowseQuery, type SearchState } from '@/domain/checklists/browse';
import { executeNamed, sqlCount, type Executor } from '../db/client';
import {
  expectedMatches,
  matchColumns,
  matchOf,
  readMatch,
  tierColumns,
  type Correction,
  type CountedWords,
  type MatchRow,
  type SearchMatch,
} from './best-match';
import { publicLists, searchGeneration } from './cards';
import { filters } from './filters';
import { isSparse, isTagSparse, SPARSE_COUNT_LIMIT, type ListingOrder } from './listing-orders';
import { tagCount } from './tag-counts';
import { correctionCacheKey, searchCacheKey, type SearchCounts } from './search-count-cache';

// Y of "Showing X of Y": without a search, exact, from the counters the database keeps (all public
// lists, or one tag's); with one, the matches counted up to SEARCH_COUNT_CAP and then "1,000+". A
// search's later pages take the count their cursor carries; a search asked for again takes it from
// the cache while no list it can find has changed (decision 018).

export type Count = {
  total: number;
  capped: boolean;
  searchedFor: string[] | null;
  /**
   * What Best match's tiers are read with: null without words, and on a listing order's later
   * pages; only the words and whether they match many when the count did not read their tsqueries
   * (`countSearch`), which the page then reads (`readMatch`).
   */
  match: SearchMatch | CountedWords | null;
  /**
   * Whether a search's matches are so few among the public lists that walking an order's index
   * to fill a page costs more than gathering them all (see `isSparse`): its pages gather them first.
   */
  isSparse: (order: ListingOrder) => boolean;
  /** Up to how many matches the count is exact: all of them when it stopped short of its limit. */
  exactUpTo: number;
};

/**
 * How far a search's count goes. Each match past the cap is a table page more to read (decision
 * 036), so only the orders whose rule can use the matches past the cap count them. Newest or a tag
 * that has counted to the cap only walks a search with more.
 */
export const countLimit = ({ order, tag }: Pick<BrowseQuery, 'order' | 'tag'>) =>
  !tag && (order === 'most-used' || order === 'most-liked') ? SPARSE_COUNT_LIMIT : SEARCH_COUNT_CAP;

/**
 * A later page of a search: what its first page counted, as its cursor carries it, and for Best
 * match the tsquery of the words searched for as whole words and whether they were typed whole:
 * carried too (`words`), or else, for a search of more matches than the cap, read in a statement
 * that reads no list (the page before had not read them, or its cursor would have been too long
 * with them). A search of fewer needs neither: its pages make them (`isNamedBestPage`).
 */
export async function carriedCount(
  db: Executor,
  query: BrowseQuery,
  state: SearchState,
  typed: string[],
  words: BestMatchWords | undefined,
  spent: { statements: number },
): Promise<Count> {
  const count = {
    total: state.t,
    capped: state.c,
    searchedFor: state.f,
    isSparse: () => state.g,
    exactUpTo: state.c ? SEARCH_COUNT_CAP : Number.POSITIVE_INFINITY,
  };
  if (query.order !== 'best') return { ...count, match: null };
  const searched = state.f ?? typed;
  if (words) return { ...count, match: { words: searched, whole: words.w, isTypedWhole: words.x, isMany: state.m } };
  // A search of few matches: its pages make the words' tsqueries themselves (`isNamedBestPage`).
  if (!state.m) return { ...count, match: { words: searched, isMany: false } };
  spent.statements++;
  return { ...count, match: await readMatch(db, searched, state.m) };
}

/**
 * Y of "Showing X of Y". Without a search: the counters the database keeps (all public lists, or
 * one tag's). With one: what `counts` has cached of the same search, if it still holds, or else the
 * matches counted now (`countSearch`).
 */
export async function countMatches(
  db: Executor,
  query: BrowseQuery,
  terms: string[],
  counts: SearchCounts<Count>,
  {
    spent = { statements: 0 },
    knownGeneration,
    withWords = false,
  }: {
    spent?: { statements: number };
    knownGeneration?: string;
    /**
     * A count made for a Best match page reads the words' tsqueries too (`countSearch`), so that
     * the page needs no statement more for them.
     */
    withWords?: boolean;
  } = {},
): Promise<Count> {
  if (terms.length === 0) {
    const [row] = await executeNamed<{ total: number; public_lists: number }>(
      db,
      query.tag
        ? sql`select ${tagCount(sql`lower(${query.tag})`)} as total,
                     ${publicLists} as public_lists`
        : sql`select ${publicLists} as total, 0 as public_lists`,
    );
    const { total = 0, public_lists: publicCount = 0 } = row ?? {};
    const exactUpTo = Number.POSITIVE_INFINITY;
    const isSparse = Boolean(query.tag) && isTagSparse(total, publicCount);
    return { total, capped: false, searchedFor: null, match: null, isSparse: () => isSparse, exactUpTo };
  }
  const { key, limit, generation, isEnough } = cachedSearch(db, query, terms, { spent, knownGeneration });
  const counting = () => countSearch(db, query, terms, { limit, isEnough }, { counts, spent, withWords });
  return counts.count(key, generation, counting, isEnough);
}

/**
 * A search's count if `counts` has it cached and it still holds, without counting: what a search's
 * first page comes with when it is known (decision 054).
 */
export function knownCount(
  db: Executor,
  query: BrowseQuery,
  terms: string[],
  counts: SearchCounts<Count>,
  options: { spent: { statements: number }; knownGeneration?: string },
): Promise<Count | undefined> {
  const { key, generation, isEnough } = cachedSearch(db, query, terms, options);
  return counts.cached(key, generation, isEnough);
}

/** How a search's count is cached: its key, how far it is counted, and the number of changes read when needed. */
function cachedSearch(
  db: Executor,
  query: BrowseQuery,
  terms: string[],
  { spent, knownGeneration }: { spent: { statements: number }; knownGeneration?: string },
) {
  // Counted as far as the order needs: a count that stopped at the cap is counted again, further,
  // for an order that needs to know more.
  const limit = countLimit(query);
  // A cached count may be used without a statement; reading the number and counting are one each
  // (the number is not read again when the caller has just read it: `knownGeneration`).
  const generation = async () => {
    if (knownGeneration !== undefined) return knownGeneration;
    spent.statements++;
    return (await executeNamed<{ generation: string }>(db, sql`select ${searchGeneration} as generation`))[0]!
      .generation;
  };
  return {
    key: searchCacheKey(terms, query),
    limit,
    generation,
    isEnough: (cached: Count) => cached.exactUpTo >= limit,
  };
}

/** What counting a search read: its matches (to the limit and one more) and what goes with them. */
type Counted = {
  found: number;
  /**
   * Their tsquery as whole words and whether they were typed whole: read by a count made for a
   * Best match page (`withWords`).
   */
  whole?: string;
  typed_whole?: boolean;
  generation: string;
  public_lists: number;
};

/**
 * A search's matches counted up to the cap, in a statement as plain as the count, since most
 * searches find lists: its plan is made for the words every time, and a larger statement took longer
 * to plan than the count took to run. The words' tsquery and whether they were typed whole are read
 * with it only for a Best match page that counts (`withWords`): the count a client asks for apart
 * (`countBrowseSearch`) reads neither, which cost it a sixth of its time, and a page that takes such
 * a count from the cache reads them if it needs them (`readMatch`). When nothing matches, the typed
 * words no list has are replaced by the nearest title or tag words (`readCorrection`), whose count
 * as a correction is cached under their key (`correctionCacheKey`), so that the many misspellings
 * of a word count it once. The number of changes is the older of the one the first count read and
 * the corrected count's, so that a list written in between makes the count stale, not missed.
 */
async function countSearch(
  db: Executor,
  query: BrowseQuery,
  terms: string[],
  { limit, isEnough }: { limit: number; isEnough: (count: Count) => boolean },
  { counts, spent, withWords }: { counts: SearchCounts<Count>; spent: { statements: number }; withWords: boolean },
): Promise<{ count: Count; generation: string }> {
  const countOf = async (words: string[]) => {
    spent.statements++;
    const typed = sql`${sql.param(words)}::text[]`;
    const counted = (
      await db.execute<Counted>(sql`
        with found as (select ${cappedCount(query, typed, limit)} as n)
        select found.n as found, ${withWords ? sql`${matchColumns(typed)},` : sql``}
          ${searchGeneration} as generation, ${publicLists} as public_lists
        from found`)
    ).rows[0]!;
    return { count: countFrom(query, words, limit, counted), generation: counted.generation };
  };
  const first = await countOf(terms);
  if (first.count.total > 0) return first;
  const correction = await readCorrection(db, terms);
  spent.statements++;
  if (!correction) return first;
  const corrected = await counts.counted(
    correctionCacheKey(correction.words, query),
    async () => first.generation,
    () => countOf(correction.words),
    isEnough,
  );
  if (corrected.count.total === 0) return first;
  // The older of the two numbers of changes: a corrected count waited for may have begun before.
  const generation = BigInt(corrected.generation) < BigInt(first.generation) ? corrected.generation : first.generation;
  return { count: { ...corrected.count, searchedFor: correction.words }, generation };
}

/** The count of `words` from what counting them up to `limit` read (`countSearch`). */
function countFrom(query: BrowseQuery, words: string[], limit: number, counted: Counted): Count {
  const { found, whole, typed_whole: isTypedWhole, public_lists: publicLists } = counted;
  const isMany = found > SEARCH_COUNT_CAP;
  return {
    total: Math.min(found, SEARCH_COUNT_CAP),
    capped: found > SEARCH_COUNT_CAP,
    searchedFor: null,
    match:
      whole === undefined || isTypedWhole === undefined ? { words, isMany } : { words, whole, isTypedWhole, isMany },
    // Past the limit the matches are more than was counted: never sparse.
    isSparse: (order: ListingOrder) =>
      found <= limit && isSparse(found, publicLists, { hasTag: Boolean(query.tag), order }),
    exactUpTo: found <= limit ? Number.POSITIVE_INFINITY : limit,
  };
}

/** The matches of `words` (an SQL text[]) counted up to `limit` and one more, to tell more from as many. */
const cappedCount = (query: BrowseQuery, words: SQL, limit: number) =>
  sql`(select count(*)::int from (select 1 from checklists c where ${filters(query, words)} limit ${sqlCount(limit + 1)}) m)`;

/**
 * For typed words that find nothing: the nearest title or tag words some public list has, each in
 * place of a typed word no public list has, or null when none is near; with their tsqueries for Best
 * match's tiers when asked (`withMatch`, as `readMatch` reads them, and how many lists the planner
 * expects them to match, which a page read before its count chooses its plan by). A statement of its
 * own, named (decision 033), so that the correction is only run: in a statement planned with the
 * typed words, the planner ran it as it planned, to estimate the count of the corrected words, and
 * then again. Whether the corrected words find a list together is for the caller to see.
 */
export async function readCorrection(
  db: Executor,
  terms: string[],
  { withMatch = false } = {},
): Promise<Correction | null> {
  const [row] = await executeNamed<{ words: string[] | null } & Partial<MatchRow>>(
    db,
    withMatch
      ? sql`with corrected as materialized (select ticklist_correct_terms(${sql.param(terms)}::text[]) as words),
          matched as materialized (select words, ${tierColumns(sql`words`)} from corrected where words is not null)
          select *, ${expectedMatches(sql`prefix`)} as estimate from matched`
      : sql`select ticklist_correct_terms(${sql.param(terms)}::text[]) as words`,
  );
  if (!row?.words) return null;
  return withMatch ? { words: row.words, match: matchOf(row.words, row as MatchRow, true) } : { words: row.words };
}

/**
 * A count known without counting: a tag's, read with a cached page from the counter the database
 * keeps, or a search's whose first page held every match.
 */
export const exactCount = (total: number): Count => ({
  total,
  capped: false,
  searchedFor: null,
  match: null,
  isSparse: () => false,
  exactUpTo: Number.POSITIVE_INFINITY,
});

/** How many lists are public, from the counter the database keeps (sitemaps, feeds, the landing page). */
export async function countPublicChecklists(db: Executor): Promise<number> {
  const result = await db.execute<{ total: number }>(sql`select ${publicLists} as total`);
  return result.rows[0]?.total ?? 0;
}
