import { sql, type SQL } from 'drizzle-orm';
import {
  BEST_MATCH_TIER_COUNT,
  BROWSE_PAGE_SIZE,
  type BrowseCursor,
  type BrowseQuery,
} from '@/domain/checklists/browse';
import { executeNamed, sqlCount, type Executor } from '../db/client';
import { cardColumns, type CardRow } from '../presenters';
import { readCardRows, searchGeneration } from './cards';
import { listFilters } from './filters';

// Best match: how Browse orders a search by relevance (decision 027). A list matches when every
// typed word is in it, whole, as a form of the word ("boxes" finds "box"), or as the start of a
// longer word, accents ignored. The matches are ranked by where the words are found, then newest
// first:
//
//   1. where every word is found, title first: the title; else the title or the tags; else the
//      title, tags or description; else anywhere, items included;
//   2. within each of those, whole words (or their forms) before words found only as a prefix;
//   3. within each of those eight tiers, the newest list first.
//
// A title that begins with the word is above a tag that is the word: where comes before how.
// When nothing matches at all, the typed words no list has are replaced by the nearest title or tag
// words, and those are ranked the same way (the count does it, in `capped-count.ts`, and says which
// words it searched for).
//
// The tiers are read with the words' tsqueries, which this file reads too (`readMatch`), and a
// first page before its count with them, in one statement when few matches are expected
// (`readFirstBestPage`).

/**
 * What Best match's tiers are read with: the words searched for; their tsquery as whole words, as
 * text; the same as prefixes, as text, when this request read it (`readMatch`; never from a cache
 * or a cursor, since the lexicon grows); whether each word is one a public list's title or tag has
 * (in search_words), i.e. typed whole (only a visible list's words count, or the cursor would
 * reveal a private one's); and whether the search matches more lists than the count's cap.
 */
export type SearchMatch = {
  words: string[];
  whole: string;
  prefix?: string;
  isTypedWhole: boolean;
  isMany: boolean;
  /**
   * How many public lists the planner expects the words to match, read for a first page before its
   * count (`readFirstBestPage`), which chooses its plan by it (`isNamedBestPage`).
   */
  expected?: number;
  /** Read with the prefixes (`readMatch`): a word is in no public list's document, so every tier is empty. */
  findsNothing?: true;
};

/** A search's words as its count knows them without their tsqueries (see `SearchMatch`). */
export type CountedWords = Pick<SearchMatch, 'words' | 'isMany'>;

/** Whether `match` has the tsqueries the tiers are read with. */
export const hasTsqueries = (match: SearchMatch | CountedWords): match is SearchMatch => 'whole' in match;

/** `match`'s tsqueries, which a page planned with them needs (its caller reads them: `readMatch`). */
function tsqueriesOf(match: SearchMatch | CountedWords): SearchMatch {
  if (!hasTsqueries(match)) throw new Error('Best match planned with its values needs the words’ tsqueries');
  return match;
}

/**
 * The tsquery of `words` (a text[]) as whole words, as text, and whether every word is one a public
 * list's title or tag has (its count in search_words, summed over its slots, is above zero), i.e.
 * typed whole: what Best match's tiers are read with. The result goes into the cursor, which a
 * visitor can read, so a private or unlisted list's words must not change it.
 */
export const matchColumns = (words: SQL) => sql`
  ticklist_search_query(${words}, false)::text as whole,
  (select bool_and(coalesce((select sum(s.public_count) from search_words s
                              where s.word = ticklist_unaccent(lower(w))), 0) > 0)
   from unnest(${words}) w) as typed_whole`;

/**
 * `matchColumns` and the prefixes' tsquery (`prefix`, NULL when a word can find nothing): all that
 * a page's tiers are read with.
 */
export const tierColumns = (words: SQL) =>
  sql`${matchColumns(words)}, ticklist_search_query(${words}, true)::text as prefix`;

/**
 * Best match's words as a statement reads them: their tsqueries as text, whether typed whole, and
 * for a first page read before its count, how many lists the planner expects them to match.
 */
export type MatchRow = { whole: string; prefix: string | null; typed_whole: boolean; estimate?: number | null };

