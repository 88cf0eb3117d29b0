import { sql, type SQL } from 'drizzle-orm';
import {
  BEST_MATCH_TIER_COUNT,
  BROWSE_PAGE_SIZE,
  SEARCH_COUNT_CAP,
  browseCursorSchema,
  searchTerms,
  type BestMatchWords,
  type BrowseCursor,
  type BrowsePage,
  type BrowseQuery,
  type ChecklistCard,
  type SearchState,
} from '@/domain/checklists/browse';
import { executeNamed, sqlCount, type Executor } from '../db/client';
import { cardColumns, presentCard, type CardRow } from '../presenters';
import type { BrowseCursors } from './browse-cursors';
import type { SearchCounts } from './search-counts';
import { COUNTED_ORDER_PAGE_MS, SEARCH_PAGE_MS, type SearchPages } from './search-pages';

/**
 * The cards of the lists `picked` chooses, in its order, in one statement. `picked` is a query
 * answering `id` and `position`; only its rows get their author, tags and item count, so it should
 * limit itself (browse, Discover). It may be a WITH query of its own. `isNamed`: see readCardRows.
 */
export async function readCards(
  db: Executor,
  picked: SQL,
  options: { isNamed?: boolean } = {},
): Promise<ChecklistCard[]> {
  return (await readCardRows(db, picked, sql``, options)).map(presentCard);
}

/**
 * `isNamed`: `picked`'s best plan is the same whatever its parameters' values (decision 033), so
 * the statement may be prepared once per connection and planned once.
 */
async function readCardRows<Extra extends object = object>(
  db: Executor,
  picked: SQL,
  extra = sql``,
  { isNamed = false }: { isNamed?: boolean } = {},
) {
  const query = sql`
    with picked as (${picked})
    select ${cardColumns}${extra}
    from picked join checklists c on c.id = picked.id
    left join profiles p on p.id = c.author_id
    order by picked.position`;
  return isNamed ? executeNamed<CardRow & Extra>(db, query) : (await db.execute<CardRow & Extra>(query)).rows;
}

