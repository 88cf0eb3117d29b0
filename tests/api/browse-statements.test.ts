import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  browsePageSchema,
  browseQuerySchema,
  SEARCH_COUNT_CAP,
  searchCountSchema,
} from '../../src/domain/checklists/browse';
import { SEARCH_COUNT_MS, SEARCH_PAGE_MS, SPARSE_COUNT_LIMIT } from '../../src/server/browse/browse.queries';
import { NAMED_PAGE_EXPECTED_MATCHES, readFirstBestPage } from '../../src/server/browse/best-match';
import { readCorrection } from '../../src/server/browse/capped-count';
import { executeNamed } from '../../src/server/db/client';
import { cardColumns } from '../../src/server/presenters';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import {
  addWalrusLists,
  addWordFormLists,
  daysAgo,
  insertNumberedLists,
  plannerExpects,
  setUpBrowseTests,
  titles,
} from '../setup/browse-fixtures';
import { createTestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// How many SQL statements a Browse page takes, and which are prepared once and planned once: the
// bounds behind Browse's speed (decisions 027, 033, 036, 038), apart from what the pages show.

const { t, author, statements, browse, countOf, rows, pageTiers } = setUpBrowseTests();

describe('Best match tiers (decision 027)', () => {
  it('reads the first two tiers first and the rest only for a page they do not fill', async () => {
    const birder = await createUser(t.db, { username: 'ibis_author' });
    // 1,005 lists with the word in the title (tier 0), then 4 with it only in a tag (tier 2), newer
    // than all of them.
    await insertNumberedLists(t.db, birder.id, 'Ibis count', 1005, 120);
    for (let index = 0; index < 4; index++) {
      await makeChecklist(t.db, birder.id, { title: `Marsh ${index}`, tags: ['ibis'], createdAt: daysAgo(index) });
    }
    const tiersRead = () => statements.filter((statement) => statement.includes('union all'));
    // Counted first, so the first page comes with its count and its cursor carries it (decision 054).
    await countOf('?q=ibis');
    let page = await browse('?q=ibis');
    expect(page).toMatchObject({ total: 1000, totalCapped: true });
    const shown = titles(page);
    let pages = 1;
    while (page.nextCursor && pages < 100) {
      statements.length = 0;
      page = await browse(`?q=ibis&cursor=${encodeURIComponent(page.nextCursor)}`);
      shown.push(...titles(page));
      pages++;
      // Within tier 0 one statement of two tiers fills each page (and tells whether more follow); a
      // page they do not fill reads the other tiers too; every page takes at most three statements.
      const titleMatches = titles(page).filter((title) => title.startsWith('Ibis')).length;
      expect(tiersRead(), `page ${pages}`).toHaveLength(titleMatches === 12 ? 1 : 2);
      expect(statements.length).toBeLessThanOrEqual(3);
    }
    expect(shown).toEqual([
      ...Array.from({ length: 1005 }, (_, index) => `Ibis count ${index + 1}`),
      ...['Marsh 0', 'Marsh 1', 'Marsh 2', 'Marsh 3'],
    ]);
  });
});

describe('Best match’s prefix tiers', () => {
  it('are not read while no word begins with a typed one but itself, and are once one does', async () => {
    const watcher = await createUser(t.db, { username: 'egret_author' });
    await insertNumberedLists(t.db, watcher.id, 'Egret pond', 5, 50);
    /** How many tiers the page's statements read: each statement's tiers are joined by UNION ALL. */
    const tiersRead = () => pageTiers().reduce((sum, statement) => sum + statement.split('union all').length, 0);
    // Five matches in tier 0 do not fill the page, so every tier that may hold a list is read: the
    // four of whole words, in two statements. (Read as for many matches: for few, the page is one
    // named statement of every tier.)
    await plannerExpects(t.db, NAMED_PAGE_EXPECTED_MATCHES + 1);
    statements.length = 0;
    expect(titles(await browse('?q=egret'))).toHaveLength(5);
    expect(tiersRead()).toBe(4);

    // A longer word beginning with "egret" is now in a public list's title: its tier (title, as a
    // prefix) is read, and its list follows the five.
    await makeChecklist(t.db, watcher.id, { title: 'Egretta watch', createdAt: daysAgo(60) });
    statements.length = 0;
    const page = await browse('?q=egret');
    expect(tiersRead()).toBe(8);
    expect(titles(page)).toEqual([...[1, 2, 3, 4, 5].map((n) => `Egret pond ${n}`), 'Egretta watch']);
  });
});

describe('Best match’s conditions', () => {
  it('find a tier’s words where the statistics are, and leave out earlier tiers where they are not', async () => {
    const walker = await createUser(t.db, { username: 'stork_author' });
    await insertNumberedLists(t.db, walker.id, 'Stork nest', 3, 30);
    await makeChecklist(t.db, walker.id, { title: 'Storkbill walk', createdAt: daysAgo(31) });
    statements.length = 0;
    expect(titles(await browse('?q=stork'))).toHaveLength(4);
    const tiers = statements.filter((statement) => statement.includes('union all')).join('\n');
    const weightsOf = (pattern: RegExp) => [...tiers.matchAll(pattern)].map((found) => found[1]!);
    const found = weightsOf(/(?<!not )ts_filter\(c\.search_vector, '(\{[a-c,]+\})'\) @@/g);
    const excluded = weightsOf(/not ts_filter\(c\.search_vector, '(\{[a-c,]+\})'\) @@/g);
    // The statistics objects' expressions, as PostgreSQL writes them: ts_filter(search_vector, '{a}'::"char"[]).
    const statistics = (
      await rows<{ expression: string }>(sql`
        select unnest(pg_get_statisticsobjdef_expressions(oid)) as expression
        from pg_statistic_ext where stxrelid = 'checklists'::regclass`)
    ).map((row) => row.expression);
    const hasStatistics = (weights: string) => statistics.some((expression) => expression.includes(`'${weights}'`));
    expect(found.length).toBeGreaterThan(0);
    expect(excluded.length).toBeGreaterThan(0);
    expect(found.filter((weights) => !hasStatistics(weights))).toEqual([]);
    expect(excluded.filter(hasStatistics)).toEqual([]);
    // Written differently, the same filter: each negated condition's weights, as a set, are a tier's.
    const asSet = (weights: string) => [...new Set(weights.slice(1, -1).split(','))].sort().join(',');
    const tierSets = new Set(found.map(asSet));
    expect(excluded.map(asSet).filter((weights) => !tierSets.has(weights))).toEqual([]);
  });
});

describe('a page planned with its words', () => {
  it('reads its cards by ticklist_cards, whose columns are the cards’ columns', async () => {
    const rower = await createUser(t.db, { username: 'coot_author' });
    await insertNumberedLists(t.db, rower.id, 'Coot pond', 14, 30);
    statements.length = 0;
    const page = await browse('?q=coot&order=newest');
    expect(titles(page).slice(0, 3)).toEqual(['Coot pond 1', 'Coot pond 2', 'Coot pond 3']);
    expect(page.checklists[0]).toMatchObject({
      authorUsername: 'coot_author',
      itemsCount: 0,
      tags: [],
      difficulty: 'medium',
    });
    const pages = statements.filter((statement) => /checklists c/.test(statement) && /coalesce|@@/.test(statement));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatch(/from ticklist_cards\(array\(select picked\.id/);
    // The function's rows are the cards a join reads, column for column: on lists with their own
    // tags and counts, by a public and a private profile.
    const shy = await createUser(t.db, { username: 'shy_coot', isPublic: false, profileName: 'Shy Coot' });
    for (const [index, author] of [rower, shy].entries()) {
      const list = await makeChecklist(t.db, author.id, {
        title: `Coot count ${index}`,
        tags: ['Lake', `Reed ${index}`],
      });
      await t.db.execute(sql`
        update checklists set uses_count = ${3 + index}, likes_count = ${7 + index}, clones_count = ${11 + index}
        where id = ${list.id}`);
    }
    const rowsOf = async (query: ReturnType<typeof sql>) => {
      const result = await t.db.execute(query);
      return { columns: result.fields.map((field) => `${field.name} ${field.dataTypeID}`), rows: result.rows };
    };
    expect(await rowsOf(sql`select * from ticklist_cards(array(select id from checklists order by id))`)).toEqual(
      await rowsOf(sql`
        select ${cardColumns} from checklists c left join profiles p on p.id = c.author_id order by c.id`),
    );
  });

  it('reads Best match’s cards by ticklist_cards too, each with its tier in its sort key', async () => {
    await plannerExpects(t.db, NAMED_PAGE_EXPECTED_MATCHES + 1);
    const shearwaters = await createUser(t.db, { username: 'shearwater_author' });
    // Newest first within a tier, and the title's tier before the tag's: the tagged lists are newer.
    await insertNumberedLists(t.db, shearwaters.id, 'Shearwater cliff', 10, 30);
    for (let index = 0; index < 6; index++) {
      await makeChecklist(t.db, shearwaters.id, {
        title: `Marsh path ${index}`,
        tags: ['shearwater'],
        createdAt: daysAgo(index),
      });
    }
    statements.length = 0;
    // A first page before its count, of words the planner expects to match many, is planned with
    // its words (decision 054).
    const first = await browse('?q=shearwater&order=best');
    expect(first.total).toBeNull();
    const tiers = pageTiers();
    expect(tiers.length).toBeGreaterThan(0);
    for (const statement of tiers)
      expect(statement).toMatch(/from ticklist_cards\(array\(select picked\.id from picked/);
    expect(titles(first)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `Shearwater cliff ${index + 1}`),
      'Marsh path 0',
      'Marsh path 1',
    ]);
    expect(first.checklists[0]).toMatchObject({ authorUsername: 'shearwater_author' });
    // The cursor after the last card carries its tier: the next page goes on in the tag's tier.
    const next = await browse(`?q=shearwater&order=best&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(titles(next)).toEqual(['Marsh path 2', 'Marsh path 3', 'Marsh path 4', 'Marsh path 5']);
  });
});

describe('Best match planned with its words', () => {
  it('makes the prefixes’ tsquery before the tiers, not as the tiers’ statements are planned', async () => {
    const walker = await createUser(t.db, { username: 'heron_author' });
    await insertNumberedLists(t.db, walker.id, 'Heron walk', 20, 30);
    // A search not made before, of words the planner expects to match many: its first page is
    // read before its count, the tiers planned with the words (decision 054). The planner would
    // make a tsquery written in them once a place.
    await plannerExpects(t.db, NAMED_PAGE_EXPECTED_MATCHES + 1);
    statements.length = 0;
    expect(titles(await browse('?q=heron'))).toHaveLength(12);
    const tiers = pageTiers();
    expect(tiers.length).toBeGreaterThan(0);
    for (const statement of tiers) expect(statement).not.toContain('ticklist_search_query');
  });
});

describe('Best match’s first page before its count', () => {
  it('is one named statement of every tier when the planner expects few matches, and tiers planned with the words when many', async () => {
    const sailor = await createUser(t.db, { username: 'tern_author' });
    await insertNumberedLists(t.db, sailor.id, 'Tern colony', 14, 40);
    for (let index = 0; index < 3; index++) {
      await makeChecklist(t.db, sailor.id, { title: `Cliff path ${index}`, tags: ['tern'], createdAt: daysAgo(index) });
    }
    await t.db.execute(sql`analyze checklists`);
    // The planner's estimate for the count's condition, from the statistics of the lists'
    // documents: about the 17 lists; none for a word no list has.
    const [estimate] = await rows<{ tern: number; none: number }>(sql`
      select ticklist_search_estimate(ticklist_search_query(array['tern'], true)) as tern,
        ticklist_search_estimate(ticklist_search_query(array['ternqx'], true)) as none`);
    expect(estimate!.tern).toBeGreaterThanOrEqual(5);
    expect(estimate!.tern).toBeLessThanOrEqual(50);
    expect(estimate!.none).toBe(0);

    // The statement that reads the words, and the page with them when few are expected.
    const isFirst = (statement: string) => statement.includes('reads_page');
    const isNamed = (statement: string) => /with words as materialized/.test(statement);
    // Few expected: one named statement, of the words and every tier.
    statements.length = 0;
    const few = await browse('?q=tern&order=best');
    expect(statements).toHaveLength(1);
    expect(isFirst(statements[0]!)).toBe(true);
    expect(isNamed(statements[0]!)).toBe(true);
    expect(statements[0]!.split('union all')).toHaveLength(8);
    // Many expected (a word form of the same search, not made before): that statement reads the
    // words alone, then the tiers planned with them, the first two first (here they fill the page).
    await plannerExpects(t.db, NAMED_PAGE_EXPECTED_MATCHES + 1);
    statements.length = 0;
    const many = await browse('?q=terns&order=best');
    expect(statements).toHaveLength(2);
    expect(isFirst(statements[0]!)).toBe(true);
    expect(pageTiers()).toHaveLength(1);
    expect(pageTiers()[0]!.split('union all')).toHaveLength(2);
    expect(pageTiers().filter(isNamed)).toEqual([]);
    // At the limit, few (another search not made before, of the same lists).
    await plannerExpects(t.db, NAMED_PAGE_EXPECTED_MATCHES);
    statements.length = 0;
    const atLimit = await browse('?q=tern%20colony&order=best');
    expect(statements).toHaveLength(1);
    expect(isFirst(statements[0]!)).toBe(true);
    // Either way the same page, before its count.
    const expected = [...Array.from({ length: 12 }, (_, index) => `Tern colony ${index + 1}`)];
    for (const page of [few, many, atLimit]) {
      expect(page.total).toBeNull();
      expect(titles(page)).toEqual(expected);
    }

    // When many are expected the first statement reads no tier: they are given no words.
    const query = browseQuerySchema.parse({ q: 'tern', order: 'best' });
    const readCounted = (words: string[], readQuery = query) =>
      t.db.transaction(async (tx) => {
        // The plan PostgreSQL keeps for a named statement, as the app's named pool has it.
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        // The lists this transaction has read: by a scan of the table (here, with its few lists,
        // the plan's), or fetched through an index (a GIN index, with many).
        const fetched = async () =>
          Number(
            (
              await tx.execute<{ fetched: string }>(sql`
                select pg_stat_get_xact_tuples_returned('checklists'::regclass)
                  + pg_stat_get_xact_tuples_fetched('checklists'::regclass) as fetched`)
            ).rows[0]!.fetched,
          );
        const before = await fetched();
        const read = await readFirstBestPage(tx, readQuery, words);
        return { ...read, listsRead: (await fetched()) - before };
      });
    await plannerExpects(t.db, NAMED_PAGE_EXPECTED_MATCHES + 1);
    const manyRead = await readCounted(['tern']);
    expect(manyRead.page).toBeNull();
    // No tier is read (17 lists would be, here); joining the empty page to the cards may read one
    // list first, as a hash join of this small table does.
    expect(manyRead.listsRead).toBeLessThanOrEqual(1);
    await plannerExpects(t.db, null);
    const fewRead = await readCounted(['tern']);
    // The page and one list more, which says there is a next page.
    expect(fewRead.page?.map((card) => card.title)).toEqual([...titles(few), 'Tern colony 13']);
    expect(fewRead.listsRead).toBeGreaterThan(0);
    // Read, but empty (a tag no list has): an empty page, not none.
    const emptyRead = await readCounted(['tern'], browseQuerySchema.parse({ q: 'tern', order: 'best', tag: 'puffin' }));
    expect(emptyRead.page).toEqual([]);
  });
});

describe('a search’s count', () => {
  it('is one statement without the correction when the words find lists; when not, corrects them in a statement of its own and counts the corrected words as typed ones, once for their misspellings', async () => {
    const spotter = await createUser(t.db, { username: 'grebe_author' });
    await insertNumberedLists(t.db, spotter.id, 'Grebe dive', 3, 40);
    // The count asked for apart, as the client asks after a first page sent without it.
    statements.length = 0;
    expect(await countOf('?q=grebbe')).toMatchObject({ total: 3, searchedFor: 'grebe' });
    const counting = statements.filter((statement) => /^\s*with found as|ticklist_correct_terms/.test(statement));
    expect(counting).toHaveLength(3);
    const [typed, correction, corrected] = counting as [string, string, string];
    expect(typed).toBe(corrected);
    expect(correction).toMatch(/^select ticklist_correct_terms\(\$1::text\[\]\) as words$/);

    // Cached as the correction's count: another misspelling of the word counts only its own words.
    statements.length = 0;
    expect(await countOf('?q=grrebe')).toMatchObject({ total: 3, searchedFor: 'grebe' });
    expect(statements.filter((statement) => /ticklist_correct_terms/.test(statement))).toHaveLength(1);
    expect(statements.filter((statement) => /^\s*with found as/.test(statement))).toHaveLength(1);

    statements.length = 0;
    expect(await countOf('?q=grebe+dive')).toMatchObject({ total: 3, searchedFor: null });
    expect(statements.filter((statement) => /ticklist_correct_terms/.test(statement))).toEqual([]);
    expect(statements.filter((statement) => /^\s*with found as/.test(statement))).toHaveLength(1);
  });
});

describe('a search’s count and Best match’s words', () => {
  it('are read apart: the count reads no tsquery, and a page planned with them reads them once for its cursor to carry', async () => {
    // The 1,005 "Ibis count" lists of the first test: more matches than the cap, so the page's
    // tiers are planned with the words' tsqueries.
    statements.length = 0;
    expect(await countOf('?q=ibis+count')).toMatchObject({ total: 1000, totalCapped: true });
    const [counted] = statements.filter((statement) => /^\s*with found as/.test(statement));
    expect(counted).toBeDefined();
    expect(counted).not.toMatch(/as whole|typed_whole/);

    // The first page comes with the cached count, which has no tsquery: one statement reads them.
    statements.length = 0;
    const page = await browse('?q=ibis+count');
    expect(page).toMatchObject({ total: 1000, totalCapped: true });
    expect(statements.filter((statement) => /as prefix/.test(statement))).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(3);
    // Its cursor carries them, so Load more does not read them again.
    statements.length = 0;
    const next = await browse(`?q=ibis+count&cursor=${encodeURIComponent(page.nextCursor!)}`);
    expect(titles(next)).toHaveLength(12);
    expect(statements.filter((statement) => /as prefix|as whole|typed_whole/.test(statement))).toEqual([]);
  });

  it('are read with the count that a page makes, so a page by offset read again after a change takes three statements', async () => {
    // The 20 "Heron walk" lists of an earlier test, not counted yet: a page by offset counts them,
    // and its tiers are planned with the words' tsqueries.
    statements.length = 0;
    const first = await browse('?q=heron&page=1');
    expect(titles(first)).toHaveLength(8);
    expect(statements.length).toBeLessThanOrEqual(3);
    // A change to what searches find: the cached page is read again by id, the count is counted
    // again, and the tiers are read.
    await makeChecklist(t.db, author.id, { title: 'Moorhen pond' });
    statements.length = 0;
    const again = await browse('?q=heron&page=1');
    expect(titles(again)).toEqual(titles(first));
    expect(statements.filter((statement) => /^\s*with found as/.test(statement))).toHaveLength(1);
    expect(statements.length).toBeLessThanOrEqual(3);
  });
});

describe('matching words', () => {
  beforeAll(async () => {
    await addWordFormLists(t.db, author);
  });

  it('runs the correction with Best match’s words only when a word can find nothing', async () => {
    const query = browseQuerySchema.parse({ q: 'camping', order: 'best' });
    const calls = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local track_functions = 'all'`);
      const corrections = async () =>
        Number(
          (
            await tx.execute<{ calls: string }>(
              sql`select coalesce(pg_stat_get_xact_function_calls('ticklist_correct_terms(text[])'::regprocedure), 0) as calls`,
            )
          ).rows[0]!.calls,
        );
      const found = await readFirstBestPage(tx, query, ['camping']);
      const afterFound = await corrections();
      const misspelt = await readFirstBestPage(tx, query, ['campng']);
      return { found, afterFound, misspelt, afterMisspelt: await corrections() };
    });
    expect(calls.found).toMatchObject({ match: { words: ['camping'] }, correction: null });
    expect(calls.found.match.findsNothing).toBeUndefined();
    // Read with how many lists the planner expects the words, or their correction, to match.
    expect(calls.found.match.expected).toBeGreaterThanOrEqual(1);
    expect(calls.misspelt.correction?.match?.expected).toBeGreaterThanOrEqual(1);
    expect((await readCorrection(t.db, ['campng'], { withMatch: true }))?.match?.expected).toBeGreaterThanOrEqual(1);
    expect(calls.afterFound).toBe(0);
    expect(calls.misspelt).toMatchObject({ match: { findsNothing: true }, correction: { words: ['camping'] } });
    expect(calls.afterMisspelt).toBe(1);
    // Few matches expected: the typed words' page is read with them; none when a word finds nothing.
    expect(calls.found.page?.length).toBeGreaterThan(0);
    expect(calls.misspelt.page).toBeNull();
  });

  it('responds to a corrected search in 3 SQL statements, before its count, and in 2 in Best match when few lists match', async () => {
    // The typed words' first page is read before any count (decision 054). In Newest: the typed
    // words' page (which reads no list: "campng" can find none), the correction, the corrected page.
    // In Best match: its words, which find nothing, with their correction in the same statement,
    // then the corrected tiers: in one named statement when the planner expects the corrected words
    // to match few lists, else in up to two, as a typed search's are. (Each a search whose page is
    // not cached: the correction's page, which its misspellings share, has expired since the last.)
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    for (const [order, typed, expected, count] of [
      ['best', 'campng', null, 2],
      ['best', 'campinng', NAMED_PAGE_EXPECTED_MATCHES + 1, 3],
      ['newest', 'campng', null, 3],
    ] as const) {
      vi.setSystemTime(Date.now() + SEARCH_PAGE_MS + 1);
      await plannerExpects(t.db, expected);
      statements.length = 0;
      expect(await browse(`?q=${typed}&order=${order}`)).toMatchObject({ searchedFor: 'camping', total: 2 });
      expect(statements, order).toHaveLength(count);
      expect(statements.filter((statement) => /^\s*with found as/.test(statement))).toEqual([]);
      const corrections = statements.filter((statement) => /ticklist_correct_terms/.test(statement));
      expect(corrections, order).toHaveLength(1);
      expect(statements.indexOf(corrections[0]!), order).toBe(order === 'best' ? 0 : 1);
    }
  });
});

describe('keyset paging', () => {
  beforeAll(async () => {
    await addWalrusLists(t.db);
  });

  it('reads a deep page in as many statements as the first', async () => {
    statements.length = 0;
    const first = await browse('?tag=walrus&order=most-liked');
    const firstCount = statements.length;
    const second = await browse(`?tag=walrus&order=most-liked&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(statements.length - firstCount).toBe(firstCount);
    expect(firstCount).toBeLessThanOrEqual(3);
    expect(second.page).toBe(0);
    expect(second.checklists[0]!.id).not.toBe(first.checklists[0]!.id);
  });
});

describe('every public list, without a filter', () => {
  it('is one statement, its count read with its page, and a page past the last list counts apart', async () => {
    const owner = await createUser(t.db, { username: 'unfiltered_owner' });
    await insertNumberedLists(t.db, owner.id, 'Unfiltered public', 13);
    await makeChecklist(t.db, owner.id, { title: 'Unfiltered private', isPublic: false });
    const [counted] = await rows<{ public_lists: number }>(
      sql`select count(*)::int as public_lists from checklists where is_public`,
    );
    const publicCount = counted!.public_lists;
    for (const order of ['newest', 'most-used', 'most-liked']) {
      statements.length = 0;
      const page = await browse(`?order=${order}`);
      expect(page, order).toMatchObject({ total: publicCount, totalCapped: false });
      expect(statements, order).toHaveLength(1);
      const next = await browse(`?order=${order}&cursor=${encodeURIComponent(page.nextCursor!)}`);
      expect(next, order).toMatchObject({ total: publicCount });
      expect(statements, order).toHaveLength(2);
    }
    statements.length = 0;
    const pastTheEnd = await browse(`?order=newest&page=${Math.ceil(publicCount / 12) + 1}`);
    expect(pastTheEnd).toMatchObject({ total: publicCount, checklists: [], hasMore: false });
    expect(statements).toHaveLength(2);
  });
});

describe('how far a search is counted', () => {
  it('to the cap, and further only for Most Used and Most Liked without a tag, whose rule needs more', async () => {
    const seen: string[] = [];
    const { db } = await createTestDatabase({ onQuery: (query) => seen.push(query) });
    const app = await createTestApp({ db });
    const owner = await createUser(db);
    await insertNumberedLists(db, owner.id, 'Heron pond', SEARCH_COUNT_CAP + 10);
    await makeChecklist(db, owner.id, { title: 'Heron pond tagged', tags: ['wetland'] });
    /** How far the search's count went, if the request counted (the limit is written in its text). */
    const countedTo = async (query: string) => {
      seen.length = 0;
      const response = await app.agent().request(`/api/checklists/count${query}`);
      const count = searchCountSchema.parse(await response.json());
      expect(count).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
      const counts = seen.filter((statement) => /^\s*with found as/.test(statement));
      expect(counts.length).toBeLessThanOrEqual(1);
      return counts[0]?.match(/limit (\d+)\) m\) as n\)/)?.[1] ?? null;
    };
    expect(await countedTo('?q=heron&order=newest')).toBe(String(SEARCH_COUNT_CAP + 1));
    expect(await countedTo('?q=heron&order=best')).toBeNull();
    // Counted again, further, and cached for every order.
    expect(await countedTo('?q=heron&order=most-liked')).toBe(String(SPARSE_COUNT_LIMIT + 1));
    expect(await countedTo('?q=heron&order=most-used')).toBeNull();
    expect(await countedTo('?q=heron&order=newest')).toBeNull();
    // With a tag every order walks the same way: the cap is enough.
    await db.execute(sql`
      update checklists set tag_keys = array['wetland'] where title like 'Heron pond %'`);
    expect(await countedTo('?q=heron&order=most-liked&tag=wetland')).toBe(String(SEARCH_COUNT_CAP + 1));
    // Best match of more matches than the cap, none in a title, so that its first two tiers do not
    // fill a page: cached with its count, then out of date when its count, cached before it, is too
    // old. The page is read again before its count (decision 054), planned with its words when the
    // planner expects many matches: the cached page's statement and the words' take two, so the
    // tiers are read in one statement, not two.
    await db.execute(sql`
      insert into checklists (title, description, author_id, created_at)
      select 'Marsh ' || g, 'A walk through the reedbed', ${owner.id}, now() - make_interval(mins => g)
      from generate_series(1, ${SEARCH_COUNT_CAP + 10}) g`);
    await plannerExpects(db, NAMED_PAGE_EXPECTED_MATCHES + 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      await app.agent().request('/api/checklists/count?q=reedbed&order=newest');
      vi.setSystemTime(start + SEARCH_COUNT_MS / 2);
      const cached = browsePageSchema.parse(
        await (await app.agent().request('/api/checklists?q=reedbed&order=best')).json(),
      );
      expect(cached).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
      await db.execute(sql`update checklists set title = title where false`);
      vi.setSystemTime(start + SEARCH_COUNT_MS + 1);
      seen.length = 0;
      const page = browsePageSchema.parse(
        await (await app.agent().request('/api/checklists?q=reedbed&order=best')).json(),
      );
      expect(page).toMatchObject({ total: null, hasMore: true });
      expect(page.checklists).toHaveLength(12);
      expect(page.checklists.map((card) => card.id)).toEqual(cached.checklists.map((card) => card.id));
      expect(seen.filter((statement) => /\) now\s+left join/.test(statement))).toHaveLength(1);
      expect(seen.filter((statement) => /^\s*with found as/.test(statement))).toHaveLength(0);
      const tiers = seen.filter((statement) => /union all/.test(statement) && !statement.includes('reads_page'));
      expect(tiers).toHaveLength(1);
      expect(seen).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('pages prepared once per connection (decision 033)', () => {
  it('names the pages whose best plan is the same whatever the words, which PostgreSQL then plans once; others are planned with their values', async () => {
    // One connection, so what it has prepared is what every request used.
    const { db } = await createTestDatabase({ max: 1 });
    const app = await createTestApp({ db });
    const owner = await createUser(db);
    // "lantern" in more lists than the count's cap; "firefly" in three (read along the order's
    // index), "glowworm" in fourteen (gathered from the word index first in Most Liked; a first page
    // of so few comes with its count, so its second page shows the gather).
    await insertNumberedLists(db, owner.id, 'Lantern walk', SEARCH_COUNT_CAP + 10);
    for (let index = 0; index < 3; index++) {
      await makeChecklist(db, owner.id, { title: `Firefly meadow ${index}`, tags: ['night'] });
    }
    for (let index = 0; index < 14; index++) await makeChecklist(db, owner.id, { title: `Glowworm cave ${index}` });
    // "lamp" on most lists (walked), "night" on three (gathered).
    await db.execute(
      sql`insert into checklist_tags (checklist_id, tag, position) select id, 'Lamp', 1 from checklists where title like 'Lantern walk %'`,
    );
    const visitor = app.agent();
    const pages = [
      '?order=most-liked',
      '?order=most-used&tag=lamp',
      '?order=newest&tag=night',
      '?order=newest&q=lantern',
      // Counted first, so that its page is read knowing its count (decision 054).
      '/count?order=most-used&q=walk&tag=night',
      '?order=most-used&q=walk&tag=night',
      '?order=newest&q=firefly',
      '?order=newest&q=glowworm',
      '?order=best&q=firefly',
      // Counted first too: a page read before its count plans its tiers with their values.
      '/count?order=best&q=glowworm',
      '?order=best&q=glowworm',
      '?order=best&q=lantern',
    ];
    // A walk after a cursor: its generic plan's estimate is above the plans made for the values.
    const first = (await (await visitor.request('/api/checklists?order=most-used&q=lantern')).json()) as {
      nextCursor: string;
    };
    pages.push(`?order=most-used&q=lantern&cursor=${encodeURIComponent(first.nextCursor)}`);
    const glowworms = (await (await visitor.request('/api/checklists?order=most-liked&q=glowworm')).json()) as {
      nextCursor: string;
    };
    pages.push(`?order=most-liked&q=glowworm&cursor=${encodeURIComponent(glowworms.nextCursor)}`);
    for (let run = 0; run < 8; run++) {
      for (const page of pages) expect((await visitor.request(`/api/checklists${page}`)).status).toBe(200);
      // A change no list's matches see, so that no page is read from what was cached (decision 041).
      await db.execute(sql`update checklists set title = title where false`);
    }
    // Named statements run on connections of their own (decision 038); this one reads its own.
    const prepared = {
      rows: (
        await executeNamed<{ statement: string; generic_plans: number; custom_plans: number }>(
          db,
          sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
              where from_sql = false and statement like '%with picked as%'`,
        )
      ).filter((row) => !row.statement.includes('pg_prepared_statements')),
    };
    // A named statement keeps its generic plan: it is never planned again for its values, which
    // PostgreSQL would otherwise do for a walk after a cursor (decision 038).
    expect(prepared.rows.length).toBeGreaterThan(0);
    for (const statement of prepared.rows) expect(statement.custom_plans).toBe(0);
    const named = (pattern: RegExp) => prepared.rows.filter((row) => pattern.test(row.statement));
    const walks = prepared.rows.filter((row) => !/matching as materialized|union all/.test(row.statement));
    const unfiltered = walks.filter((row) => /order by c\.likes_count desc/.test(row.statement));
    const searched = walks.filter((row) => /order by c\.created_at desc/.test(row.statement));
    for (const statement of [unfiltered, searched]) {
      expect(statement).toHaveLength(1);
      // Run with the generic plan: not planned again for each request.
      expect(statement[0]!.generic_plans).toBeGreaterThan(0);
    }
    expect(searched[0]!.statement).toMatch(/coalesce\(c\.search_vector @@ \(select ticklist_search_query/);
    // A tag's page without words is named either way (decision 037). A common tag's walks the
    // order's index, its tag checked in a form no index answers, so the plan walks whatever the tag.
    const tagWalks = walks.filter((row) => /tag_keys @>/.test(row.statement));
    expect(tagWalks).toHaveLength(1);
    expect(tagWalks[0]!.statement).toMatch(/coalesce\(c\.tag_keys @> array\[lower\(\$1\)\], false\)/);
    expect(tagWalks[0]!.statement).toMatch(/order by c\.uses_count desc/);
    expect(tagWalks[0]!.generic_plans).toBeGreaterThan(0);
    // Not a search with a tag, nor the few matches' that are not sparse (newest too, but planned
    // with their words: the one newest-first walk above is lantern's).
    expect(walks.filter((row) => /search_vector @@ ticklist_search_query/.test(row.statement))).toEqual([]);
    // The gathers of sparse searches ("glowworm"; "walk" with the tag, which no list has) and of a
    // rare tag: their matches read from the word or tag index and sorted, whatever the words or the
    // tag (decisions 036 and 037).
    const gathered = named(/matching as materialized/);
    const hasWords = (row: { statement: string }) =>
      /c\.search_vector @@ \(select ticklist_search_query/.test(row.statement);
    expect(gathered.map((row) => [hasWords(row), /tag_keys @>/.test(row.statement)]).sort()).toEqual([
      [false, true],
      [true, false],
      [true, true],
    ]);
    for (const statement of gathered) expect(statement.generic_plans).toBeGreaterThan(0);
    // Best match of few matches, whatever the words, is one statement planned once (decision 036);
    // of more than the cap ("lantern"), its tiers are planned with their values.
    const bestMatch = named(/union all/);
    expect(bestMatch).toHaveLength(1);
    expect(bestMatch[0]!.generic_plans).toBeGreaterThan(0);
    expect(bestMatch[0]!.statement).toMatch(/with words as materialized/);
    // The words Best match's tiers are planned with ("lantern", read before its count) are read by
    // a statement of their own, the same for every search: planned once too.
    const words = await executeNamed<{ generic_plans: number; custom_plans: number }>(
      db,
      sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
          where from_sql = false and statement ~ '^select\\s+ticklist_search_query.* as whole,.* as prefix$'`,
    );
    expect(words).toHaveLength(1);
    expect(words[0]!.generic_plans).toBeGreaterThan(0);
    // A misspelt word's correction, in Newest in a statement of its own, and in Best match with the
    // typed words' statement (and the corrected words' queries): the same for every search, planned
    // once.
    for (const order of ['newest', 'best']) {
      const page = await (await visitor.request(`/api/checklists?order=${order}&q=lantrn`)).json();
      expect(page).toMatchObject({ searchedFor: 'lantern' });
    }
    const corrections = await executeNamed<{ generic_plans: number; custom_plans: number }>(
      db,
      sql`select generic_plans::int, custom_plans::int from pg_prepared_statements
          where from_sql = false and statement ~ 'ticklist_correct_terms' and statement !~ 'pg_prepared_statements'`,
    );
    expect(corrections).toHaveLength(2);
    for (const correction of corrections) expect(correction).toMatchObject({ custom_plans: 0 });
    for (const correction of corrections) expect(correction.generic_plans).toBeGreaterThan(0);
  });
});