/** The words' `SearchMatch` from what a statement read of them (`findsNothing` when the prefixes' tsquery is NULL). */
export function matchOf(
  words: string[],
  { whole, prefix, typed_whole: isTypedWhole, estimate }: MatchRow,
  isMany: boolean,
): SearchMatch {
  if (prefix === null) return { words, whole, isTypedWhole, isMany, findsNothing: true };
  return { words, whole, prefix, isTypedWhole, isMany, ...(estimate != null && { expected: estimate }) };
}

/**
 * How many public lists the planner expects a match's prefixes' tsquery (`prefix`, text) to find,
 * from the statistics of the lists' documents, without reading a list: what a first page read
 * before its count chooses its plan by (`isNamedBestPage`).
 */
export const expectedMatches = (prefix: SQL) => sql`ticklist_search_estimate(${prefix}::tsquery)`;

/**
 * What Best match's tiers are read with for `words`, in a statement that reads no list; `isMany`
 * as the caller knows it (a first page read before its count reads its words with
 * `readFirstBestPage` instead, which says how many lists they are expected to match).
 * With the prefixes' tsquery too, for this request's tiers only: it names the lexicon's words that
 * begin with each typed one, which a list published since adds to, so it is neither cached nor
 * carried (a count, which is cached, has none). That tsquery is NULL when a word is in no public
 * list's document (see `filters`), and then no tier need be read (`findsNothing`). Named (decision
 * 033): the statement is the same for every search and reads no table but the lexicon's, so one
 * plan serves all; planned with its values, it made both tsqueries as it planned, and was planned
 * on every page.
 */
export async function readMatch(db: Executor, words: string[], isMany: boolean): Promise<SearchMatch> {
  const typed = sql`${sql.param(words)}::text[]`;
  const [row] = await executeNamed<MatchRow>(db, sql`select ${tierColumns(typed)}`);
  return matchOf(words, row!, isMany);
}

/** Typed words' correction: the words searched for instead, and their tsqueries when read with them. */
export type Correction = { words: string[]; match?: SearchMatch };

/** A best-match page's sort key as JSON, for the next cursor: the tier, then the list's place in it. */
const sortKeyJson = sql`json_build_array(picked.tier, c.created_at, c.id)`;

/**
 * The words of a list Best match's tiers look in, widest last: title (weight A), title and tags
 * (A, B), title, tags and description (A, B, C), everything. Each is the expression of a GIN index
 * (beside the tag keys, decision 031) and of statistics (checklists_search_title_stats and its two siblings), written exactly as there
 * so the planner finds both.
 */
const tierFields = [
  sql`ts_filter(c.search_vector, '{a}')`,
  sql`ts_filter(c.search_vector, '{a,b}')`,
  sql`ts_filter(c.search_vector, '{a,b,c}')`,
  sql`c.search_vector`,
] as const;

/**
 * The same words, for the conditions that leave out an earlier tier's lists (`not … @@`), written
 * with their weights in another order or one repeated (the same filter: `ts_filter` takes them as a
 * set), which neither the indexes nor the statistics have. No index serves a negated match anyway,
 * and the planner, finding no statistics for them, takes a list's absence from a narrower tier as
 * near-certain instead of loading and reading those statistics again for each condition, which cost
 * more of a search's planning than the estimate was worth. (The whole document is a column, whose
 * statistics PostgreSQL keeps in its cache.)
 */
const excludedFields = [
  sql`ts_filter(c.search_vector, '{a,a}')`,
  sql`ts_filter(c.search_vector, '{b,a}')`,
  sql`ts_filter(c.search_vector, '{c,b,a}')`,
  sql`c.search_vector`,
] as const;

/**
 * The eight tiers' conditions, best first: a list's tier is the first of these its words satisfy, so
 * the tiers do not overlap. For each field set, widening: every typed word whole (or a form of it)
 * in those fields, then every word at least as a prefix there.
 */
function bestMatchTiers(whole: SQL, prefix: SQL): SQL[] {
  return tierFields.flatMap((fields, index) => {
    const notNarrower = index > 0 ? [sql`not ${excludedFields[index - 1]} @@ ${prefix}`] : [];
    return [
      sql.join([sql`${fields} @@ ${whole}`, ...notNarrower], sql` and `),
      sql.join(
        [sql`${fields} @@ ${prefix}`, sql`not ${excludedFields[index]} @@ ${whole}`, ...notNarrower],
        sql` and `,
      ),
    ];
  });
}