type ListingOrder = Exclude<BrowseQuery['order'], 'best'>;

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
const sortKeyJson: Record<BrowseQuery['order'], SQL> = {
  best: sql`json_build_array(picked.tier, c.created_at, c.id)`,
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
 * The words of a list Best match's tiers look in, widest last: title (weight A), title and tags
 * (A, B), title, tags and description (A, B, C), everything. Each is the expression of a GIN index
 * (beside the tag keys, decision 031) and of statistics (migration 0020), written exactly as there
 * so the planner finds both.
 */
const tierFields = [
  sql`ts_filter(c.search_vector, '{a}')`,
  sql`ts_filter(c.search_vector, '{a,b}')`,
  sql`ts_filter(c.search_vector, '{a,b,c}')`,
  sql`c.search_vector`,
] as const;

/**
 * Best match (decision 027): a list's tier is the first of these its words satisfy, so the tiers do
 * not overlap. For each field set, widening: every typed word whole (or a form of it) in those
 * fields, then every word at least as a prefix there. Title matches come above tag, description and
 * item matches, and whole words above prefixes (issue 11).
 */
function bestMatchTiers(whole: SQL, prefix: SQL): SQL[] {
  return tierFields.flatMap((fields, index) => {
    const notNarrower = index > 0 ? [sql`not ${tierFields[index - 1]} @@ ${prefix}`] : [];
    return [
      sql.join([sql`${fields} @@ ${whole}`, ...notNarrower], sql` and `),
      sql.join([sql`${fields} @@ ${prefix}`, sql`not ${fields} @@ ${whole}`, ...notNarrower], sql` and `),
    ];
  });
}

/**
 * The lists of a best-match page (`id`, `position`, `tier`) in the tiers from `firstTier` up to (not
 * including) `endTier`: each tier, the cursor's first, is a query of its own, newest first and
 * limited, that the planner answers from the newest-first index (many matches: it stops after a
 * few) or from the tier's GIN index (few). UNION ALL runs them in turn under one LIMIT, so the
 * tiers after the one that fills the page never run.
 *
 * Planned with its values (`isNamed` false): `whole` is a tsquery's text, and the prefixes' tsquery
 * is made by ticklist_search_query while planning (IMMUTABLE, of the words as parameters), so the
 * plan sees constants. Named (decision 036), for a search of at most SEARCH_COUNT_CAP matches, whose
 * every tier is read from its GIN index whatever the words: both tsqueries are made once, in the
 * statement, where no plan sees them, and the page's size is written in it, so the plan is the same
 * for every search and PostgreSQL keeps one.
 */
function pickBestMatches(
  query: BrowseQuery,
  match: NonNullable<Count['match']>,
  { cursor, firstTier, endTier, wanted: limit, isNamed = false }: BestMatchRead,
): SQL {
  const skipped = cursor || firstTier > 0 ? 0 : query.page * BROWSE_PAGE_SIZE;
  const wanted = isNamed ? sqlCount(BROWSE_PAGE_SIZE + 1) : sql`${limit ?? skipped + BROWSE_PAGE_SIZE + 1}`;
  const words = sql.param(match.words);
  const [whole, prefix] = isNamed
    ? [sql`(select whole from words)`, sql`(select prefix from words)`]
    : [sql`${match.whole}::tsquery`, sql`ticklist_search_query(${words}::text[], true)`];
  const tiers = bestMatchTiers(whole, prefix)
    .slice(firstTier, endTier)
    .map((inTier, index) => {
      const tier = firstTier + index;
      const conditions = [...listFilters(query), inTier];
      if (cursor && tier === cursor.k[0]) {
        conditions.push(sql`(c.created_at, c.id) < (${cursor.k[1]}::timestamptz, ${cursor.k[2]}::uuid)`);
      }
      // Walking the newest-first index for a tier the planner believes large but that is nearly
      // empty reads every public list. Two cases where that happens are known in advance: the
      // whole search matches at most SEARCH_COUNT_CAP lists (a rare word missing from the
      // statistics is guessed at half the rarest tracked one's share), and a prefix tier of words
      // typed whole, which holds only lists where a longer word begins with one ("tentative" for
      // "tent") and is often empty while the planner multiplies the prefix's share by the whole
      // word's absence. Sorting by an expression the index does not have leaves it the GIN index,
      // whose cost is the matches in the tier's fields: at most the cap in the first case.
      const isWalkable = !isNamed && match.isMany && !(tier % 2 === 1 && match.isTypedWhole);
      const newestFirst = isWalkable
        ? sql`c.created_at desc, c.id desc`
        : sql`c.created_at + interval '0 seconds' desc, c.id desc`;
      return sql`(select ${tier}::int as tier, c.id, c.created_at from checklists c
        where ${sql.join(conditions, sql` and `)}
        order by ${newestFirst} limit ${wanted})`;
    });
  const wordsOnce = isNamed
    ? sql`with words as materialized (
        select ${match.whole}::tsquery as whole, ticklist_search_query(${words}::text[], true) as prefix)`
    : sql``;
  return sql`
    ${wordsOnce}
    select id, row_number() over (order by tier, created_at desc, id desc) as position, tier
    from (select * from (${sql.join(tiers, sql` union all `)}) tiers limit ${wanted}) c
    order by tier, created_at desc, id desc
    ${skipped > 0 ? sql`offset ${skipped}` : sql``}`;
}

type BestMatchRead = {
  cursor: Extract<BrowseCursor, { o: 'best' }> | null;
  firstTier: number;
  endTier: number;
  /** How many lists to read (by default a page and one more, after the pages an offset skips). */
  wanted?: number;
  /** Prepared once per connection, with one plan for every search (no offset, no `wanted`). */
  isNamed?: boolean;
};

/**
 * A best-match page's cards. Planning a statement of eight tiers costs about 1.6 ms, most of what a
 * page costs, and the first two tiers from the cursor's (a word whole or as a prefix in titles,
 * say) often fill the page: those are read first, and the rest only when they do not (a second
 * statement, the page's remainder from the next tier's start). A page asked for by offset reads
 * every tier at once, and so does one whose count already took two statements (`canSplit`), so
 * that no page takes more than three.
 *
 * A search of at most SEARCH_COUNT_CAP matches reads every tier from its GIN index, so its plan is
 * the same whatever the words: its page is one statement of all the tiers, prepared and planned
 * once per connection (`pickBestMatches`, decision 036), with nothing to split.
 */
async function readBestMatches(
  db: Executor,
  query: BrowseQuery,
  match: NonNullable<Count['match']>,
  cursor: Extract<BrowseCursor, { o: 'best' }> | null,
  { canSplit }: { canSplit: boolean },
) {
  const read = (part: BestMatchRead) =>
    readCardRows<{ sort_key: unknown[]; generation: string }>(
      db,
      pickBestMatches(query, match, part),
      sql`, ${sortKeyJson.best} as sort_key, ${searchGeneration} as generation`,
      { isNamed: part.isNamed ?? false },
    );
  const firstTier = cursor?.k[0] ?? 0;
  const isOffset = !cursor && query.page > 0;
  if (!match.isMany && !isOffset) {
    return read({ cursor, firstTier, endTier: BEST_MATCH_TIER_COUNT, isNamed: true });
  }
  if (!canSplit || isOffset || firstTier + FIRST_READ_TIERS >= BEST_MATCH_TIER_COUNT) {
    return read({ cursor, firstTier, endTier: BEST_MATCH_TIER_COUNT });
  }
  const head = await read({ cursor, firstTier, endTier: firstTier + FIRST_READ_TIERS });
  if (head.length > BROWSE_PAGE_SIZE) return head;
  const rest = await read({
    cursor: null,
    firstTier: firstTier + FIRST_READ_TIERS,
    endTier: BEST_MATCH_TIER_COUNT,
    wanted: BROWSE_PAGE_SIZE + 1 - head.length,
  });
  return [...head, ...rest];
}
const FIRST_READ_TIERS = 2;

/**
 * Public lists, with the tag filter from the GIN indexes that hold tag_keys beside the words (not
 * checked row by row along the order): with a search, the tag and the words are one index scan
 * (decision 031).
 */
function listFilters(query: Pick<BrowseQuery, 'tag'>): SQL[] {
  const conditions: SQL[] = [sql`c.is_public`];
  if (query.tag) conditions.push(sql`c.tag_keys @> array[lower(${query.tag})]`);
  return conditions;
}

function filters(query: Pick<BrowseQuery, 'tag'>, terms: SQL | null): SQL {
  const conditions = listFilters(query);
  if (terms) conditions.push(sql`c.search_vector @@ ticklist_search_query(${terms}, true)`);
  return sql.join(conditions, sql` and `);
}

export type Count = {
  total: number;
  capped: boolean;
  searchedFor: string[] | null;
  /**
   * What Best match's tiers are read with: the words searched for; their tsquery as whole words,
   * as text; whether each word is one a public list's title or tag has (in search_words), i.e.
   * typed whole (only a visible list's words count, or the cursor would tell a private one's); and
   * whether the search matches more lists than the count's cap.
   */
  match: { words: string[]; whole: string; isTypedWhole: boolean; isMany: boolean } | null;
  /**
   * Whether a search's matches are so few among the public lists that walking an order's index
   * to fill a page costs more than gathering them all (see `isSparse`): its pages gather them first.
   */
  isSparse: (order: ListingOrder) => boolean;
  /** Up to how many matches the count is exact: all of them when it stopped short of its limit. */
  exactUpTo: number;
};

/**
 * Whether a listing order's page of a search gathers the search's matches from the word index and
 * sorts them, rather than walking the order's index and reading each list's words until a page is
 * filled. A walk passes about `(BROWSE_PAGE_SIZE + 1) × publicCount / found` lists; a gather reads
 * the index entries of what was typed and then the `found` lists, each from a page of its own.
 *
 * Most Used and Most Liked, words alone: their index holds the lists in no order of the table's, so
 * a walk too reads a page for each list it passes; the words' entries are about their matches; and
 * a gathered match costs about as much as a list walked. So they are sparse when `found² < 10 ×
 * publicCount`: up to about 690 matches at 48,000 public lists, 2,200 at 484,000. Measured warm,
 * Most Liked: at 48,000, words in 50 to 300 lists walk in 1–48 ms and gather in 0.4–0.8 ms; at
 * 484,000, words in 1,000 to 2,200 ran at 330–390 statements a second walked and 850–880 gathered
 * (16 connections, `pgbench`, shared_buffers 2 GiB).
 *
 * Newest walks the table in the order lists were written, many to a page, so a list passed costs a
 * fraction of a gathered one (the same 484,000 and words: 1,700–1,860 walked, 780–880 gathered);
 * and with a tag the gather reads every entry of the tag too, while the planner, which plans a
 * tag's page with its values, often finds a better path than the walk (48,000 lists, a word and a
 * tag in 600 to 1,600: gathers 2–6 ms, its plan 0.6–2.5). Both are sparse only when the walk would
 * pass more than WALK_LIMIT lists (a word and a tag in 1 % of lists pass about 1,300 in 1 ms).
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
 * (migration 0028), so a walk checks a list's tags in the index, without reading its row, while a
 * gathered list is read from a page of its own. A walk passes about `(BROWSE_PAGE_SIZE + 1) ×
 * publicCount / found` lists; under load at 484,000 public lists a gather of up to 1,390 lists took
 * 3.5-5.1 ms a page and a walk 1.1-1.9 ms (tags on 700 to 94,000 lists), so the two cost about the
 * same near `found² = publicCount`: about 700 lists there, 220 at 48,000.
 */
export const isTagSparse = (found: number, publicCount: number) => found * found < publicCount;
/**
 * A search's count in Most Used or Most Liked without a tag goes on past the cap, up to this many,
 * to tell a sparse search from a dense one where the cap alone cannot (more than 100,000 public
 * lists), up to 900,000 public lists; past that a search with more matches than this always walks.
 * Other searches count to the cap only (`countLimit`).
 */
export const SPARSE_COUNT_LIMIT = 3_000;

/**
 * How far a search's count goes. Each match past the cap is a table page more to read: at 500,000
 * lists two words' count took 8.9 ms to 1,001 and 11.2 ms to 3,001 (40 pairs, warm), so only the
 * orders whose rule can use the matches past the cap count them. Newest or a tag that has counted
 * to the cap only walks a search with more (it could only have gathered up to 1,257 at 484,000
 * public lists).
 */
export const countLimit = ({ order, tag }: Pick<BrowseQuery, 'order' | 'tag'>) =>
  !tag && (order === 'most-used' || order === 'most-liked') ? SPARSE_COUNT_LIMIT : SEARCH_COUNT_CAP;

/**
 * The tsquery of `words` (a text[]) as whole words, as text, and whether every word is one a public
 * list's title or tag has (its count in search_words, summed over its slots, is above zero;
 * migration 0031), i.e. typed whole: what Best match's tiers are read with. The answer goes into the
 * cursor, which a visitor can read, so a private or unlisted list's words must not change it.
 */
const matchColumns = (words: SQL) => sql`
  ticklist_search_query(${words}, false)::text as whole,
  (select bool_and(coalesce((select sum(s.public_count) from search_words s
                              where s.word = ticklist_unaccent(lower(w))), 0) > 0)
   from unnest(${words}) w) as typed_whole`;

/**
 * A later page of a search: what its first page counted, as its cursor carries it, and for Best
 * match the tsquery of the words searched for as whole words and whether they were typed whole:
 * carried too (`words`), or else read in a statement that reads no list (a cursor that would have
 * been too long with them, or one made before cursors carried them).
 */
async function carriedCount(
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
  spent.statements++;
  const result = await db.execute<{ whole: string; typed_whole: boolean }>(
    sql`select ${matchColumns(sql`${sql.param(searched)}::text[]`)}`,
  );
  const row = result.rows[0]!;
  return { ...count, match: { words: searched, whole: row.whole, isTypedWhole: row.typed_whole, isMany: state.m } };
}

/** How many lists are public: the slots of the counter the database keeps, added up (decision 018). */
const publicLists = sql`coalesce((select sum(public_count) from checklist_totals), 0)::int`;

/**
 * Y of "Showing X of Y". Without a search: the counters the database keeps (all public lists, or
 * one tag's). With one: what `counts` has kept of the same search, if it still holds, or else the
 * matches counted now (`countSearch`).
 */
async function countMatches(
  db: Executor,
  query: BrowseQuery,
  terms: string[],
  counts: SearchCounts<Count>,
  {
    spent = { statements: 0 },
    knownGeneration,
    found,
  }: {
    spent?: { statements: number };
    knownGeneration?: string;
    /** Where a search's first page in a listing order goes, when the count reads it (`countSearch`). */
    found?: { order: ListingOrder; firstPage?: FirstPage };
  } = {},
): Promise<Count> {
  if (terms.length === 0) {
    const [row] = await executeNamed<{ total: number; public_lists: number }>(
      db,
      query.tag
        ? sql`select coalesce((select count from tag_counts where tag_key = lower(${query.tag})), 0)::int as total,
                     ${publicLists} as public_lists`
        : sql`select ${publicLists} as total, 0 as public_lists`,
    );
    const { total = 0, public_lists: publicCount = 0 } = row ?? {};
    const exactUpTo = Number.POSITIVE_INFINITY;
    const isSparse = Boolean(query.tag) && isTagSparse(total, publicCount);
    return { total, capped: false, searchedFor: null, match: null, isSparse: () => isSparse, exactUpTo };
  }
  const key = searchKey(terms, query);
  // Counted as far as the order needs: a count that stopped at the cap is counted again, further,
  // for an order that needs to know more.
  const limit = countLimit(query);
  // What is kept may answer without a statement; reading the number and counting are one each
  // (the number is not read again when the caller has just read it: `knownGeneration`).
  const generation = async () => {
    if (knownGeneration !== undefined) return knownGeneration;
    spent.statements++;
    return (await executeNamed<{ generation: string }>(db, sql`select ${searchGeneration} as generation`))[0]!
      .generation;
  };
  return counts.count(
    key,
    generation,
    async () => {
      spent.statements++;
      const { firstPage, ...counted } = await countSearch(db, query, terms, limit, found?.order ?? null);
      if (found && firstPage) found.firstPage = firstPage;
      return counted;
    },
    (kept) => kept.exactUpTo >= limit,
  );
}

/** The number of the latest change to what searches can find (migration 0021), as text. */
const searchGeneration = sql`(select (case when is_called then last_value else 0 end)::text from checklists_search_generation)`;

/**
 * A search's matches counted up to the cap; when nothing matches, the typed words no list has are
 * replaced by the nearest title or tag words and counted again, in the same statement, which also
 * answers the tsquery of the words searched for as whole words, for the page to use as a constant.
 * `counted` is materialized so that the count of the corrected words is planned once: inlined, it
 * was planned for each of the three places that read it, and planning took more than running
 * (default size, two words in 400 lists: planned in 1.2 ms and run in 0.9, materialized 0.75 and 0.85).
 */
async function countSearch(
  db: Executor,
  query: BrowseQuery,
  terms: string[],
  limit: number,
  firstPageOrder: ListingOrder | null,
): Promise<{ count: Count; generation: string; firstPage: FirstPage | null }> {
  const typed = sql.param(terms);
  // The limit is written in the statement, so that what it counted to can be read in its text.
  const capped = (words: SQL) =>
    sql`(select count(*)::int from (select 1 from checklists c where ${filters(query, words)} limit ${sqlCount(limit + 1)}) m)`;
  // The first page in a listing order, when the typed words' matches are all counted: they are
  // read for the count anyway, so sorting them costs little, and the page's own read, a walk along
  // the order's index or a gather of the same matches, is saved.
  const firstPage = firstPageOrder
    ? sql`(select json_agg(json_build_array(c.id, ${sortKeyJson[firstPageOrder]}) order by ${orderBy[firstPageOrder]})
          from (select * from found c where (select n from typed) <= ${sqlCount(limit)}
                order by ${orderBy[firstPageOrder]} limit ${sqlCount(BROWSE_PAGE_SIZE + 1)}) c)`
    : sql`null::json`;
  const result = await db.execute<{
    typed: number;
    corrected: string[] | null;
    refound: number | null;
    whole: string;
    typed_whole: boolean;
    public_lists: number;
    generation: string;
    first_page: [string, unknown[]][] | null;
  }>(sql`
    with found as materialized (
      select c.id, c.created_at, c.uses_count, c.likes_count from checklists c
      where ${filters(query, sql`${typed}::text[]`)} limit ${sqlCount(limit + 1)}),
    typed as (select count(*)::int as n from found),
    corrected as (select ticklist_correct_terms(${typed}::text[]) as words from typed where n = 0),
    counted as materialized (
      select typed.n as typed, corrected.words as corrected,
             case when corrected.words is not null then ${capped(sql`corrected.words`)} end as refound
      from typed left join corrected on true)
    select counted.*, ${matchColumns(sql`searched.words`)}, ${searchGeneration} as generation,
      ${publicLists} as public_lists, ${firstPage} as first_page
    from counted, lateral (
      select case when counted.refound > 0 then counted.corrected else ${typed}::text[] end as words) searched`);
  const row = result.rows[0]!;
  const isCorrected = Boolean(row.corrected && row.refound);
  const found = isCorrected ? row.refound! : row.typed;
  const count = {
    total: Math.min(found, SEARCH_COUNT_CAP),
    capped: found > SEARCH_COUNT_CAP,
    searchedFor: isCorrected ? row.corrected : null,
    match: {
      words: isCorrected ? row.corrected! : terms,
      whole: row.whole,
      isTypedWhole: row.typed_whole,
      isMany: found > SEARCH_COUNT_CAP,
    },
    // Past the limit the matches are more than was counted: never sparse.
    isSparse: (order: ListingOrder) =>
      found <= limit && isSparse(found, row.public_lists, { hasTag: Boolean(query.tag), order }),
    exactUpTo: found <= limit ? Number.POSITIVE_INFINITY : limit,
  };
  const firstPageRows = isCorrected ? null : row.first_page;
  return {
    count,
    generation: row.generation,
    firstPage: firstPageRows && {
      ids: firstPageRows.map(([id]) => id),
      sortKeys: firstPageRows.map(([, sortKey]) => sortKey),
      generation: row.generation,
    },
  };
}

/**
 * A search's first page in a listing order as its count read it: up to a page and one more of its
 * lists' ids and sort keys, in order, and the number of changes they were read at.
 */
type FirstPage = { ids: string[]; sortKeys: unknown[][]; generation: string };

/**
 * Spec §2.3 on the server: public lists only, full-text search over title, tags, description and
 * items (word forms, accents and near spellings, decision 018), tag filter, order and paging. At most
 * two statements whatever the page size, depth or data: the count, and the page of cards. Without a
 * search they run side by side; with one the count goes first, since it may correct the words.
 *
 * Paging is by keyset (`cursor`): the page starts after the previous page's last sort key, read off
 * the order's index, so a deep page costs what the first does and lists added meanwhile neither
 * repeat nor push others out. `page` (offset) still works for callers without a cursor. A search's
 * later pages do not count again: the cursor carries the first page's count (`carriedCount`), so
 * Y stays what the search's first page said, and `cursors` signs what it carries. A first page
 * counts only if `counts` has not kept the same search's count, or it no longer holds.
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
  /** The statements the count took (see readBestMatches). */
  const spent = { statements: 0 };
  const readPage = async (
    words: string[],
    { match, isSparse, capped }: Pick<Count, 'match' | 'capped'> & { isSparse: boolean },
  ) => {
    if (query.order === 'best' && match) {
      // At most three statements a page: what counting took, and the rest for the page.
      const canSplit = spent.statements <= 1;
      return readBestMatches(db, query, match, cursor?.o === 'best' ? cursor : null, { canSplit });
    }
    const after = cursor && cursor.o !== 'best' ? afterCursor(cursor) : sql`true`;
    const terms = words.length > 0 ? sql`${sql.param(words)}::text[]` : null;
    // Walking the order's index and checking each list's words finds a page of a common word's
    // matches after a few dozen lists, a rare word's only after thousands, each read whole; a
    // sparse search's matches are gathered from the word index first (see `isSparse`).
    //
    // Without a tag or an offset, and without words or with more matches than the count's cap
    // (and not sparse), the page is a named statement, planned once per connection (decision 033),
    // so its plan must not depend on its parameters' values: it walks the order's index. A walk
    // checks the words in a form no index answers (`coalesce`), so its plan is the walk whatever
    // the words, and their tsquery is a subquery, made once (a generic plan would make it again for
    // every list passed). The page's size is written in the statement: a generic plan guesses a
    // parameter's limit at a tenth of the lists, and might sort them all instead of walking.
    // A sparse search's gather is named too (decision 036): its matches are few, so reading them
    // from the word index (with the tag's, if any) and sorting them is the plan whatever the words.
    // A tag's page without words is named either way (decision 037): its count, read first, decides
    // between gathering its lists (`isTagSparse`) and walking, whose tag check no index answers
    // (`coalesce`, as the words' above), so that its plan walks whatever the tag.
    // Planned anew each time, with its values: a search and a tag that is not sparse, a search with
    // fewer matches that is not sparse (the planner may read them from the word index and sort
    // them), and a page by offset.
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
    return readCardRows<{ sort_key: unknown[]; generation?: string }>(
      db,
      sql`
        select c.id, row_number() over (order by ${orderBy[listingOrder]}) as position
        from ${candidates}
        where ${isSparse ? after : sql`${walked} and ${after}`}
        order by ${orderBy[listingOrder]}
        limit ${sqlCount(BROWSE_PAGE_SIZE + 1)} ${skipped > 0 ? sql`offset ${skipped}` : sql``}`,
      isKeepable(words, query)
        ? sql`, ${sortKeyJson[listingOrder]} as sort_key, ${searchGeneration} as generation`
        : sql`, ${sortKeyJson[listingOrder]} as sort_key`,
      { isNamed },
    );
  };

  /** A search's count: carried by the cursor, or kept or counted for a first page. */
  const countTyped = (knownGeneration?: string, found?: { order: ListingOrder; firstPage?: FirstPage }) =>
    cursor?.s
      ? carriedCount(db, query, cursor.s, typed, cursor.o === 'best' ? cursor.q : undefined, spent)
      : countMatches(db, query, typed, counts, { spent, knownGeneration, found });

  // A page of the same search read before, while nothing it can find has changed (decision 041):
  // its cards by id and the number of changes, in one statement. When the number has moved, that
  // statement still told it, so the count need not read it again; and it counts as one of the
  // page's statements, so Best match reads its tiers in one (at most three, still).
  const at = Date.now();
  const pageKey = isKeepable(typed, query) ? keptPageKey(query, typed, cursor) : null;
  const kept = pageKey ? pages.get(pageKey, at) : undefined;
  let knownGeneration: string | undefined;
  if (kept) {
    // A tag's page without words reads the tag's count with its cards (the count the database keeps).
    const tag = typed.length === 0 ? query.tag : undefined;
    const { generation, cards, tagCount } = await readKeptCards(db, kept.ids, tag);
    if (generation === kept.generation) {
      return answer(tag ? keptCount(tagCount) : await countTyped(generation), cards, kept.nextKey);
    }
    spent.statements++;
    knownGeneration = generation;
  }

  let count: Count;
  let page: PageRead;
  if (typed.length === 0 && !query.tag) {
    let rows: Awaited<ReturnType<typeof readPage>>;
    [count, rows] = await Promise.all([
      countMatches(db, query, typed, counts),
      readPage(typed, { match: null, isSparse: false, capped: false }),
    ]);
    page = pageOf(rows);
  } else if (typed.length === 0) {
    // A tag's count decides how its page is read.
    count = await countMatches(db, query, typed, counts);
    page = pageOf(await readPage(typed, { match: null, isSparse: count.isSparse(listingOrder), capped: false }));
  } else {
    // A listing order's first page may come with the count (`countSearch`): then only its cards are read.
    const isFirstPage = !cursor && query.page === 0 && query.order !== 'best';
    const found: { order: ListingOrder; firstPage?: FirstPage } = { order: listingOrder };
    count = await countTyped(knownGeneration, isFirstPage ? found : undefined);
    page = found.firstPage
      ? await readFirstPage(db, found.firstPage)
      : pageOf(await readPage(count.searchedFor ?? typed, { ...count, isSparse: count.isSparse(listingOrder) }));
  }
  if (pageKey && page.generation !== undefined) {
    const { shown, nextKey, generation } = page;
    pages.keep(pageKey, { ids: shown.map((card) => card.id), nextKey, generation, keepMs: keptPageMs(query) }, at);
  }
  return answer(count, page.shown, page.nextKey);

  /** The page's answer: its cards, the count, and a cursor after `nextKey` when there is more. */
  function answer(count: Count, shown: CardRow[], nextKey: unknown[] | null): BrowsePage {
    const searched: SearchState | null =
      typed.length === 0
        ? null
        : (cursor?.s ?? {
            t: count.total,
            c: count.capped,
            f: count.searchedFor,
            m: count.match?.isMany ?? false,
            g: count.isSparse(listingOrder),
          });
    const words: BestMatchWords | null =
      query.order === 'best' && count.match ? { w: count.match.whole, x: count.match.isTypedWhole } : null;
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
      total: count.total,
      totalCapped: count.capped,
      searchedFor: count.searchedFor?.join(' ') ?? null,
      page: query.page,
      pageSize: BROWSE_PAGE_SIZE,
      hasMore: nextKey !== null,
      nextCursor: nextKey ? nextCursor(nextKey) : null,
    };
  }
}

