import { sql, type SQL } from 'drizzle-orm';
import {
  BROWSE_PAGE_SIZE,
  SEARCH_COUNT_CAP,
  encodeBrowseCursor,
  searchTerms,
  type BrowseCursor,
  type BrowsePage,
  type BrowseQuery,
  type ChecklistCard,
} from '@/domain/checklists/browse';
import type { Executor } from '../db/client';
import { cardColumns, presentCard, type CardRow } from '../presenters';

/**
 * The cards of the lists `picked` chooses, in its order, in one statement. `picked` is a query
 * answering `id` and `position`; only its rows get their author, tags and item count, so it should
 * limit itself (browse, Discover). It may be a WITH query of its own.
 */
export async function readCards(db: Executor, picked: SQL): Promise<ChecklistCard[]> {
  return (await readCardRows(db, picked)).map(presentCard);
}

async function readCardRows<Extra extends object = object>(db: Executor, picked: SQL, extra = sql``) {
  const result = await db.execute<CardRow & Extra>(sql`
    with picked as (${picked})
    select ${cardColumns}${extra}
    from picked join checklists c on c.id = picked.id
    left join profiles p on p.id = c.author_id
    order by picked.position`);
  return result.rows;
}

/**
 * Each order's sort key over the page's candidates `c`, highest first; `id` breaks ties, so every
 * list has one place. The key matches the order's index exactly (decision 005).
 */
const sortKey: Record<BrowseQuery['order'], SQL> = {
  best: sql`c.picked_score, c.created_at, c.id`,
  newest: sql`c.created_at, c.id`,
  'most-used': sql`c.uses_count, c.created_at, c.id`,
  'most-liked': sql`c.likes_count, c.created_at, c.id`,
};
const orderBy: Record<BrowseQuery['order'], SQL> = {
  best: sql`c.picked_score desc, c.created_at desc, c.id desc`,
  newest: sql`c.created_at desc, c.id desc`,
  'most-used': sql`c.uses_count desc, c.created_at desc, c.id desc`,
  'most-liked': sql`c.likes_count desc, c.created_at desc, c.id desc`,
};
/** The same key as JSON (created_at keeps its microseconds) for the next cursor, read for the page only. */
const sortKeyJson: Record<BrowseQuery['order'], SQL> = {
  best: sql`json_build_array(picked.picked_score, c.created_at, c.id)`,
  newest: sql`json_build_array(c.created_at, c.id)`,
  'most-used': sql`json_build_array(c.uses_count, c.created_at, c.id)`,
  'most-liked': sql`json_build_array(c.likes_count, c.created_at, c.id)`,
};

/** Where the page starts: after the cursor's key, in the same order. */
function afterCursor(cursor: BrowseCursor): SQL {
  if (cursor.o === 'newest') {
    const [createdAt, id] = cursor.k;
    return sql`(c.created_at, c.id) < (${createdAt}::timestamptz, ${id}::uuid)`;
  }
  const [first, createdAt, id] = cursor.k;
  const lead = cursor.o === 'best' ? sql`${first}::float8` : sql`${first}::int`;
  return sql`(${sortKey[cursor.o]}) < (${lead}, ${createdAt}::timestamptz, ${id}::uuid)`;
}

/**
 * Relevance (decision 018): ts_rank's default weights put a title hit (A, 1.0) above a tag (B, 0.4),
 * a description (C, 0.2) and an item (D, 0.1); the rank against whole words only is added, so a
 * word found whole ("tent", or a form of it: "tents") comes above one it only begins ("tentative").
 */
const bestMatchScore = (terms: SQL) => sql`
  (ts_rank(c.search_vector, ticklist_search_query(${terms}, true))
   + ts_rank(c.search_vector, ticklist_search_query(${terms}, false)))::float8`;

function filters(query: Pick<BrowseQuery, 'tag'>, terms: SQL | null): SQL {
  const conditions: SQL[] = [sql`c.is_public`];
  if (terms) conditions.push(sql`c.search_vector @@ ticklist_search_query(${terms}, true)`);
  // From the GIN index on tag_keys (public lists only), not checked row by row along the order.
  if (query.tag) conditions.push(sql`c.tag_keys @> array[lower(${query.tag})]`);
  return sql.join(conditions, sql` and `);
}

type Count = { total: number; capped: boolean; searchedFor: string[] | null };

/**
 * Y of "Showing X of Y". Without a search: the counters the database keeps (all public lists, or
 * one tag's). With one: the matches counted up to the cap; when nothing matches, the typed words no
 * list has are replaced by the nearest title or tag words and counted again, in the same statement.
 */