type BestMatchRead = {
  cursor: BestMatchCursor | null;
  /** The tiers to read, in order (see `tiersToRead`). */
  tiers: number[];
  /** How many lists to read (by default a page and one more, after the pages an offset skips). */
  wanted?: number;
  /** Prepared once per connection, with one plan for every search (no offset, no `wanted`). */
  isNamed?: boolean;
  /**
   * For a named page, a query of the words' tsqueries (`whole`, `prefix`) another part of the
   * statement read, instead of making them from the words.
   */
  wordsFrom?: SQL;
};

/**
 * The lists of a best-match page (`id`, `position`, `tier`) in `tiers`: each tier, the cursor's
 * first, is a query of its own, newest first and limited, that the planner serves from the
 * newest-first index (many matches: it stops after a few) or from the tier's GIN index (few). UNION
 * ALL runs them in turn under one LIMIT, so the tiers after the one that fills the page never run.
 *
 * Planned with its values (`isNamed` false), so the plan sees constants: `whole` is a tsquery's
 * text, and so is `prefix` when this request read it (`readFirstBestPage` for a first page before
 * its count, `readMatch` for a page whose count or cursor did not have the words). Otherwise the prefixes' tsquery is made
 * here by ticklist_search_query (IMMUTABLE, so the planner makes it from the words as it plans),
 * once for each place it appears (ten in the eight tiers), each a lookup of the lexicon.
 *
 * Named (decision 036), for a search of at most SEARCH_COUNT_CAP matches, or one whose first page
 * is read before its count and that the planner expects to match few lists (decisions 059, 060):
 * every tier is read from its GIN index whatever the words. Both tsqueries are made once, in the
 * statement, from the words alone (so a counted page needs neither read first), or taken from the
 * part of the statement that read them (`wordsFrom`, `readFirstBestPage`), where no plan sees
 * them, and the page's size is written in it, so the plan is the same for every search and
 * PostgreSQL caches one.
 */
function pickBestMatches(
  query: BrowseQuery,
  match: SearchMatch | CountedWords,
  { cursor, tiers: read, wanted: limit, isNamed = false, wordsFrom }: BestMatchRead,
): SQL {
  const planned = isNamed ? null : tsqueriesOf(match);
  const skipped = cursor || read[0]! > 0 ? 0 : query.page * BROWSE_PAGE_SIZE;
  const wanted = isNamed ? sqlCount(BROWSE_PAGE_SIZE + 1) : sql`${limit ?? skipped + BROWSE_PAGE_SIZE + 1}`;
  const words = sql.param(match.words);
  const [whole, prefix] = !planned
    ? [sql`(select whole from words)`, sql`(select prefix from words)`]
    : [
        sql`${planned.whole}::tsquery`,
        planned.prefix === undefined
          ? sql`ticklist_search_query(${words}::text[], true)`
          : sql`${planned.prefix}::tsquery`,
      ];
  const conditionsOf = bestMatchTiers(whole, prefix);
  const tiers = read.map((tier) => {
    const conditions = [...listFilters(query), conditionsOf[tier]!];
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
    const isWalkable = planned !== null && match.isMany && !(tier % 2 === 1 && planned.isTypedWhole);
    const newestFirst = isWalkable
      ? sql`c.created_at desc, c.id desc`
      : sql`c.created_at + interval '0 seconds' desc, c.id desc`;
    return sql`(select ${tier}::int as tier, c.id, c.created_at from checklists c
        where ${sql.join(conditions, sql` and `)}
        order by ${newestFirst} limit ${wanted})`;
  });
  const wordsOnce = isNamed
    ? sql`with words as materialized (${
        wordsFrom ??
        sql`select ticklist_search_query(${words}::text[], false) as whole,
          ticklist_search_query(${words}::text[], true) as prefix`
      })`
    : sql``;
  return sql`
    ${wordsOnce}
    select id, row_number() over (order by tier, created_at desc, id desc) as position, tier
    from (select * from (${sql.join(tiers, sql` union all `)}) tiers limit ${wanted}) c
    ${
      // Given no words (`wordsFrom`: a first page whose words are expected to match many), no tier
      // runs: PostgreSQL tests this once, before them, whatever plan it chose for their scans.
      wordsFrom ? sql`where exists (select from words)` : sql``
    }
    order by tier, created_at desc, id desc
    ${skipped > 0 ? sql`offset ${skipped}` : sql``}`;
}

