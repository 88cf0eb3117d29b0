// The Browse cases: every order × {no filter, a tag, a common word, a rare word, two words, a word
// and a tag, two words the server has not searched for before}, and Newest and Best match × a
// misspelt word not searched for before, on page 1 and on a deep page (cursors followed
// beforehand). "best" only with words (without them it is Newest). And the count
// of two words not searched for before, which their first page is sent without (decision 054).
import { sql } from 'drizzle-orm';
import {
  BROWSE_ORDERS,
  LISTING_ORDERS,
  browseQuerySchema,
  searchCountQuery,
  type BrowseCursor,
  type BrowseOrder,
  type BrowseQuery,
} from '../../../src/domain/checklists/browse';
import {
  browseChecklists,
  countBrowseSearch,
  createBrowseCursors,
  createSearchCounts,
  createSearchPages,
  type Count,
} from '../../../src/server/browse/browse.queries';
import type { Database } from '../../../src/server/db/client';
import { clientAddress } from '../../shared/signed-in-client';
import { eachLimited } from '../each-limited';
import type { LoadRequest } from '../load';
import { NEW_SEARCHES } from '../search-floor';
import { BENCH_SECRET } from '../serve';
import { shuffled } from '../shuffled';
import type { Case } from './case';
import type { DrawnText } from './text';

/** How deep the deep-page cases go (Browse pages of 12, by cursor). */
export const DEEP_PAGE = 20;
const browseCursors = createBrowseCursors(BENCH_SECRET);
/** What the bare cases' searches have counted, cached as a server process caches them. */
const browseCounts = createSearchCounts<Count>();
const browsePages = createSearchPages();
/** What browseChecklists is given besides the query, as the server gives it. */
const searchState = { cursors: browseCursors, counts: browseCounts, pages: browsePages };
/** The count's visitors, each from an address of its own, so its per-address rate limit holds and is spread. */
const COUNT_ADDRESSES = 1000;
/** The filter of misspelt words nobody has searched for. */
const MISSPELT = 'a misspelt word, new';
const MISSPELT_ORDERS = ['newest', 'best'] as const;
const FIRST_COUNT_VISITOR = 400_000;

/**
 * The Browse cases, and what measuring needs to know of them: the searches of the "two words, new"
 * filter (for the database-alone floor), the cases with no deep page in the data, and when the
 * deep cases' cursors were made.
 */