async function countMatches(db: Executor, query: BrowseQuery, terms: string[]): Promise<Count> {
  if (terms.length === 0) {
    const result = await db.execute<{ total: number }>(
      query.tag
        ? sql`select coalesce((select count from tag_counts where tag_key = lower(${query.tag})), 0)::int as total`
        : sql`select coalesce((select sum(public_count) from checklist_totals), 0)::int as total`,
    );
    return { total: result.rows[0]?.total ?? 0, capped: false, searchedFor: null };
  }
  const typed = sql.param(terms);
  const capped = (words: SQL) =>
    sql`(select count(*)::int from (select 1 from checklists c where ${filters(query, words)} limit ${SEARCH_COUNT_CAP + 1}) m)`;
  const result = await db.execute<{ typed: number; corrected: string[] | null; refound: number | null }>(sql`
    with typed as (select ${capped(sql`${typed}::text[]`)} as n),
    corrected as (select ticklist_correct_terms(${typed}::text[]) as words from typed where n = 0)
    select typed.n as typed, corrected.words as corrected,
           case when corrected.words is not null then ${capped(sql`corrected.words`)} end as refound
    from typed left join corrected on true`);
  const row = result.rows[0]!;
  if (row.corrected && row.refound) {
    return {
      total: Math.min(row.refound, SEARCH_COUNT_CAP),
      capped: row.refound > SEARCH_COUNT_CAP,
      searchedFor: row.corrected,
    };
  }
  return { total: Math.min(row.typed, SEARCH_COUNT_CAP), capped: row.typed > SEARCH_COUNT_CAP, searchedFor: null };
}

/**
 * Spec §2.3 on the server: public lists only, full-text search over title, tags, description and
 * items (word forms, accents and near spellings, decision 018), tag filter, order and paging. At most
 * two statements whatever the page size, depth or data: the count, and the page of cards. Without a
 * search they run side by side; with one the count goes first, since it may correct the words.
 *
 * Paging is by keyset (`cursor`): the page starts after the previous page's last sort key, read off
 * the order's index, so a deep page costs what the first does and lists added meanwhile neither
 * repeat nor push others out. `page` (offset) still works for callers without a cursor.
 */
export async function browseChecklists(
  db: Executor,
  query: BrowseQuery,
  cursor: BrowseCursor | null = null,
): Promise<BrowsePage> {
  const typed = searchTerms(query.q);
  const readPage = async (terms: string[]) => {
    const words = terms.length > 0 ? sql`${sql.param(terms)}::text[]` : null;
    // Best match needs words (the schema falls back to newest without them).
    const score = words ? bestMatchScore(words) : sql`0::float8`;
    return readCardRows<{ sort_key: unknown[] }>(
      db,
      sql`
        select c.id, row_number() over (order by ${orderBy[query.order]}) as position, c.picked_score
        from (
          select c.id, c.created_at, c.uses_count, c.likes_count,
                 ${query.order === 'best' ? score : sql`null::float8`} as picked_score
          from checklists c
          where ${filters(query, words)}
        ) c
        where ${cursor ? afterCursor(cursor) : sql`true`}
        order by ${orderBy[query.order]}
        limit ${BROWSE_PAGE_SIZE + 1} offset ${cursor ? 0 : query.page * BROWSE_PAGE_SIZE}`,
      sql`, ${sortKeyJson[query.order]} as sort_key`,
    );
  };

  let count: Count;
  let rows: Awaited<ReturnType<typeof readPage>>;
  if (typed.length === 0) {
    [count, rows] = await Promise.all([countMatches(db, query, typed), readPage(typed)]);
  } else {
    count = await countMatches(db, query, typed);
    rows = await readPage(count.searchedFor ?? typed);
  }
  const hasMore = rows.length > BROWSE_PAGE_SIZE;
  const shown = rows.slice(0, BROWSE_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    checklists: shown.map(presentCard),
    total: count.total,
    totalCapped: count.capped,
    searchedFor: count.searchedFor?.join(' ') ?? null,
    page: query.page,
    pageSize: BROWSE_PAGE_SIZE,
    hasMore,
    nextCursor: hasMore && last ? encodeBrowseCursor({ o: query.order, k: last.sort_key } as BrowseCursor) : null,
  };
}

/** How many lists are public, from the counter the database keeps (sitemaps, feeds, the landing page). */
export async function countPublicChecklists(db: Executor): Promise<number> {
  const result = await db.execute<{ total: number }>(
    sql`select coalesce((select sum(public_count) from checklist_totals), 0)::int as total`,
  );
  return result.rows[0]?.total ?? 0;
}

/** The tags on the most public lists, for the filter chips: read from the counts the database keeps. */
export async function popularTags(db: Executor, limit = 20): Promise<{ tag: string; count: number }[]> {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    select tag, count from tag_counts order by count desc, tag_key limit ${limit}`);
  return result.rows;
}