/**
 * Whether a page of `query` may be kept and answered again while the search's number of changes
 * stands (decision 041): any page of a search or of a tag; in Most Used and Most Liked for less time.
 * (A page of all public lists is one statement already, walking an order's index from its start.)
 */
const isKeepable = (words: string[], query: Pick<BrowseQuery, 'tag'>) => words.length > 0 || Boolean(query.tag);
const keptPageMs = (query: BrowseQuery) =>
  query.order === 'best' || query.order === 'newest' ? SEARCH_PAGE_MS : COUNTED_ORDER_PAGE_MS;

/**
 * What a search's count is kept under: its words as any case finds them, and its tag as sent (the
 * database lower-cases a tag with its `lower()`, which JavaScript's does not always match).
 */
const searchKey = (terms: string[], query: Pick<BrowseQuery, 'tag'>) =>
  JSON.stringify([terms.map((term) => term.toLowerCase()), query.tag ?? null]);

/** What a kept page is kept under: its order, its search's key, and where it starts. */
const keptPageKey = (query: BrowseQuery, typed: string[], cursor: BrowseCursor | null) =>
  JSON.stringify([query.order, searchKey(typed, query), cursor ?? query.page]);

/**
 * A kept page's cards, by id in the page's order, with the search's number of changes now, and a
 * tag's count if `tag` is given: one named statement, which answers the number even when none of
 * the lists is left. A list made private since is left out (its change is numbered, but may have
 * been committed just after the page was read).
 */