type BestMatchCursor = Extract<BrowseCursor, { o: 'best' }>;

/**
 * Up to how many matches the planner may expect of a first page read before its count for the page
 * to be the named statement of every tier. Reading every tier from its GIN index reads every
 * match, and still costs less than planning the tiers with their words, until the matches number
 * some thousands; past that, walking the newest-first index to the page's last list costs less.
 */
export const NAMED_PAGE_EXPECTED_MATCHES = 5_000;

/**
 * Whether a best-match page is the named statement of every tier (see `pickBestMatches`), not
 * asked for by offset: a search counted to at most SEARCH_COUNT_CAP matches, or a first page read
 * before its count whose words the planner expects to match at most NAMED_PAGE_EXPECTED_MATCHES
 * lists (`expected`). Such a page makes the words' tsqueries itself; any other is planned with
 * them, and its caller reads them first if it does not have them (`hasTsqueries`, `readMatch`).
 */
export const isNamedBestPage = (
  match: Pick<SearchMatch, 'isMany' | 'expected'>,
  query: Pick<BrowseQuery, 'page'>,
  cursor: BestMatchCursor | null,
) =>
  (!match.isMany || (match.expected ?? Number.POSITIVE_INFINITY) <= NAMED_PAGE_EXPECTED_MATCHES) &&
  (cursor !== null || query.page === 0);

/** How many tiers a page reads in its first statement, from the cursor's. */
const FIRST_READ_TIERS = 2;

/**
 * A best-match page's cards. Planning a statement of eight tiers costs most of what a page costs,
 * and the first two tiers to read from the cursor's (a word whole or as a prefix in titles, say)
 * often fill the page: those are read first, and the rest only when they do not (a second
 * statement, the page's remainder from the next tier's start). Tiers that cannot hold a list are
 * not read (`tiersToRead`). A page asked for by offset reads every tier at once, and so does one
 * whose count already took two statements (`canSplit`), so that no page takes more than three.
 *
 * A search of at most SEARCH_COUNT_CAP matches, or a first page before its count of words the
 * planner expects to match few lists (`isNamedBestPage`), reads every tier from its GIN index, so
 * its plan is the same whatever the words: its page is one statement of all the tiers, prepared and
 * planned once per connection (`pickBestMatches`, decisions 036 and 059), with nothing to split.
 */
export async function readBestMatches(
  db: Executor,
  query: BrowseQuery,
  match: SearchMatch | CountedWords,
  cursor: BestMatchCursor | null,
  { canSplit }: { canSplit: boolean },
) {
  const read = (part: BestMatchRead) =>
    readCardRows<{ sort_key: unknown[]; generation: string }>(
      db,
      pickBestMatches(query, match, part),
      sql`, ${sortKeyJson} as sort_key, ${searchGeneration} as generation`,
      { isNamed: part.isNamed ?? false, readsPicked: true },
    );
  if (isNamedBestPage(match, query, cursor)) {
    return read({ cursor, tiers: tierNumbers(cursor?.k[0] ?? 0), isNamed: true });
  }
  const isOffset = !cursor && query.page > 0;
  const tiers = tiersToRead(tsqueriesOf(match), cursor?.k[0] ?? 0);
  // A cursor in the last tier, a prefix one, when no longer word is left to find, or a word no
  // public list has: nothing to read.
  if (tiers.length === 0) return [];
  if (!canSplit || isOffset || tiers.length <= FIRST_READ_TIERS) return read({ cursor, tiers });
  const head = await read({ cursor, tiers: tiers.slice(0, FIRST_READ_TIERS) });
  if (head.length > BROWSE_PAGE_SIZE) return head;
  const rest = await read({
    cursor: null,
    tiers: tiers.slice(FIRST_READ_TIERS),
    wanted: BROWSE_PAGE_SIZE + 1 - head.length,
  });
  return [...head, ...rest];
}

/** A card of a best-match page, with its sort key for the next cursor and the search's number of changes. */
type BestMatchCard = CardRow & { sort_key: unknown[]; generation: string };