export async function browseCases(db: Database, { words, common, middle, rare, tags }: DrawnText) {
  const filters: {
    name: string;
    orders?: readonly BrowseOrder[];
    variants: { q: string; tag: string }[];
    /** Each order takes a share of the variants of its own, and the count the last share. */
    apart?: boolean;
  }[] = [
    { name: '', variants: [{ q: '', tag: '' }] },
    { name: 'tag', variants: tags.map((tag) => ({ q: '', tag })) },
    { name: 'common word', variants: common.map((q) => ({ q, tag: '' })) },
    { name: 'rare word', variants: rare.map((q) => ({ q, tag: '' })) },
    {
      name: 'two words',
      variants: middle.slice(0, 40).map((word, index) => ({ q: `${common[index % common.length]} ${word}`, tag: '' })),
    },
    {
      name: 'word + tag',
      variants: middle.slice(0, 40).map((q, index) => ({ q, tag: tags[index % 10]! })),
    },
    // The cases above repeat their searches, so the server soon serves their counts and pages from
    // its cache (decisions 018 and 041). Here each first page is a search the server has not
    // seen before: 6,000 different pairs of words, more than a case sends in its seconds. (Its page
    // 20 cases, as every deep case, follow the cursors of 4 of them, and so repeat.)
    {
      name: NEW_SEARCHES,
      variants: shuffled(
        middle.flatMap((first, index) => middle.slice(index + 1).map((second) => `${first} ${second}`)),
      )
        .slice(0, 6000)
        .map((q) => ({ q, tag: '' })),
    },
    // A misspelt middle word the server has not seen: no list has it, so its first page is the
    // correction's ("Showing results for"), the nearest word's page. In Newest and Best match; Most
    // Used and Most Liked read it as Newest does. Each order, and the count, sends typos of its own
    // (some thousands each), so that none is served from what another case's request left cached.
    // A typo's correction is one of the middle words, as most misspellings are of words people
    // search for: after its first typo, a word's corrected page and count are cached (decision 061).
    {
      name: MISSPELT,
      orders: MISSPELT_ORDERS,
      variants: shuffled(await findingNothing(db, misspellings(middle, new Set(words)))).map((q) => ({ q, tag: '' })),
      apart: true,
    },
  ];
  const newSearches = filters.find((filter) => filter.name === NEW_SEARCHES)!.variants.map((variant) => variant.q);
  const cases: Case[] = [];
  const browseRequest = (query: BrowseQuery, cursor: string | null): LoadRequest => {
    const params = new URLSearchParams({
      order: query.order,
      ...(query.q ? { q: query.q } : {}),
      ...(query.tag ? { tag: query.tag } : {}),
      ...(cursor ? { cursor } : {}),
    });
    return { method: 'GET', path: `/api/checklists?${params}` };
  };
  const deepSkipped: string[] = [];
  // The deep cases' cursors are made now; a search's cursor carries its count for SEARCH_STATE_MS
  // only (then the page counts again), so a case measured later than that is flagged below.
  const cursorsMadeAt = performance.now();
  for (const filter of filters) {
    const orders: readonly BrowseOrder[] = filter.orders ?? (filter.variants[0]!.q ? BROWSE_ORDERS : LISTING_ORDERS);
    for (const [index, order] of orders.entries()) {
      const variants = filter.apart ? shareOf(filter.variants, index, orders.length + 1) : filter.variants;
      const queries = variants.map((variant) => browseQuerySchema.parse({ ...variant, order }));
      const label = `browse ${order}${filter.name ? ` + ${filter.name}` : ''}`;
      cases.push({
        name: label,
        requests: shuffled(queries).map((query) => browseRequest(query, null)),
        bare: (index) => browseChecklists(db, queries[index % queries.length]!, searchState),
      });
      // Page 20 of up to 4 variants that have one: the cursor after 19 pages, as Load more sends it.
      const deep: { query: BrowseQuery; text: string; cursor: BrowseCursor }[] = [];
      await eachLimited(queries.slice(0, 4), 4, async (query) => {
        let text: string | null = null;
        for (let page = 1; page < DEEP_PAGE; page++) {
          const cursor: BrowseCursor | null = text ? browseCursors.decode(text, query) : null;
          text = (await browseChecklists(db, query, { cursor, ...searchState })).nextCursor;
          if (!text) return;
        }
        deep.push({ query, text: text!, cursor: browseCursors.decode(text!, query)! });
      });
      if (deep.length === 0) {
        deepSkipped.push(label);
        continue;
      }
      cases.push({
        name: `${label}, page ${DEEP_PAGE}`,
        requests: deep.map(({ query, text }) => browseRequest(query, text)),
        bare: (index) => {
          const { query, cursor } = deep[index % deep.length]!;
          return browseChecklists(db, query, { cursor, ...searchState });
        },
      });
    }
  }
  // The count of each new search, asked for as the client asks for it after the first page, in Best
  // match (the order a search gets), which counts to the cap as the database-alone floor does; and
  // of each misspelt word, whose count corrects it as its page did.
  const misspelt = shareOf(
    filters.find((filter) => filter.name === MISSPELT)!.variants.map((variant) => variant.q),
    MISSPELT_ORDERS.length,
    MISSPELT_ORDERS.length + 1,
  );
  for (const [name, searches] of [
    [NEW_SEARCHES, newSearches],
    [MISSPELT, misspelt],
  ] as const) {
    const countQueries = shuffled(searches).map((q) => searchCountQuery({ q, order: 'best' }));
    cases.push({
      name: `browse count + ${name}`,
      requests: countQueries.map((query, index) => ({
        method: 'GET' as const,
        path: `/api/checklists/count?${new URLSearchParams({ q: query.q, order: query.order })}`,
        headers: { 'x-forwarded-for': clientAddress(FIRST_COUNT_VISITOR + (index % COUNT_ADDRESSES)) },
      })),
      bare: (index) => countBrowseSearch(db, countQueries[index % countQueries.length]!, browseCounts),
    });
  }
  return { cases, newSearches, misspeltEach: misspelt.length, deepSkipped, cursorsMadeAt };
}

/** The letters beside each letter on a keyboard's row, which a finger slips to. */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const besideKey = (letter: string) =>
  KEY_ROWS.flatMap((row) => {
    const at = row.indexOf(letter);
    return at < 0 ? [] : [row[at - 1], row[at + 1]].filter((key) => key !== undefined);
  });

/**
 * Each word misspelt as people misspell: two neighbouring letters inside it swapped, a letter inside
 * it left out, doubled, or struck as the key beside it (never its first or last letter). Each typo
 * once, and none that is a word of `vocabulary` or begins one, since a search finds the words a
 * typed word begins.
 */
export function misspellings(words: string[], vocabulary: Set<string>): string[] {
  const known = [...vocabulary];
  const typos = words.flatMap((word) => {
    const inner = Array.from({ length: Math.max(0, word.length - 2) }, (_, index) => index + 1);
    return [
      ...inner.slice(0, -1).map((at) => `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`),
      ...inner.map((at) => `${word.slice(0, at)}${word.slice(at + 1)}`),
      ...inner.map((at) => `${word.slice(0, at + 1)}${word.slice(at)}`),
      ...inner.flatMap((at) => besideKey(word[at]!).map((key) => `${word.slice(0, at)}${key}${word.slice(at + 1)}`)),
    ];
  });
  return [...new Set(typos)].filter((typo) => !known.some((word) => word.startsWith(typo)));
}

/**
 * Of `typos`, those a search finds nothing for: a typo may still be the start of a word some public
 * list has, or of its stem ("grais" is searched as "grai"), and then it is no misspelling.
 */
async function findingNothing(db: Database, typos: string[]): Promise<string[]> {
  const { rows } = await db.execute<{ typo: string }>(sql`
    select typo from unnest(${sql.param(typos)}::text[]) typo
    where ticklist_search_query(array[typo], true) is null`);
  return rows.map((row) => row.typo);
}

/**
 * The `index`th of `count` shares of `items`, every `count`th from the `index`th: cases that each
 * take a share of their own send no search another has sent.
 */
export const shareOf = <T>(items: T[], index: number, count: number) => items.filter((_, at) => at % count === index);
