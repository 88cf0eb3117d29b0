import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH, searchCountMessages, type BrowsePage } from '../../src/domain/checklists/browse';
import { VISITOR_CACHE_CONTROL } from '../../src/server/security/no-store';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { makeChecklist } from '../../src/server/seed/factories';
import { addWordFormLists, daysAgo, insertNumberedLists, setUpBrowseTests, titles } from '../setup/browse-fixtures';
import { signedInAgent } from '../setup/sign-in';

// A search's first page sent before its count, and the count asked for apart (decision 054).

const { t, author, statements, browse, countOf } = setUpBrowseTests();

/** The statements that counted a search's matches. */
const counted = () => statements.filter((statement) => /^\s*with found as/.test(statement));

beforeAll(async () => {
  // 30 "Kestrel" lists, a minute apart; 5 "Merlin" lists; "Peregrine" on 20 lists tagged "Falcon".
  await insertNumberedLists(t.db, author.id, 'Kestrel survey', 30);
  for (let index = 0; index < 5; index++) {
    await makeChecklist(t.db, author.id, { title: `Merlin roost ${index}`, createdAt: daysAgo(index) });
  }
  for (let index = 0; index < 20; index++) {
    await makeChecklist(t.db, author.id, { title: `Peregrine ledge ${index}`, tags: ['Falcon'] });
  }
  await addWordFormLists(t.db, author);
});

describe('a new search’s first page', () => {
  it('is sent without its count, which the count request gives; the page read again comes with it', async () => {
    // Words of their own for each order: a count is cached for its words whatever the order.
    const words = { best: 'survey', newest: 'surve', 'most-used': 'surv', 'most-liked': 'sur' };
    for (const [order, word] of Object.entries(words)) {
      const query = `?q=kestrel%20${word}&order=${order}`;
      statements.length = 0;
      const first = await browse(query);
      expect(first, order).toMatchObject({ total: null, totalCapped: false, searchedFor: null, hasMore: true });
      expect(first.checklists, order).toHaveLength(12);
      expect(counted(), order).toEqual([]);
      expect(await countOf(query)).toEqual({ total: 30, totalCapped: false, searchedFor: null });
      statements.length = 0;
      expect(await browse(query), order).toMatchObject({ total: 30, totalCapped: false, checklists: first.checklists });
      expect(counted(), order).toEqual([]);
    }
  });

  it('that holds every match comes with their count, without counting', async () => {
    statements.length = 0;
    const page = await browse('?q=merlin');
    expect(page).toMatchObject({ total: 5, totalCapped: false, hasMore: false, nextCursor: null });
    expect(counted()).toEqual([]);
  });

  it('of a search counted before comes with its count', async () => {
    await countOf('?q=peregrine&order=newest');
    statements.length = 0;
    expect(await browse('?q=peregrine&order=newest')).toMatchObject({ total: 20, totalCapped: false });
    expect(counted()).toEqual([]);
  });

  it('of a tag, or of every list, comes with its count', async () => {
    expect(await browse('?tag=falcon')).toMatchObject({ total: 20, totalCapped: false });
    const all = await browse('');
    expect(all.total).toBeGreaterThanOrEqual(61);
  });

  it('of words that find nothing is the page of the nearest words that find lists, naming them, as the count does', async () => {
    const page = await browse('?q=campng');
    expect(page).toMatchObject({ total: 2, searchedFor: 'camping' });
    expect(titles(page)).toEqual(['Camping trip', 'Base camp']);
    expect(await browse('?q=zzzzqqqq&order=newest')).toMatchObject({ total: 0, searchedFor: null, checklists: [] });
    expect(await countOf('?q=campng')).toEqual({ total: 2, totalCapped: false, searchedFor: 'camping' });
  });
});

