import { sql, type SQL } from 'drizzle-orm';
import { BROWSE_PAGE_SIZE, type BrowseCursor, type BrowseQuery } from '@/domain/checklists/browse';
import { sqlCount, type Executor } from '../db/client';
import { publicLists, readCardRows, searchGeneration } from './cards';
import { filters, listFilters } from './filters';

// The listing orders: Newest, Most Used and Most Liked, with or without a search or a tag. Each
// is read along its own index, newest first among equals, and paged by keyset after the previous
// page's last sort key. A search's or a tag's page walks that index, or, when its matches are few
// among the public lists (`isSparse`, `isTagSparse`), gathers them from the word or tag index first
// and sorts them.

export type ListingOrder = Exclude<BrowseQuery['order'], 'best'>;

/**
 * Each order's sort key over the page's candidates `c`, highest first; `id` breaks ties, so every
 * list has one place. The key matches the order's index exactly (decision 005).
 */
const sortKey: Record<ListingOrder, SQL> = {
  newest: sql`c.created_at, c.id`,
  'most-used': sql`c.uses_count, c.created_at, c.id`,
  'most-liked': sql`c.likes_count, c.created_at, c.id`,
};
const orderBy: Record<ListingOrder, SQL> = {
  newest: sql`c.created_at desc, c.id desc`,
  'most-used': sql`c.uses_count desc, c.created_at desc, c.id desc`,
  'most-liked': sql`c.likes_count desc, c.created_at desc, c.id desc`,
};
/** The same key as JSON (created_at keeps its microseconds) for the next cursor, read for the page only. */
const sortKeyJson: Record<ListingOrder, SQL> = {
  newest: sql`json_build_array(c.created_at, c.id)`,
  'most-used': sql`json_build_array(c.uses_count, c.created_at, c.id)`,
  'most-liked': sql`json_build_array(c.likes_count, c.created_at, c.id)`,
};

/** Where the page starts: after the cursor's key, in the same order. */
function afterCursor(cursor: Exclude<BrowseCursor, { o: 'best' }>): SQL {
  if (cursor.o === 'newest') {
    const [createdAt, id] = cursor.k;
    return sql`(c.created_at, c.id) < (${createdAt}::timestamptz, ${id}::uuid)`;
  }
  const [count, createdAt, id] = cursor.k;
  return sql`(${sortKey[cursor.o]}) < (${count}::int, ${createdAt}::timestamptz, ${id}::uuid)`;
}

/**
 * Whether a listing order's page of a search gathers the search's matches from the word index and
 * sorts them, rather than walking the order's index and reading each list's words until a page is
 * filled. A walk passes about `(BROWSE_PAGE_SIZE + 1) × publicCount / found` lists; a gather reads
 * the index entries of what was typed and then the `found` lists, each from a page of its own.
 *
 * Most Used and Most Liked, words alone: their index holds the lists in no order of the table's, so
 * a walk too reads a page for each list it passes; the words' entries are about their matches; and
 * a gathered match costs about as much as a list walked. So they are sparse when `found² < 10 ×
 * publicCount` (decision 035 has the measurements).
 *
 * Newest walks the table in the order lists were written, many to a page, so a list passed costs a
 * fraction of a gathered one; and with a tag the gather reads every entry of the tag too, while the
 * planner, which plans a tag's page with its values, often finds a better path than the walk. Both
 * are sparse only when the walk would pass more than WALK_LIMIT lists.
 */
export const isSparse = (
  found: number,
  publicCount: number,
  { hasTag, order }: { hasTag: boolean; order: ListingOrder },
) =>
  found <= SPARSE_COUNT_LIMIT &&
  (hasTag || order === 'newest'
    ? found * WALK_LIMIT < (BROWSE_PAGE_SIZE + 1) * publicCount
    : found * found < SPARSE_RATIO * publicCount);
const SPARSE_RATIO = 10;
const WALK_LIMIT = 5_000;

/**
 * Whether a tag's page, without words, gathers the tag's lists from its index and sorts them
 * rather than walking the order's index. Each order's index ends with the lists' tag keys
 * (schema/checklists.ts), so a walk checks a list's tags in the index, without reading its row, while a
 * gathered list is read from a page of its own. A walk passes about `(BROWSE_PAGE_SIZE + 1) ×
 * publicCount / found` lists, and the two were measured to cost about the same near
 * `found² = publicCount` (decision 037).
 */
export const isTagSparse = (found: number, publicCount: number) => found * found < publicCount;

