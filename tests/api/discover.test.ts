import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChecklistCard } from '../../src/domain/checklists/browse';
import {
  discoverCardsSchema,
  discoverSchema,
  SAMPLE_STAFF_PICKS,
  type Discover,
} from '../../src/domain/discover/assembly';
import { checklists, staffPicks } from '../../src/server/db/schema';
import { staffPickedChecklists, suggestChecklists } from '../../src/server/discover/discover.queries';
import { parseStaffPickArgs, setStaffPick } from '../../src/server/discover/staff-picks.actions';
import { makeChecklist, createUser, type ChecklistSeed, type CreatedUser } from '../../src/server/seed/factories';
import { DEMO_STAFF_PICKS, seedDemoContent } from '../../src/server/seed/seed';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

let t: TestApp;
let databaseUrl: string;
let statements: string[] = [];
let me: CreatedUser;
let other: CreatedUser;
let meAgent: Agent;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const daysAgo = (days: number) => minutesAgo(days * 24 * 60);

beforeAll(async () => {
  const database = await createTestDatabase({ onQuery: (query) => statements.push(query) });
  databaseUrl = database.url;
  t = await createTestApp({ db: database.db });
  me = await createUser(t.db, { username: 'discover_me' });
  other = await createUser(t.db, { username: 'discover_other' });
  meAgent = await signedInAgent(t, me);
});

// Every test builds the lists it needs on an empty table: suggestions and trending read them all.
beforeEach(async () => {
  await t.db.delete(checklists);
});

type ListSeed = ChecklistSeed & {
  author?: CreatedUser;
  updatedAt?: Date;
  /** Counters are trigger-kept; set by hand they give the generated rating (decision 010). */
  likes?: number;
  uses?: number;
};

/** A list by `other` unless said otherwise; returns its id. */
async function makeList(title: string, seed: ListSeed = {}): Promise<string> {
  const { author = other, updatedAt, likes = 0, uses = 0, ...rest } = seed;
  const list = await makeChecklist(t.db, author.id, { title, ...rest });
  if (updatedAt || likes || uses) {
    await t.db
      .update(checklists)
      .set({ updatedAt: updatedAt ?? list.updatedAt, likesCount: likes, usesCount: uses })
      .where(eq(checklists.id, list.id));
  }
  return list.id;
}

/** Rated lists (created long ago, so only the rating source finds them): likes = uses = n. */
const RATED = { '4.9': 100, '4.8': 40, '4.6': 20, '4.3': 10, '4.2': 8, '4.0': 6, '3.9': 5, '3.6': 3 } as const;
async function makeRated(rating: keyof typeof RATED, daysOld = 200): Promise<string> {
  return makeList(`Rated ${rating}`, { createdAt: daysAgo(daysOld), likes: RATED[rating], uses: RATED[rating] });
}

/** Lists created and updated `1..count` minutes ago, named `${prefix}1` (newest) onwards. */
async function makeRecent(prefix: string, count: number, seed: ListSeed = {}): Promise<void> {
  for (let index = 1; index <= count; index++)
    await makeList(`${prefix}${index}`, { createdAt: minutesAgo(index), ...seed });
}

const titles = (cards: ChecklistCard[]) => cards.map((card) => card.title);
const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `${prefix}${from + index}`);

async function getJson(path: string, agent: Agent = t.agent()) {
  const response = await agent.request(path);
  expect(response.status, path).toBe(200);
  return response.json();
}
const signedInSuggestions = async () =>
  titles(discoverCardsSchema.parse(await getJson('/api/discover/suggestions', meAgent)).checklists);
const visitorSuggestions = async () => titles(await suggestChecklists(t.db, null));
const discover = async (agent?: Agent): Promise<Discover> =>
  discoverSchema.parse(await getJson('/api/discover', agent));

