import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect } from 'vitest';
import {
  browsePageSchema,
  browseQuerySchema,
  searchCountSchema,
  type BrowseCursor,
  type BrowsePage,
  type SearchCount,
} from '../../src/domain/checklists/browse';
import { createBrowseCursors } from '../../src/server/browse/browse.queries';
import type { Executor } from '../../src/server/db/client';
import { checklistLikes } from '../../src/server/db/schema';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { createTestApp, TEST_SECRET, type Agent, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

// What Browse's API test files share: one database and app per file, the requests they make, and
// the lists more than one file searches through.

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

export const titles = (page: BrowsePage) => page.checklists.map((card) => card.title);

/** A cursor this server would have signed for the search `params`, saying what `cursor` says. */
export const signedCursor = (cursor: BrowseCursor, params: Record<string, string>) =>
  createBrowseCursors(TEST_SECRET).encode(cursor, browseQuerySchema.parse(params))!;

/**
 * The file's database and app, made before its tests run: `t` the app, `author` the user who writes
 * most of its lists, `statements` every SQL statement the app has sent (a test empties it with
 * `statements.length = 0` before the requests it counts), `database.url` for a second connection.
 * `t` and `author` are filled in by `beforeAll`, so read them inside tests and hooks only.
 */
export function setUpBrowseTests() {
  const statements: string[] = [];
  const t = {} as TestApp;
  const author = {} as CreatedUser;
  const database = { url: '' };

  beforeAll(async () => {
    const { db, url } = await createTestDatabase({ onQuery: (query) => statements.push(query) });
    database.url = url;
    Object.assign(t, await createTestApp({ db }));
    Object.assign(author, await createUser(t.db, { username: 'search_author' }));
  });
  afterEach(() => plannerExpects(t.db, null));

  /** A Browse page, as the API documents it; anything but 200 fails the test. */
  async function browse(query: string, agent: Agent = t.agent()): Promise<BrowsePage> {
    const response = await agent.request(`/api/checklists${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return browsePageSchema.parse(await response.json());
  }

  /**
   * A search's count, asked for apart as the client asks for it after a first page sent without it
   * (decision 054); anything but 200 fails the test.
   */
  async function countOf(query: string, agent: Agent = t.agent()): Promise<SearchCount> {
    const response = await agent.request(`/api/checklists/count${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return searchCountSchema.parse(await response.json());
  }

  const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[];

  /** Every page of a browse, following the cursor; `between` runs after each page. */
  async function allPages(query: string, between: () => Promise<void> = async () => {}) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await browse(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      ids.push(...page.checklists.map((card) => card.id));
      cursor = page.nextCursor;
      expect(page.hasMore).toBe(cursor !== null);
      pages++;
      await between();
    } while (cursor && pages < 50);
    return ids;
  }

  /**
   * The statements since `statements` was emptied that read Best match's tiers planned with the
   * words, or for a counted or later page: not a first page's statement of its words
   * (`readFirstBestPage`), which holds every tier too, and reads them when few matches are expected.
   */
  const pageTiers = () =>
    statements.filter((statement) => statement.includes('union all') && !statement.includes('reads_page'));

  return { t, author, statements, database, browse, countOf, rows, allPages, pageTiers };
}

/** Each test database's own `ticklist_search_estimate`, kept while a test stands in for it. */
const plannersEstimate = new WeakMap<Executor, { definition: string; isReplaced: boolean }>();

/**
 * Makes `ticklist_search_estimate`, the planner's estimate of how many lists a search matches,
 * answer `matches` for every search in this test database, or the planner's own again (null; after
 * each test of `setUpBrowseTests` too). A test database's few lists make every search look few, and
 * a Best match first page read before its count chooses its plan by that estimate: a test of the
 * plan for many matches says so here.
 */
export async function plannerExpects(db: Executor, matches: number | null) {
  let kept = plannersEstimate.get(db);
  if (!kept) {
    if (matches === null) return;
    const [row] = (
      await db.execute<{ definition: string }>(
        sql`select pg_get_functiondef('ticklist_search_estimate(tsquery)'::regprocedure) as definition`,
      )
    ).rows;
    kept = { definition: row!.definition, isReplaced: false };
    plannersEstimate.set(db, kept);
  }
  if (matches === null && !kept.isReplaced) return;
  await db.execute(
    matches === null
      ? sql.raw(kept.definition)
      : sql.raw(`create or replace function ticklist_search_estimate(p_query tsquery) returns double precision
          language plpgsql volatile as $$ begin return ${Number(matches)}; end $$`),
  );
  kept.isReplaced = matches !== null;
}

/**
 * Words in their forms, with accents, and near spellings: "move", "box", "café", "crêpes" (tagged
 * "Pâtisserie"), "camping" and "camp".
 */
export async function addWordFormLists(db: Executor, author: CreatedUser) {
  await makeChecklist(db, author.id, { title: 'How to move a piano', createdAt: daysAgo(10) });
  await makeChecklist(db, author.id, { title: 'Label every box', createdAt: daysAgo(11) });
  await makeChecklist(db, author.id, { title: 'Café crawl', createdAt: daysAgo(12) });
  await makeChecklist(db, author.id, { title: 'Cooking crêpes', tags: ['Pâtisserie'], createdAt: daysAgo(13) });
  await makeChecklist(db, author.id, { title: 'Camping trip', createdAt: daysAgo(14) });
  // "camp" is as near to "campng" in trigrams as "camping"; the length decides.
  await makeChecklist(db, author.id, { title: 'Base camp', createdAt: daysAgo(15) });
}

/**
 * `count` public lists by `authorId`, "<title> 1" to "<title> <count>", a minute apart back from
 * `days` days ago, in one statement: no description, items or tags.
 */
export async function insertNumberedLists(db: Executor, authorId: string, title: string, count: number, days = 0) {
  await db.execute(sql`
    insert into checklists (title, author_id, created_at)
    select ${`${title} `}::text || g, ${authorId}, now() - make_interval(days => ${days}::int, mins => g)
    from generate_series(1, ${count}::int) g`);
}

/** 1,005 public lists with the word "zebra", and the tag "Herd" on each, by an author of their own. */
export async function addZebraHerd(db: Executor) {
  const bulkAuthor = await createUser(db, { username: 'bulk_author' });
  await insertNumberedLists(db, bulkAuthor.id, 'Zebra crossing', 1005, 100);
  await db.execute(sql`
    insert into checklist_tags (checklist_id, tag, position) select id, 'Herd', 1 from checklists where author_id = ${bulkAuthor.id}`);
  return bulkAuthor;
}

/**
 * 30 lists tagged "walrus" with the word in their titles, half with it in an item too, written by
 * the user returned ("pager"); their dates repeat, so ties on created_at are broken by id, and they
 * have 0, 1 or 2 likes.
 */
export async function addWalrusLists(db: Executor) {
  const pager = await createUser(db, { username: 'pager' });
  const fans = [await createUser(db), await createUser(db)];
  for (let index = 0; index < 30; index++) {
    const list = await makeChecklist(db, pager.id, {
      title: `Paging walrus ${index}`,
      tags: ['walrus'],
      createdAt: daysAgo(200 + (index % 7)), // ties on created_at are broken by id
      items: index % 2 ? ['Walrus facts'] : ['Other'],
    });
    for (const fan of fans.slice(0, index % 3))
      await db.insert(checklistLikes).values({ checklistId: list.id, userId: fan.id });
  }
  return pager;
}