async function readKeptCards(
  db: Executor,
  ids: string[],
  tag: string | undefined,
): Promise<{ generation: string; cards: CardRow[]; tagCount: number }> {
  const tagCount = tag ? sql`coalesce((select count from tag_counts where tag_key = lower(${tag})), 0)::int` : sql`0`;
  const rows = await executeNamed<
    Partial<CardRow> & { is_public: boolean | null; generation: string; tag_count: number }
  >(
    db,
    sql`
      select ${cardColumns}, c.is_public, now.generation, now.tag_count
      from (select ${searchGeneration} as generation, ${tagCount} as tag_count) now
      left join (
        unnest(${sql.param(ids)}::uuid[]) with ordinality as kept(id, position)
        join checklists c on c.id = kept.id
        left join profiles p on p.id = c.author_id
      ) on true
      order by kept.position`,
  );
  const { generation, tag_count } = rows[0]!;
  return {
    generation,
    cards: rows.filter((row): row is CardRow & typeof row => row.is_public === true),
    tagCount: tag_count,
  };
}

/**
 * A page as read: the cards shown, the sort key the next page starts after (if there is more), and
 * the number of changes every statement of it read, if they all read the same (Best match may take
 * two statements), which is when it may be kept.
 */
type PageRead = { shown: CardRow[]; nextKey: unknown[] | null; generation: string | undefined };