describe('suggestions (spec §7)', () => {
  it('leave out the user’s own lists and every private list; a visitor sees every public list', async () => {
    await makeRecent('Mine', 2, { author: me });
    await makeList('Hidden', { isPublic: false, createdAt: minutesAgo(3) });
    await makeList('Theirs1', { createdAt: minutesAgo(10) });
    await makeList('Theirs2', { createdAt: minutesAgo(20) });
    await makeList('Theirs3', { createdAt: minutesAgo(30) });
    expect(await signedInSuggestions()).toEqual(['Theirs1', 'Theirs2', 'Theirs3']);
    expect(await visitorSuggestions()).toEqual(['Mine1', 'Mine2', 'Theirs1', 'Theirs2', 'Theirs3']);
  });

  it('take at most 5 recently updated and 5 recently created, then the rated ones', async () => {
    // Recent1..7 lead both the updated and the created order; without the caps Recent6 and 7 would
    // push the rated lists out.
    await makeRecent('Recent', 7);
    for (const rating of ['4.3', '4.9', '4.6', '4.2', '4.8'] as const) await makeRated(rating);
    expect(await signedInSuggestions()).toEqual([
      ...range('Recent', 1, 5),
      'Rated 4.9',
      'Rated 4.8',
      'Rated 4.6',
      'Rated 4.3',
      'Rated 4.2',
    ]);
  });

  it('take the rated ones highest first, at most 5, and each list once', async () => {
    await makeRecent('Recent', 5);
    // Recent1 is also the best rated: found by three sources, it still counts once.
    await t.db.update(checklists).set({ likesCount: 100, usesCount: 100 }).where(eq(checklists.title, 'Recent1'));
    for (const rating of ['4.0', '4.8', '3.6', '4.2', '4.6', '4.3'] as const) await makeRated(rating);
    expect(await signedInSuggestions()).toEqual([
      ...range('Recent', 1, 5),
      'Rated 4.8',
      'Rated 4.6',
      'Rated 4.3',
      'Rated 4.2',
    ]);
  });

  it('take a rating of exactly 4 and nothing under it', async () => {
    await makeRecent('Recent', 5);
    await makeRated('3.9', 100);
    await makeRated('4.0', 200);
    expect(await signedInSuggestions()).toEqual([...range('Recent', 1, 5), 'Rated 4.0']);
  });

  it('are cut to 10, in source order: updated, then created, then rated', async () => {
    // Updated lately but created long ago; created lately but not updated since; rated.
    for (let index = 1; index <= 6; index++) {
      await makeList(`Updated${index}`, { createdAt: daysAgo(100 + index), updatedAt: minutesAgo(index) });
      await makeList(`Created${index}`, { createdAt: minutesAgo(60 * index) });
    }
    await makeRated('4.9');
    const suggested = await signedInSuggestions();
    expect(suggested).toEqual([...range('Updated', 1, 5), ...range('Created', 1, 5)]);
  });

  it('take only lists with a valid difficulty into “recently created”', async () => {
    for (let index = 1; index <= 5; index++) {
      await makeList(`Recent${index}`, { createdAt: minutesAgo(60 * index), updatedAt: minutesAgo(index) });
    }
    // The database refuses other difficulties (a CHECK); lift it here to prove the query's own rule.
    await t.db.execute(sql`alter table checklists drop constraint checklists_difficulty_values`);
    try {
      const odd = await makeList('Odd difficulty', { createdAt: minutesAgo(0), updatedAt: daysAgo(100) });
      await t.db.execute(sql`update checklists set difficulty = 'extreme' where id = ${odd}`);
      expect(await signedInSuggestions()).toEqual(range('Recent', 1, 5));
    } finally {
      await t.db.execute(sql`delete from checklists where difficulty not in ('easy', 'medium', 'hard')`);
      await t.db.execute(
        sql`alter table checklists add constraint checklists_difficulty_values check (difficulty in ('easy', 'medium', 'hard'))`,
      );
    }
  });

  it('are none under 3, and the top-up with the newest lists keeps to the same rules', async () => {
    // Plenty of lists in total, but only 2 that may be suggested to me: the newest-10 top-up must
    // not bring in my own or private lists to reach 3.
    await makeRecent('Mine', 5, { author: me });
    await makeRecent('Private', 3, { isPublic: false });
    await makeList('Theirs1', { createdAt: daysAgo(1) });
    await makeList('Theirs2', { createdAt: daysAgo(2) });
    expect(await signedInSuggestions()).toEqual([]);
    await makeList('Theirs3', { createdAt: daysAgo(3) });
    expect(await signedInSuggestions()).toEqual(['Theirs1', 'Theirs2', 'Theirs3']);
  });

  it('are read in one SQL statement, however many lists there are', async () => {
    await makeRecent('Recent', 3);
    statements = [];
    await suggestChecklists(t.db, me.id);
    expect(statements).toHaveLength(1);
    await makeRecent('More', 20, { tags: ['a', 'b'] });
    for (const rating of ['4.9', '4.8', '4.6', '4.3', '4.2'] as const) await makeRated(rating);
    statements = [];
    expect(await suggestChecklists(t.db, me.id)).toHaveLength(10);
    expect(statements).toHaveLength(1);
    statements = [];
    expect(await suggestChecklists(t.db, null)).toHaveLength(10);
    expect(statements).toHaveLength(1);
  });

  it('come as browse cards with author, tags and counts', async () => {
    await makeRecent('Recent', 2);
    await makeList('Tagged', { createdAt: minutesAgo(3), tags: ['camping', 'Outdoors'], items: ['a', 'b'], uses: 4 });
    const card = discoverCardsSchema
      .parse(await getJson('/api/discover/suggestions', meAgent))
      .checklists.find((entry) => entry.title === 'Tagged');
    expect(card).toMatchObject({
      author: 'discover_other',
      authorUsername: 'discover_other',
      tags: ['camping', 'Outdoors'],
      itemsCount: 2,
      uses: 4,
      difficulty: 'medium',
    });
  });
});