describe('Load more after a first page sent without its count', () => {
  /** Every page of a search after its first, with the count each came with. */
  async function laterPages(first: BrowsePage, query: string) {
    const pages: BrowsePage[] = [];
    let cursor = first.nextCursor;
    while (cursor && pages.length < 10) {
      const page = await browse(`${query}&cursor=${encodeURIComponent(cursor)}`);
      pages.push(page);
      cursor = page.nextCursor;
    }
    return pages;
  }

  it('pages on with the count asked for meanwhile, read from the cache', async () => {
    const words = { best: 'kestrel%20su', newest: 'kestrel%20s', 'most-liked': 'kestrel' };
    for (const [order, q] of Object.entries(words)) {
      const query = `?q=${q}&order=${order}`;
      const first = await browse(query);
      expect(first.total, order).toBeNull();
      expect(await countOf(query)).toMatchObject({ total: 30 });
      statements.length = 0;
      const pages = await laterPages(first, query);
      expect(counted(), order).toEqual([]);
      expect(pages.map((page) => page.total)).toEqual([30, 30]);
      const shown = [first, ...pages].flatMap(titles);
      expect(new Set(shown).size).toBe(30);
    }
  });

  it('counts, as a first page does, when the count has not been asked for', async () => {
    const query = '?q=kestrel%20k&order=most-used';
    const first = await browse(query);
    expect(first.total).toBeNull();
    statements.length = 0;
    const pages = await laterPages(first, query);
    expect(counted()).toHaveLength(1);
    expect(pages.map((page) => page.total)).toEqual([30, 30]);
    expect(new Set([first, ...pages].flatMap(titles)).size).toBe(30);
  });
});

describe('the count request', () => {
  it('counts public lists only, for anyone, and a visitor’s response may be cached', async () => {
    await makeChecklist(t.db, author.id, { title: 'Kestrel private notes', visibility: 'private' });
    await makeChecklist(t.db, author.id, { title: 'Kestrel unlisted notes', visibility: 'unlisted' });
    const response = await t.agent().request('/api/checklists/count?q=kestrel%20notes');
    expect(response.headers.get('Cache-Control')).toBe(VISITOR_CACHE_CONTROL);
    expect(await response.json()).toEqual({ total: 0, totalCapped: false, searchedFor: null });
    const asAuthor = await signedInAgent(t, author);
    const own = await asAuthor.request('/api/checklists/count?q=kestrel%20notes');
    expect(own.headers.get('Cache-Control')).toContain('no-store');
    expect(await own.json()).toMatchObject({ total: 0 });
  });

  it('says the count passed the cap', async () => {
    const many = await makeChecklist(t.db, author.id, { title: 'Harrier 0' });
    await t.db.execute(sql`
      insert into checklists (title, author_id, created_at)
      select 'Harrier ' || g, author_id, created_at from checklists, generate_series(1, 1005) g
      where id = ${many.id}`);
    expect(await countOf('?q=harrier')).toEqual({ total: 1000, totalCapped: true, searchedFor: null });
  });

  it('refuses what Browse would not send, with the reason', async () => {
    const cases: [string, string][] = [
      ['', searchCountMessages.noWords],
      ['?q=', searchCountMessages.noWords],
      ['?q=%20!!%20', searchCountMessages.noWords],
      [`?q=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}`, searchCountMessages.tooLong],
      [`?q=kestrel&tag=${'t'.repeat(31)}`, searchCountMessages.tagTooLong],
      ['?q=kestrel&order=loudest', searchCountMessages.order],
    ];
    for (const [query, message] of cases) {
      const response = await t.agent().request(`/api/checklists/count${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json(), query).toMatchObject({ message, code: 'invalid_input' });
    }
  });

  it('is rate-limited per address: 429 with Retry-After past the limit', async () => {
    await t.db.execute(sql`insert into rate_limits (key, window_start, count)
      values (${rateKey('searchCountsPerIp', '10.82.0.1')}, now(), ${rateRules.searchCountsPerIp.max - 1})`);
    const ask = (ip: string) => t.agent().request('/api/checklists/count?q=kestrel', { ip });
    expect((await ask('10.82.0.1')).status).toBe(200);
    const refused = await ask('10.82.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused.json()).code).toBe('rate_limited');
    // Another address is not held back.
    expect((await ask('10.82.0.2')).status).toBe(200);
  });
});
