import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BrowsePage } from '../../src/domain/checklists/browse';
import { browseQuerySchema } from '../../src/domain/checklists/browse';
import {
  browseChecklists,
  COUNTED_ORDER_PAGE_MS,
  createBrowseCursors,
  createSearchCounts,
  createSearchPages,
  SEARCH_PAGE_MS,
  type Count,
} from '../../src/server/browse/browse.queries';
import { pageCacheKey } from '../../src/server/browse/search-page-cache';
import { checklistLikes } from '../../src/server/db/schema';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { daysAgo, setUpBrowseTests, titles } from '../setup/browse-fixtures';
import { signedInAgent } from '../setup/sign-in';
import type { Agent } from '../setup/test-app';

// A search's or a tag's page cached by the process, and read again by its lists' ids while nothing
// it can find has changed (decision 041).

const { t, author, statements, browse, countOf, rows } = setUpBrowseTests();

describe('a search’s page asked for again (decision 041)', () => {
  let asAuthor: Agent;
  const bittern: Record<string, string> = {};
  beforeAll(async () => {
    asAuthor = await signedInAgent(t, author);
    for (let index = 0; index < 15; index++) {
      const list = await makeChecklist(t.db, author.id, {
        title: `Bittern walk ${index}`,
        createdAt: daysAgo(200 + index),
      });
      bittern[`walk ${index}`] = list.id;
    }
    bittern.item = (
      await makeChecklist(t.db, author.id, { title: 'Pond day', items: ['Spot a bittern'], createdAt: daysAgo(150) })
    ).id;
  });
  /** The statements that read a cached page's cards, and those that read a page afresh. */
  const cachedReads = () => statements.filter((statement) => /^\s*select .* from \(select .*\) now/s.test(statement));
  // A page read afresh: its own statement (its cards joined, or read by ticklist_cards when it is
  // planned with its words), Best match's first statement of its words (which reads the page when
  // few matches are expected, as for these 16 lists), or its count's, which reads a listing order's
  // first page.
  const isPageRead = (statement: string) =>
    /^\s*(with words as materialized|with picked as|with found as|with typed as materialized)/.test(statement) ||
    /from ticklist_cards\(/.test(statement);
  const pageReads = () => statements.filter(isPageRead);
  const ask = async (query: string) => {
    statements.length = 0;
    return browse(query);
  };
  const newestFirst = (query: string) => `${query}&order=newest`;
  // Best match is the default with words; every Bittern walk is a title match, so newest first there too.

  it('is read again by its lists’ ids, one statement, while no list it can find has changed', async () => {
    for (const query of ['?q=bittern&order=best', '?q=bittern&order=newest']) {
      const first = await ask(query);
      expect(pageReads().length, query).toBeGreaterThan(0);
      const again = await ask(query);
      expect(statements, query).toHaveLength(1);
      expect(cachedReads(), query).toHaveLength(1);
      expect(again, query).toEqual({ ...first, nextCursor: again.nextCursor });
      // Its cursor goes on where the first response's does.
      const next = await browse(`${query}&cursor=${encodeURIComponent(again.nextCursor!)}`);
      const nextFromFirst = await browse(`${query}&cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect(titles(next), query).toEqual(titles(nextFromFirst));
    }
    // The last page, cached too, says there is no more.
    const first = await browse('?q=bittern&order=newest');
    const lastPage = `?q=bittern&order=newest&cursor=${encodeURIComponent(first.nextCursor!)}`;
    await browse(lastPage);
    const last = await ask(lastPage);
    expect(cachedReads()).toHaveLength(1);
    expect(last).toMatchObject({ hasMore: false, nextCursor: null });
    expect(titles(last)).toEqual(['Bittern walk 11', 'Bittern walk 12', 'Bittern walk 13', 'Bittern walk 14']);
  });

  it('in a listing order, a search whose cached page is out of date reads its first page again, before its count', async () => {
    // Uses and likes that order the lists otherwise than by date.
    const fans = [await createUser(t.db), await createUser(t.db)];
    for (const [list, users] of [
      ['walk 7', fans],
      ['walk 11', fans.slice(0, 1)],
    ] as const) {
      for (const user of users)
        await t.db.insert(checklistLikes).values({ checklistId: bittern[list]!, userId: user.id });
    }
    for (const [list, users] of [
      ['walk 9', fans],
      ['walk 13', fans.slice(0, 1)],
    ] as const) {
      for (const user of users) {
        await t.db.execute(sql`
          insert into checklist_progress (checklist_id, user_id, completed_count) values (${bittern[list]!}, ${user.id}, 1)`);
      }
    }
    for (const [order, sortKey] of [
      ['newest', sql`created_at desc, id desc`],
      ['most-used', sql`uses_count desc, created_at desc, id desc`],
      ['most-liked', sql`likes_count desc, created_at desc, id desc`],
    ] as const) {
      // Kept, and then a change no search sees, so that neither the count nor the page holds.
      await ask(`?q=bittern&order=${order}`);
      await t.db.execute(sql`update checklists set title = title where false`);
      const page = await ask(`?q=bittern&order=${order}`);
      // The page cached before, found out of date; the page read afresh, with its cards; no count
      // (decision 054), which the count request then makes.
      expect(statements, order).toHaveLength(2);
      expect(cachedReads(), order).toHaveLength(1);
      expect(isPageRead(statements[1]!), order).toBe(true);
      expect(page.total, order).toBeNull();
      const expected = await rows<{ id: string }>(sql`
        select id from checklists where is_public and search_vector @@ ticklist_search_query(array['bittern'], true)
        order by ${sortKey}`);
      expect((await countOf(`?q=bittern&order=${order}`)).total, order).toBe(expected.length);
      const next = await browse(`?q=bittern&order=${order}&cursor=${encodeURIComponent(page.nextCursor!)}`);
      expect(next.total, order).toBe(expected.length);
      expect(
        [...page.checklists, ...next.checklists].map((card) => card.id),
        order,
      ).toEqual(expected.map((row) => row.id));
    }
  });

  it('shows each card as it is now: a like since is counted on the cached page', async () => {
    const before = (await ask('?q=bittern&order=newest')).checklists.find((card) => card.id === bittern['walk 0']);
    const fan = await createUser(t.db, { username: 'bittern_fan' });
    await t.db.insert(checklistLikes).values({ checklistId: bittern['walk 0']!, userId: fan.id });
    const after = (await ask('?q=bittern&order=newest')).checklists.find((card) => card.id === bittern['walk 0']);
    expect(cachedReads()).toHaveLength(1);
    expect(after!.likes).toBe(before!.likes + 1);
  });

  it('is read afresh after every change that can add or take away a list, at once', async () => {
    const listInput = (title: string) => ({
      title,
      description: 'By the river',
      items: ['Binoculars'],
      tags: [],
      estimatedTime: '1 hour',
      difficulty: 'easy',
    });
    let created = '';
    const changes: [string, () => Promise<Response>, (page: BrowsePage) => void][] = [
      [
        'a new list, first in Newest',
        async () => {
          const response = await asAuthor.post('/api/checklists', listInput('Bittern nest'));
          created = ((await response.clone().json()) as { id: string }).id;
          return response;
        },
        (page) => expect(page.checklists[0]!.id).toBe(created),
      ],
      [
        'a list made private',
        () =>
          asAuthor.request(`/api/checklists/${created}/visibility`, {
            method: 'PATCH',
            json: { visibility: 'private' },
          }),
        (page) => expect(page.checklists.map((card) => card.id)).not.toContain(created),
      ],
      [
        'a list made public again',
        () =>
          asAuthor.request(`/api/checklists/${created}/visibility`, {
            method: 'PATCH',
            json: { visibility: 'public' },
          }),
        (page) => expect(page.checklists[0]!.id).toBe(created),
      ],
      [
        'a list retitled without the word',
        () => asAuthor.request(`/api/checklists/${created}`, { method: 'PUT', json: listInput('Egret nest') }),
        (page) => expect(page.checklists.map((card) => card.id)).not.toContain(created),
      ],
      [
        'a list deleted',
        () => asAuthor.request(`/api/checklists/${bittern['walk 1']}`, { method: 'DELETE' }),
        (page) => expect(page.checklists.map((card) => card.id)).not.toContain(bittern['walk 1']),
      ],
    ];
    for (const [change, make, check] of changes) {
      await ask(newestFirst('?q=bittern'));
      await ask('?q=bittern');
      const response = await make();
      expect(response.status, `${change}: ${await response.clone().text()}`).toBeLessThan(300);
      for (const query of [newestFirst('?q=bittern'), '?q=bittern']) {
        const page = await ask(query);
        expect(pageReads().length, `${change}, ${query}`).toBeGreaterThan(0);
        // The cached page's statement, the count and the page: still at most three.
        expect(statements.length, `${change}, ${query}`).toBeLessThanOrEqual(3);
        check(page);
      }
    }
  });

  it('never shows a list made private, even when its change was numbered before the page was read', async () => {
    const page = await ask(newestFirst('?q=bittern'));
    const hidden = page.checklists[0]!.id;
    const [{ generation }] = (await rows<{ generation: string }>(
      sql`select last_value::text as generation from checklists_search_generation`,
    )) as [{ generation: string }];
    await t.db.execute(sql`update checklists set is_public = false where id = ${hidden}`);
    // As if the change had taken its number before the page was read and committed after.
    await t.db.execute(sql`select setval('checklists_search_generation', ${generation}::bigint)`);
    const again = await ask(newestFirst('?q=bittern'));
    expect(cachedReads()).toHaveLength(1);
    expect(again.checklists.map((card) => card.id)).not.toContain(hidden);
    expect(again.checklists).toHaveLength(page.checklists.length - 1);
    await t.db.execute(sql`update checklists set is_public = true where id = ${hidden}`);
  });

  it('caches a tag’s page too, and reads the tag’s count with its cards', async () => {
    for (let index = 0; index < 3; index++) {
      await makeChecklist(t.db, author.id, {
        title: `Reed bed ${index}`,
        tags: ['Marshland'],
        createdAt: daysAgo(300),
      });
    }
    for (const order of ['newest', 'most-liked']) {
      const first = await ask(`?tag=marshland&order=${order}`);
      expect(first.total).toBe(3);
      const again = await ask(`?tag=marshland&order=${order}`);
      expect(statements).toHaveLength(1);
      expect(cachedReads()).toHaveLength(1);
      expect(again).toEqual({ ...first, nextCursor: again.nextCursor });
    }
    const response = await asAuthor.post('/api/checklists', {
      title: 'Reed warbler',
      description: 'Listen first',
      items: ['Notebook'],
      tags: ['marshland'],
      estimatedTime: '1 hour',
      difficulty: 'easy',
    });
    expect(response.status).toBe(201);
    const after = await ask('?tag=marshland&order=newest');
    expect(pageReads().length).toBeGreaterThan(0);
    expect(after.total).toBe(4);
    expect(titles(after)[0]).toBe('Reed warbler');
  });

  it('serves misspellings of a word the corrected words’ cached page, which a search for the words shares, and the correction’s count', async () => {
    for (let index = 0; index < 3; index++) {
      await makeChecklist(t.db, author.id, { title: `Kingfisher perch ${index}`, createdAt: daysAgo(400 + index) });
    }
    const counted = () => statements.filter((statement) => /^\s*with found as/.test(statement));
    for (const [order, typos] of [
      ['best', ['kingfsiher', 'kingfiher', 'kinggfisher']],
      ['newest', ['kignfisher', 'kingfishr', 'kingfissher']],
    ] as const) {
      const first = await ask(`?q=${typos[0]}&order=${order}`);
      expect(first.searchedFor, order).toBe('kingfisher');
      expect(pageReads().length, order).toBeGreaterThan(0);
      // Another misspelling: the page of its own words, which finds nothing (Best match's statement
      // reads their correction too), and then the cached page's cards, no page of the correction.
      const second = await ask(`?q=${typos[1]}&order=${order}`);
      expect(pageReads(), order).toHaveLength(1);
      expect(cachedReads(), order).toHaveLength(1);
      expect(second, order).toEqual(first);
      // The words themselves: the same page, one statement.
      const typed = await ask(`?q=kingfisher&order=${order}`);
      expect(statements, order).toHaveLength(1);
      expect(titles(typed), order).toEqual(titles(first));
      // A list the search can find, added since: a misspelling asked for again reads the page afresh,
      // not the correction's cached page, which is out of date too (at most three statements in
      // Best match: the typed words' cached page found out of date, their words, the page);
      const added = `Kingfisher dive ${order}`;
      await makeChecklist(t.db, author.id, { title: added, createdAt: daysAgo(1) });
      const again = await ask(`?q=${typos[1]}&order=${order}`);
      expect(cachedReads(), order).toHaveLength(1);
      if (order === 'best') expect(statements).toHaveLength(3);
      expect(titles(again)[0], order).toBe(added);
      // and a new misspelling then takes that page.
      const third = await ask(`?q=${typos[2]}&order=${order}`);
      expect(cachedReads(), order).toHaveLength(1);
      expect(third.checklists, order).toEqual(again.checklists);
    }
    const count = await countOf('?q=kingfsiher');
    expect(count).toEqual({ total: 5, totalCapped: false, searchedFor: 'kingfisher' });
    statements.length = 0;
    // Another misspelling counts only its own words, which find nothing.
    expect(await countOf('?q=kignfisher')).toEqual(count);
    expect(counted()).toHaveLength(1);
  });

  it('never takes for a correction a cached page of the corrected words that stands for their own correction', async () => {
    for (let index = 0; index < 2; index++) {
      await makeChecklist(t.db, author.id, { title: `Avocet scrape ${index}`, createdAt: daysAgo(500 + index) });
    }
    const query = browseQuerySchema.parse({ q: 'avoccet', order: 'newest' });
    const [{ generation }] = (await rows<{ generation: string }>(sql`
      select (case when is_called then last_value else 0 end)::text as generation from checklists_search_generation`)) as [
      { generation: string },
    ];
    // A page of "avocet" as it would be cached had the word found nothing when it was read: the
    // page of its own correction (here, as it were, "bittern"), at the number of changes now.
    const pages = createSearchPages();
    const standIn = (await browse('?q=bittern&order=newest')).checklists.map((card) => card.id);
    pages.set(
      pageCacheKey({ ...query, q: 'avocet' }, ['avocet'], null),
      { ids: standIn, nextKey: null, generation, ttlMs: SEARCH_PAGE_MS, searchedFor: ['bittern'] },
      Date.now(),
    );
    const page = await browseChecklists(t.db, query, {
      cursors: createBrowseCursors('a test secret of some length'),
      counts: createSearchCounts<Count>(),
      pages,
    });
    expect(page.searchedFor).toBe('avocet');
    expect(titles(page)).toEqual(['Avocet scrape 0', 'Avocet scrape 1']);
  });

  it('in Most Used and Most Liked, whose order a like or a use moves, caches its order for 10 s only', async () => {
    const fan = await createUser(t.db, { username: 'bittern_liker' });
    await ask('?q=bittern&order=most-liked');
    const last = (await ask('?q=bittern&order=most-liked')).checklists.at(-1)!;
    expect(cachedReads()).toHaveLength(1);
    await t.db.insert(checklistLikes).values({ checklistId: last.id, userId: fan.id });
    const position = (page: BrowsePage) => page.checklists.findIndex((card) => card.id === last.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Within 10 s of its read: the cached order, with the like counted on the card.
      vi.setSystemTime(Date.now() + COUNTED_ORDER_PAGE_MS - 1_000);
      const cached = await ask('?q=bittern&order=most-liked');
      expect(cachedReads()).toHaveLength(1);
      expect(position(cached)).toBe(cached.checklists.length - 1);
      expect(cached.checklists.at(-1)!.likes).toBe(last.likes + 1);
      // After: read again, and the like has moved it up.
      vi.setSystemTime(Date.now() + 1_000);
      const moved = await ask('?q=bittern&order=most-liked');
      expect(cachedReads()).toEqual([]);
      expect(pageReads().length).toBeGreaterThan(0);
      expect(position(moved)).toBeLessThan(moved.checklists.length - 1);
      // Best match and Newest cache theirs for SEARCH_PAGE_MS, as long as a count: read afresh now,
      // then read from what was cached, and nothing else, until then.
      await t.db.execute(sql`update checklists set title = title where false`);
      await ask('?q=bittern&order=newest');
      expect(pageReads().length).toBeGreaterThan(0);
      vi.setSystemTime(Date.now() + SEARCH_PAGE_MS - 1);
      await ask('?q=bittern&order=newest');
      expect(statements).toHaveLength(1);
      expect(cachedReads()).toHaveLength(1);
      vi.setSystemTime(Date.now() + 1);
      await ask('?q=bittern&order=newest');
      expect(pageReads().length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