describe('trending (spec §7)', () => {
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

describe('staff picks', () => {
  const pick = (checklistId: string, pickedAt: Date) => t.db.insert(staffPicks).values({ checklistId, pickedAt });

  it('come from the staff_picks table, newest pick first, skipping private lists, 3 on Discover', async () => {
    const first = await makeList('Picked 4 days ago');
    const second = await makeList('Picked 1 day ago');
    const third = await makeList('Picked 2 days ago');
    const fourth = await makeList('Picked 3 days ago');
    const hidden = await makeList('Private pick', { isPublic: false });
    await makeList('Not picked', { uses: 50 });
    await pick(first, daysAgo(4));
    await pick(second, daysAgo(1));
    await pick(hidden, minutesAgo(1));
    await pick(third, daysAgo(2));
    await pick(fourth, daysAgo(3));
    const result = await discover();
    expect(result.isSampleStaffPicks).toBe(false);
    expect(titles(result.staffPicks)).toEqual(['Picked 1 day ago', 'Picked 2 days ago', 'Picked 3 days ago']);
    expect(titles(await staffPickedChecklists(t.db))).toEqual([
      'Picked 1 day ago',
      'Picked 2 days ago',
      'Picked 3 days ago',
      'Picked 4 days ago',
    ]);
  });

  it('are the built-in samples when none is flagged, or only private ones are', async () => {
    await makeList('Public');
    expect(await discover()).toMatchObject({ staffPicks: SAMPLE_STAFF_PICKS, isSampleStaffPicks: true });
    await pick(await makeList('Private pick', { isPublic: false }), new Date());
    expect(await discover()).toMatchObject({ staffPicks: SAMPLE_STAFF_PICKS, isSampleStaffPicks: true });
  });

  it('the demo seed flags 3 public demo lists', async () => {
    const { db } = await createTestDatabase();
    await seedDemoContent(db, pino({ level: 'silent' }));
    const picked = await staffPickedChecklists(db);
    expect(picked).toHaveLength(DEMO_STAFF_PICKS.length);
    expect(DEMO_STAFF_PICKS).toHaveLength(3);
  });
});

describe('GET /api/discover (spec §4 assembly)', () => {
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

  it('is read once for every visitor within the time it is kept, and its shared sections for everyone signed in', async () => {
    await makeEight();
    const kept = await createTestApp({ db: t.db, discoverCacheTtlMs: 60_000 });
    const visitor = async () => discoverSchema.parse(await (await kept.agent().request('/api/discover')).json());
    const asMe = await signedInAgent(kept, me);
    const signedIn = async () => discoverSchema.parse(await (await asMe.request('/api/discover')).json());

    const first = await visitor();
    statements = [];
    expect(await visitor()).toEqual(first);
    expect(statements).toHaveLength(0);
    // Signed in: the user's own suggestions, read each time, beside the kept trending and picks.
    const mine = await signedIn();
    statements = [];
    expect(await signedIn()).toEqual(mine);
    expect(statements.filter((query) => !/from "sessions"/.test(query))).toHaveLength(1);

    // A list made meanwhile is in neither kept answer until it is read again: a new app process.
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

describe('npm run staff-pick', () => {
  const isPicked = async (checklistId: string) =>
    (await t.db.select().from(staffPicks).where(eq(staffPicks.checklistId, checklistId))).length === 1;

  it('flags a public list, flags it again to put it first, and removes the flag', async () => {
    const id = await makeList('Good list');
    expect(await setStaffPick(t.db, id, true)).toEqual({
      ok: true,
      message: expect.stringContaining('is now a staff pick'),
    });
    expect(await isPicked(id)).toBe(true);
    await t.db
      .update(staffPicks)
      .set({ pickedAt: daysAgo(2) })
      .where(eq(staffPicks.checklistId, id));
    await t.db.insert(staffPicks).values({ checklistId: await makeList('Other pick'), pickedAt: daysAgo(1) });
    expect(titles(await staffPickedChecklists(t.db))).toEqual(['Other pick', 'Good list']);
    await setStaffPick(t.db, id, true);
    expect(titles(await staffPickedChecklists(t.db))).toEqual(['Good list', 'Other pick']);
    expect(await setStaffPick(t.db, id, false)).toEqual({ ok: true, message: expect.stringContaining('no longer') });
    expect(await isPicked(id)).toBe(false);
    expect(await setStaffPick(t.db, id, false)).toEqual({ ok: true, message: expect.stringContaining('was not') });
  });

  it('refuses a private list and an unknown id, changing nothing', async () => {
    const hidden = await makeList('Hidden', { isPublic: false });
    expect(await setStaffPick(t.db, hidden, true)).toEqual({
      ok: false,
      message: expect.stringContaining('not public'),
    });
    expect(await isPicked(hidden)).toBe(false);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect(await setStaffPick(t.db, id, true)).toEqual({ ok: false, message: `No checklist has the id ${id}.` });
      expect(await setStaffPick(t.db, id, false)).toMatchObject({ ok: false });
    }
  });

  it('reads one id and an optional --remove', () => {
    expect(parseStaffPickArgs(['abc'])).toEqual({ checklistId: 'abc', isPicked: true });
    expect(parseStaffPickArgs(['--remove', 'abc'])).toEqual({ checklistId: 'abc', isPicked: false });
    for (const args of [[], ['a', 'b'], ['abc', '--force'], ['--remove']]) expect(parseStaffPickArgs(args)).toBeNull();
  });

  it('runs as a command: exit 0 when flagged, non-zero with the reason when refused', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/staff-pick.ts', ...args], {
          // Vitest sets BASE_URL='/' (Vite's own variable); the command's configuration needs a real one.
          env: { ...process.env, DATABASE_URL: databaseUrl, BASE_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
    const id = await makeList('Command pick');
    const hidden = await makeList('Command private', { isPublic: false });
    const [flagged, refused, usage] = await Promise.all([run(id), run(hidden), run()]);
    expect(flagged).toMatchObject({ code: 0, stdout: expect.stringContaining('is now a staff pick') });
    expect(await isPicked(id)).toBe(true);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('is not public') });
    expect(await isPicked(hidden)).toBe(false);
    expect(usage).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run staff-pick') });
    expect(await run(id, '--remove')).toMatchObject({ code: 0, stdout: expect.stringContaining('no longer') });
    expect(await isPicked(id)).toBe(false);
  }, 60_000);
});