/** A page from its statements' rows: a page and one more, each with its sort key. */
function pageOf(rows: (CardRow & { sort_key: unknown[]; generation?: string })[]): PageRead {
  const shown = rows.slice(0, BROWSE_PAGE_SIZE);
  const generations = new Set(rows.map((row) => row.generation));
  return {
    shown,
    nextKey: rows.length > BROWSE_PAGE_SIZE ? (shown.at(-1)?.sort_key ?? null) : null,
    generation: generations.size === 1 ? [...generations][0] : undefined,
  };
}

/**
 * A first page its count read (`countSearch`): the cards of its lists, and where the next page
 * starts as the count saw it, so that a list made private or deleted since the count neither ends
 * the paging nor brings the next page's first list onto this one.
 */
async function readFirstPage(db: Executor, { ids, sortKeys, generation }: FirstPage): Promise<PageRead> {
  const { cards } = await readKeptCards(db, ids.slice(0, BROWSE_PAGE_SIZE), undefined);
  return { shown: cards, nextKey: ids.length > BROWSE_PAGE_SIZE ? sortKeys[BROWSE_PAGE_SIZE - 1]! : null, generation };
}

/** A tag's count, read with a kept page: exact, as the database keeps it. */
const keptCount = (total: number): Count => ({
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

/** The tags on the most public lists, for the filter chips: read from the counts the database keeps. */
export async function popularTags(db: Executor, limit = 20): Promise<{ tag: string; count: number }[]> {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    select tag, count from tag_counts order by count desc, tag_key limit ${limit}`);
  return result.rows;
}
