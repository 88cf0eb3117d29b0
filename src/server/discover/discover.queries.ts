import { sql, type SQL } from 'drizzle-orm';
import type { ChecklistCard } from '@/domain/checklists/browse';
import { DIFFICULTIES } from '@/domain/checklists/checklist-view';
import {
  assembleDiscover,
  DISCOVER_SECTION_SIZE,
  chooseStaffPicks,
  STAFF_PICKS_LIMIT,
  SUGGESTIONS_LIMIT,
  SUGGESTIONS_MINIMUM,
  SUGGESTIONS_PER_SOURCE,
  SUGGESTIONS_RATING_THRESHOLD,
  SUGGESTIONS_TOP_UP,
  TRENDING_DEFAULT_LIMIT,
  type Discover,
} from '@/domain/discover/assembly';
import { readCards } from '../browse/browse.queries';
import { sqlCount, sqlLimitAtLeast, type Executor } from '../db/client';
import { createCachedValue, type CachedValue } from '../cache/cached-value';

/**
 * The suggested lists for a user, in one statement:
 * - only public lists, not by the user (a visitor, `userId` null, is shown every public list);
 * - up to 5 recently updated, up to 5 recently created with a valid difficulty, and up to 5 rated
 *   4 or more (highest first), in that order;
 * - under 3 distinct lists, the 10 newest are added;
 * - duplicates removed (the first occurrence keeps its place), cut to 10, and none under 3.
 *
 * The top-up reads the same lists as "recently updated", which has no filter of its own: when it
 * runs, every eligible list has already been found, so it cannot lift the count to 3. It stays
 * because the product's rule names it, and it must never reach past the eligibility rules.
 */
export async function suggestChecklists(db: Executor, userId: string | null): Promise<ChecklistCard[]> {
  const eligible = userId === null ? sql`c.is_public` : sql`c.is_public and c.author_id <> ${userId}`;
  const validDifficulty = sql.join(
    DIFFICULTIES.map((difficulty) => sql`${difficulty}`),
    sql`, `,
  );
  const source = (rank: number, condition: SQL, order: SQL, limit: number) => sql`(
    select c.id, ${rank}::int as source, row_number() over (order by ${order}) as position
    from checklists c
    where ${eligible} and ${condition}
    order by ${order}
    limit ${sqlCount(limit)})`;

  return readCards(
    db,
    sql`
      with sources as (
        ${source(1, sql`true`, sql`c.updated_at desc, c.id desc`, SUGGESTIONS_PER_SOURCE)}
        union all
        ${source(2, sql`c.difficulty in (${validDifficulty})`, sql`c.created_at desc, c.id desc`, SUGGESTIONS_PER_SOURCE)}
        union all
        ${source(
          3,
          sql`c.rating >= ${SUGGESTIONS_RATING_THRESHOLD}`,
          sql`c.rating desc, c.created_at desc, c.id desc`,
          SUGGESTIONS_PER_SOURCE,
        )}),
      topped_up as (
        select id, source, position from sources
        union all
        ${source(
          4,
          sql`(select count(distinct id) from sources) < ${SUGGESTIONS_MINIMUM}`,
          sql`c.created_at desc, c.id desc`,
          SUGGESTIONS_TOP_UP,
        )}),
      first_seen as (
        select distinct on (id) id, source, position from topped_up order by id, source, position),
      kept as (
        select id, row_number() over (order by source, position) as position
        from first_seen
        order by source, position
        limit ${sqlCount(SUGGESTIONS_LIMIT)})
      select id, position from kept where (select count(*) from kept) >= ${SUGGESTIONS_MINIMUM}`,
    { isNamed: true },
  );
}

/** Trending: public lists by uses, most first (ties: newest first), 10 by default. */
export async function trendingChecklists(db: Executor, limit = TRENDING_DEFAULT_LIMIT): Promise<ChecklistCard[]> {
  const order = sql`c.uses_count desc, c.created_at desc, c.id desc`;
  const cards = await readCards(
    db,
    sql`
      select c.id, row_number() over (order by ${order}) as position
      from checklists c
      where c.is_public
      order by ${order}
      limit ${sqlLimitAtLeast(limit)}`,
    { isNamed: true },
  );
  return cards.slice(0, limit);
}

/** Lists flagged by `npm run staff-pick`, newest pick first; a list made private since is skipped. */
export async function staffPickedChecklists(db: Executor, limit = STAFF_PICKS_LIMIT): Promise<ChecklistCard[]> {
  const order = sql`s.picked_at desc, c.id desc`;
  return readCards(
    db,
    sql`
      select c.id, row_number() over (order by ${order}) as position
      from staff_picks s join checklists c on c.id = s.checklist_id
      where c.is_public
      order by ${order}
      limit ${sqlCount(limit)}`,
    { isNamed: true },
  );
}

/** What Discover shows every visitor, and its sections that are the same for everyone signed in. */
export type DiscoverCache = {
  /** A visitor's Discover. */
  visitor: CachedValue<Discover>;
  /** Trending and staff picks, for a signed-in user's Discover beside their own suggestions. */
  shared: CachedValue<{ trending: ChecklistCard[]; flagged: ChecklistCard[] }>;
};

/**
 * How long a process serves Discover's shared sections from its cache (decision 029: as long as a
 * visitor's rendered page is cached). Browsers may cache a visitor's response for a minute anyway
 * (VISITOR_CACHE_CONTROL); a signed-in user sees a new like or list in Trending 10 s late at most,
 * and a list made private or deleted may stay in Trending or Staff Picks as long.
 */
export const DISCOVER_CACHE_MS = 10_000;

/**
 * The sections `loadDiscover` shares, each read in statements side by side: the shared sections in
 * two, and a visitor's Discover in one more (its suggestions) beside them. The assembly shows at
 * most 6 of the merged suggestions and trending, so 6 trending lists are enough even when every
 * suggestion is among them, and 3 staff picks fill their section.
 */
export function createDiscoverCache(db: Executor, { ttlMs = DISCOVER_CACHE_MS } = {}): DiscoverCache {
  const readShared = async () => {
    const [trending, flagged] = await Promise.all([
      trendingChecklists(db, 2 * DISCOVER_SECTION_SIZE),
      staffPickedChecklists(db, DISCOVER_SECTION_SIZE),
    ]);
    return { trending, flagged };
  };
  const shared = createCachedValue(readShared, { ttlMs });
  const readVisitor = async () => {
    const [suggestions, { trending, flagged }] = await Promise.all([suggestChecklists(db, null), shared()]);
    return { ...assembleDiscover(suggestions, trending), ...chooseStaffPicks(flagged) };
  };
  return { visitor: createCachedValue(readVisitor, { ttlMs }), shared };
}

/**
 * GET /api/discover, assembled into sections of 3: a visitor's from `cache`, a signed-in user's
 * from their own suggestions (one statement) and the cached shared sections.
 */
export async function loadDiscover(db: Executor, userId: string | null, cache: DiscoverCache): Promise<Discover> {
  if (userId === null) return cache.visitor();
  const [suggestions, { trending, flagged }] = await Promise.all([suggestChecklists(db, userId), cache.shared()]);
  return { ...assembleDiscover(suggestions, trending), ...chooseStaffPicks(flagged) };
}
