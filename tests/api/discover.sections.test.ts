import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discoverCardsSchema, discoverSchema } from '../../src/domain/discover/assembly';
import { checklists } from '../../src/server/db/schema';
import type { CreatedUser } from '../../src/server/seed/factories';
import { daysAgo, minutesAgo, titles, useDiscoverApp } from '../setup/discover';
import { isSessionLookup } from '../setup/dashboard';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

let t: TestApp;
let me: CreatedUser;
let other: CreatedUser;
let meAgent: Agent;
let statements: string[] = [];
const { makeList, makeRecent, getJson, discover } = useDiscoverApp(
  (app) => ({ t, me, other, meAgent } = app),
  (query) => statements.push(query),
);

describe('trending', () => {
  it('lists public lists by uses, most first, newest first on a tie, 10 by default', async () => {
    await makeList('Private hit', { isPublic: false, uses: 100 });
    await makeList('Used 9', { uses: 9, createdAt: daysAgo(5) });
    await makeList('Used 7 older', { uses: 7, createdAt: daysAgo(4) });
    await makeList('Used 7 newer', { uses: 7, createdAt: daysAgo(3) });
    await makeList('Used 1', { uses: 1, createdAt: daysAgo(6) });
    await makeRecent('Unused', 10);
    const { checklists: cards } = discoverCardsSchema.parse(await getJson('/api/discover/trending'));
    expect(cards).toHaveLength(10);
    expect(titles(cards).slice(0, 5)).toEqual(['Used 9', 'Used 7 newer', 'Used 7 older', 'Used 1', 'Unused1']);
    expect(titles(cards)).not.toContain('Private hit');
  });

  it('takes a limit of 1 to 50 and refuses anything else', async () => {
    await makeList('Used 2', { uses: 2 });
    await makeList('Used 1', { uses: 1 });
    await makeRecent('Unused', 12);
    const trending = async (query: string) =>
      titles(discoverCardsSchema.parse(await getJson(`/api/discover/trending${query}`)).checklists);
    expect(await trending('?limit=1')).toEqual(['Used 2']);
    expect(await trending('?limit=2')).toEqual(['Used 2', 'Used 1']);
    expect(await trending('?limit=50')).toHaveLength(14);
    for (const limit of ['0', '51', 'ten', '2.5', '']) {
      const response = await t.agent().request(`/api/discover/trending?limit=${limit}`);
      expect(response.status, `limit=${limit}`).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_input' });
    }
  });
});

describe('GET /api/discover: the page’s sections assembled', () => {
  /** L1 (newest, least used) to L8 (oldest, most used). */
  const makeEight = async () => {
    for (let index = 1; index <= 8; index++) {
      await makeList(`L${index}`, { createdAt: minutesAgo(index), uses: index, author: index === 1 ? me : other });
    }
  };

  it('fills Suggestions with the first 3 and Trending with the next 3 of suggestions then trending', async () => {
    await makeEight();
    // Visitor: suggestions L1..L5, trending L8, L7, L6...
    const visitor = await discover();
    expect(titles(visitor.suggestions)).toEqual(['L1', 'L2', 'L3']);
    expect(titles(visitor.trending)).toEqual(['L4', 'L5', 'L8']);
    // Signed in as L1's author: suggestions L2..L6, trending L8, L7, L6...
    const signedIn = await discover(meAgent);
    expect(titles(signedIn.suggestions)).toEqual(['L2', 'L3', 'L4']);
    expect(titles(signedIn.trending)).toEqual(['L5', 'L6', 'L8']);
  });

  it('shows the same first 3 in both sections with 3 to 5 lists, and all of them with fewer', async () => {
    await makeRecent('R', 4);
    const four = await discover();
    expect(titles(four.suggestions)).toEqual(['R1', 'R2', 'R3']);
    expect(titles(four.trending)).toEqual(['R1', 'R2', 'R3']);
    await t.db.delete(checklists).where(eq(checklists.title, 'R3'));
    await t.db.delete(checklists).where(eq(checklists.title, 'R4'));
    // Two lists: too few to suggest, but trending still has them.
    const two = await discover();
    expect(titles(two.suggestions)).toEqual(['R1', 'R2']);
    expect(titles(two.trending)).toEqual(['R1', 'R2']);
    await t.db.delete(checklists);
    expect(await discover()).toMatchObject({ suggestions: [], trending: [], isSampleStaffPicks: true });
  });

  it('costs three SQL statements for a visitor, however many lists there are', async () => {
    await makeEight();
    statements = [];
    await discover();
    expect(statements).toHaveLength(3);
  });

  it('is read once for every visitor while it is cached, and its shared sections for everyone signed in', async () => {
    await makeEight();
    const cached = await createTestApp({ db: t.db, discoverCacheTtlMs: 60_000 });
    const visitor = async () => discoverSchema.parse(await (await cached.agent().request('/api/discover')).json());
    const asMe = await signedInAgent(cached, me);
    const signedIn = async () => discoverSchema.parse(await (await asMe.request('/api/discover')).json());

    const first = await visitor();
    statements = [];
    expect(await visitor()).toEqual(first);
    expect(statements).toHaveLength(0);
    // Signed in: the user's own suggestions, read each time, beside the cached trending and picks.
    const mine = await signedIn();
    statements = [];
    expect(await signedIn()).toEqual(mine);
    expect(statements.filter((query) => !isSessionLookup(query))).toHaveLength(1);

    // A list made meanwhile is in neither cached response until it is read again: a new app process.
    await makeList('Newest', { createdAt: minutesAgo(0), uses: 100 });
    expect(await visitor()).toEqual(first);
    const fresh = await createTestApp({ db: t.db, discoverCacheTtlMs: 60_000 });
    const again = discoverSchema.parse(await (await fresh.agent().request('/api/discover')).json());
    expect(titles([...again.suggestions, ...again.trending])).toContain('Newest');
  });
});

describe('who may call what', () => {
  it.each([
    ['/api/discover', 200, 200],
    ['/api/discover/suggestions', 401, 200],
    ['/api/discover/trending', 200, 200],
    ['/api/discover/trending?limit=3', 200, 200],
  ])('%s: visitor %i, signed in %i', async (url, visitorStatus, signedInStatus) => {
    const asVisitor = await t.agent().request(url);
    expect(asVisitor.status).toBe(visitorStatus);
    if (visitorStatus === 401) expect(await asVisitor.json()).toMatchObject({ code: 'unauthorized' });
    expect((await meAgent.request(url)).status).toBe(signedInStatus);
  });

  it('documents the three endpoints in the OpenAPI document', async () => {
    const document = await getJson('/api/openapi.json');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/discover', '/api/discover/suggestions', '/api/discover/trending']),
    );
  });
});