/**
 * A search's count in Most Used or Most Liked without a tag goes on past the cap, up to this many,
 * to tell a sparse search from a dense one where the cap alone cannot: with more public lists than
 * `SEARCH_COUNT_CAP² / SPARSE_RATIO`, and up to `SPARSE_COUNT_LIMIT² / SPARSE_RATIO`; past that, a
 * search with more matches than this always walks. Other searches count to the cap only
 * (`countLimit`).
 */
export const SPARSE_COUNT_LIMIT = 3_000;

/**
 * A page of a listing order: its cards, each with its sort key, and with the search's number of
 * changes when the page may be cached (`withGeneration`), or how many lists are public, the count
 * of a page without a filter (`withPublicLists`: one statement for both, not two). `words` are the
 * words searched for (none for a tag's page or all public lists).
 *
 * Walking the order's index and checking each list's words finds a page of a common word's matches
 * after a few dozen lists, a rare word's only after thousands, each read whole; a sparse search's
 * matches are gathered from the word index first (see `isSparse`).
 *
 * Without a tag or an offset, and without words or with more matches than the count's cap (and not
 * sparse), the page is a named statement, planned once per connection (decision 033), so its plan
 * must not depend on its parameters' values: it walks the order's index. A walk checks the words in
 * a form no index serves (`coalesce`), so its plan is the walk whatever the words, and their
 * tsquery is a subquery, made once (a generic plan would make it again for every list passed). The
 * page's size is written in the statement: a generic plan guesses a parameter's limit at a tenth of
 * the lists, and might sort them all instead of walking.
 *
 * A sparse search's gather is named too (decision 036): its matches are few, so reading them from
 * the word index (with the tag's, if any) and sorting them is the plan whatever the words. A tag's
 * page without words is named either way (decision 037): its count, read first, decides between
 * gathering its lists (`isTagSparse`) and walking, whose tag check no index serves (`coalesce`, as
 * the words' above), so that its plan walks whatever the tag.
 *
 * Planned anew each time, with its values: a search and a tag that is not sparse, a search with
 * fewer matches that is not sparse (the planner may read them from the word index and sort them),
 * and a page by offset.
 */
export function readListingPage(
  db: Executor,
  query: BrowseQuery,
  order: ListingOrder,
  cursor: BrowseCursor | null,
  words: string[],
  {
    isSparse,
    capped,
    withGeneration,
    withPublicLists = false,
  }: { isSparse: boolean; capped: boolean; withGeneration: boolean; withPublicLists?: boolean },
) {
  const after = cursor && cursor.o !== 'best' ? afterCursor(cursor) : sql`true`;
  const terms = words.length > 0 ? sql`${sql.param(words)}::text[]` : null;
  const skipped = cursor ? 0 : query.page * BROWSE_PAGE_SIZE;
  const isNamed = skipped === 0 && (isSparse || words.length === 0 || (!query.tag && capped));
  const wordsOnce = terms && isNamed ? sql`(select ticklist_search_query(${terms}, true))` : null;
  const matched = wordsOnce
    ? sql.join([...listFilters(query), sql`c.search_vector @@ ${wordsOnce}`], sql` and `)
    : filters(query, terms);
  const candidates = isSparse
    ? sql`(with matching as materialized (
        select c.id, c.created_at, c.uses_count, c.likes_count from checklists c where ${matched})
      select * from matching) c`
    : sql`checklists c`;
  const walked = wordsOnce
    ? sql`c.is_public and coalesce(c.search_vector @@ ${wordsOnce}, false)`
    : isNamed && query.tag
      ? sql`c.is_public and coalesce(c.tag_keys @> array[lower(${query.tag})], false)`
      : filters(query, terms);
  return readCardRows<{ sort_key: unknown[]; generation?: string; public_lists?: number }>(
    db,
    sql`
      select c.id, row_number() over (order by ${orderBy[order]}) as position
      from ${candidates}
      where ${isSparse ? after : sql`${walked} and ${after}`}
      order by ${orderBy[order]}
      limit ${sqlCount(BROWSE_PAGE_SIZE + 1)} ${skipped > 0 ? sql`offset ${skipped}` : sql``}`,
    sql`, ${sortKeyJson[order]} as sort_key
      ${withGeneration ? sql`, ${searchGeneration} as generation` : sql``}
      ${withPublicLists ? sql`, ${publicLists} as public_lists` : sql``}`,
    { isNamed },
  );
}
