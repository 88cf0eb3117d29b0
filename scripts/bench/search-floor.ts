// What a search the server has not seen before asks of the database alone, without the app: the
// lower bound of the "two words, new" cases.
import { sql } from 'drizzle-orm';
import { BROWSE_PAGE_SIZE, SEARCH_COUNT_CAP, searchTerms } from '../../src/domain/checklists/browse';
import { readCardRows } from '../../src/server/browse/cards';
import type { Database } from '../../src/server/db/client';
import type { AppPool } from './served-app';
import { measureTimed, type Pace } from './measure-timed';
import { warmConnections } from './warm';

/** The filter of searches the server has not seen before. */
export const NEW_SEARCHES = 'two words, new';

/**
 * What a search the server has not seen asks of the database, sent straight to it without the app
 * by `connections` callers through a pool of the app's size (as the app's requests reach it), each
 * one statement planned with its words as the app's are (decision 042):
 * - its matches counted up to the cap, Y of "Showing X of Y" (Most Used and Most Liked count
 *   further, `countLimit`): the floor of the count's own request, which the client makes after the
 *   first page (decision 054);
 * - its first page in Newest, 13 ids as the planner chooses to read them: the floor of every first
 *   page of the "two words, new" cases, which are sent before their count;
 * - the count and that page in turn: what a first page cost when it waited for its count;
 * - that page with its cards, read as the app reads them: the database's whole part of a first page.
 */
export async function measureNewSearchFloor(appPool: AppPool, searches: string[], pace: Pace) {
  const db = appPool.open();
  try {
    // Its connections are new: they read what the app's have read, if they did, before measuring.
    if (appPool.isWarm) await warmConnections(db, { named: false });
    await measureFloorParts(db, searches, pace, appPool.connections);
  } finally {
    await db.$client.end();
  }
}

async function measureFloorParts(db: Database, searches: string[], pace: Pace, connections: number) {
  const words = (index: number) => sql.param(searchTerms(searches[index % searches.length]!));
  const count = (index: number) =>
    db.execute(sql`
      select count(*)::int from (
        select 1 from checklists c
        where c.is_public and c.search_vector @@ ticklist_search_query(${words(index)}::text[], true)
        limit ${SEARCH_COUNT_CAP + 1}) m`);
  const page = (index: number) =>
    db.execute(sql`
      select c.id from checklists c
      where c.is_public and c.search_vector @@ ticklist_search_query(${words(index)}::text[], true)
      order by c.created_at desc, c.id desc limit ${BROWSE_PAGE_SIZE + 1}`);
  // The same page with its 13 cards, read by the app's own `readCardRows`: the database's part of
  // the app's first page, so that what HTTP and Node add shows beside it.
  const pageWithCards = (index: number) =>
    readCardRows(
      db,
      sql`
        select c.id, row_number() over (order by c.created_at desc, c.id desc) as position
        from checklists c
        where c.is_public and c.search_vector @@ ticklist_search_query(${words(index)}::text[], true)
        order by c.created_at desc, c.id desc limit ${BROWSE_PAGE_SIZE + 1}`,
    );
  console.log(
    `\nThe database alone, for the searches of "${NEW_SEARCHES}", ${pace.connections} callers on ` +
      `${connections} connections, no app (req/s, p50, p95, p99 in ms):`,
  );
  // Each part starts at another point of the searches. (The database caches no results, so a search
  // sent again costs what it did the first time.)
  const parts: [string, (index: number) => Promise<unknown>][] = [
    ['count to the cap', (index) => count(index)],
    ['Newest page', (index) => page(index + 2_000)],
    ['count, then Newest page', async (index) => (await count(index + 4_000), await page(index + 4_000))],
    ['Newest page with its cards', (index) => pageWithCards(index + 1_000)],
  ];
  for (const [name, run] of parts) {
    const { rps, p50, p95, p99 } = await measureTimed(run, pace);
    console.log(
      `  ${name.padEnd(42)} ${rps.toFixed(0).padStart(7)} ${p50.toFixed(0).padStart(6)} ${p95.toFixed(0).padStart(6)} ${p99.toFixed(0).padStart(6)}`,
    );
  }
}