/**
 * Best match's first page of typed words before its count (decision 054), in one named statement
 * when the planner expects few matches (decision 059): the words as `readMatch` reads them, with how
 * many lists the planner expects them to match (`expected`), and then, when that is at most
 * NAMED_PAGE_EXPECTED_MATCHES, the page itself, every tier from its GIN index as a named page reads
 * it (`pickBestMatches`). Otherwise the tiers are given no words, and so do not run (see
 * `pickBestMatches`): the statement reads no list and returns the words alone (`page` null), for a
 * page planned with them.
 *
 * When a word can find nothing (`findsNothing`), the statement also reads the words' correction,
 * with its tsqueries and estimate (`readCorrection`), so a misspelt word's page reads the corrected
 * tiers after one statement. The correction is a subquery that the planner may not pull up (OFFSET
 * 0): pulled up, its test for a correction became a condition of the whole statement, and the
 * correction was run for every search.
 */
export async function readFirstBestPage(
  db: Executor,
  query: BrowseQuery,
  words: string[],
): Promise<{ match: SearchMatch; correction: Correction | null; page: BestMatchCard[] | null }> {
  const typed = sql`${sql.param(words)}::text[]`;
  const picked = pickBestMatches(
    { ...query, page: 0 },
    { words, isMany: true },
    {
      cursor: null,
      tiers: tierNumbers(0),
      isNamed: true,
      wordsFrom: sql`select whole::tsquery as whole, prefix::tsquery as prefix from expected where reads_page`,
    },
  );
  type Row = MatchRow &
    Partial<BestMatchCard> & { reads_page: boolean; corrected: string[] | null; corrected_match: MatchRow | null };
  const rows = await executeNamed<Row>(
    db,
    sql`with typed as materialized (
        select ${tierColumns(typed)}),
      estimated as materialized (
        select *, ${expectedMatches(sql`prefix`)} as estimate from typed),
      expected as materialized (
        select *, prefix is not null and estimate <= ${sqlCount(NAMED_PAGE_EXPECTED_MATCHES)} as reads_page
        from estimated),
      corrected as materialized (
        select words, ${tierColumns(sql`words`)}
        from (select ticklist_correct_terms(${typed}) as words from typed where typed.prefix is null offset 0) terms
        where words is not null),
      picked as (${picked})
      select expected.whole, expected.prefix, expected.typed_whole, expected.estimate, expected.reads_page,
        corrected.words as corrected,
        case when corrected.words is not null then json_build_object('whole', corrected.whole,
          'prefix', corrected.prefix, 'typed_whole', corrected.typed_whole,
          'estimate', ${expectedMatches(sql`corrected.prefix`)}) end as corrected_match,
        ${cardColumns}, ${sortKeyJson} as sort_key, ${searchGeneration} as generation
      from expected left join corrected on true
      left join (picked join checklists c on c.id = picked.id left join profiles p on p.id = c.author_id) on true
      order by picked.position`,
  );
  const row = rows[0]!;
  const { corrected, corrected_match: correctedMatch } = row;
  const correction =
    corrected && correctedMatch ? { words: corrected, match: matchOf(corrected, correctedMatch, true) } : null;
  const page = row.reads_page ? rows.filter((card): card is Row & BestMatchCard => card.id != null) : null;
  return { match: matchOf(words, row, true), correction, page };
}

/** The tiers from `first` to the last. */
const tierNumbers = (first: number) =>
  Array.from({ length: BEST_MATCH_TIER_COUNT - first }, (_, index) => first + index);

/**
 * The tiers from `first` that may hold lists. A prefix tier holds the lists where some word is found
 * only as the start of a longer one. When no word of the lexicon begins with a typed word but the
 * word itself (and its forms), the prefixes' tsquery is the whole words' one, and every prefix tier
 * is empty by its own condition: reading them would only cost their planning and their scans. That
 * is known only when this request read the prefixes (`readMatch`: a first page before its count, or
 * a page whose count or cursor did not have the words); from a cursor's words or a count's (a
 * corrected one, or one counted for this page) every tier is read. None is, when the same statement
 * found a word in no public list's document (`findsNothing`).
 */
function tiersToRead(match: SearchMatch, first: number) {
  if (match.findsNothing) return [];
  const hasPrefixTiers = match.prefix !== match.whole;
  return tierNumbers(first).filter((tier) => hasPrefixTiers || tier % 2 === 0);
}
