import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browseQuerySchema, type BrowseCursor } from '../../src/domain/checklists/browse';
import { DASHBOARD_LIST_TABS } from '../../src/domain/dashboard/dashboard';
import { encodeCursor, pagingMessages } from '../../src/domain/paging';
import { seededRandom } from '../../scripts/bench/vocabulary';
import { createBrowseCursors } from '../../src/server/browse/browse.queries';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import {
  badCursorTexts,
  badKeys,
  badNewestFirstCursors,
  EDGE_TIMES,
  VALID_ID,
  VALID_TIME,
  type KeyPart,
} from '../setup/input-mutations';
import { capturedLog, LOG_LEVEL } from '../setup/captured-log';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, TEST_SECRET, type Agent, type TestApp } from '../setup/test-app';

// Every paged endpoint, sent cursors and times that are no real cursor or time: each is refused
// with 400, none reaches PostgreSQL as a cast that fails (a 500 and an error in the log). The
// cases are generated from a fixed seed (tests/setup/input-mutations.ts), so every run sends the
// same ones.

const SEED = 0x7ac1;
/** Random cases per kind on top of the fixed ones: enough to spread, few enough to stay quick. */
const RANDOM_CASES = 12;

const { lines, destination } = capturedLog();

let t: TestApp;
let owner: CreatedUser;
let asOwner: Agent;
let asVisitor: Agent;
let listId: string;
let groupId: string;
const browseCursors = createBrowseCursors(TEST_SECRET);
/** Only here, for the error handler's own test: a statement that casts whatever it is sent. */
const CAST_PATH = '/fuzz-only/cast';

beforeAll(async () => {
  t = await createTestApp({ logDestination: destination });
  // Routes are added before the app responds to its first request (the router is built then).
  t.app.get(CAST_PATH, async (c) => {
    const { value = '', type = 'timestamptz' } = c.req.query();
    const cast = { timestamptz: sql`${value}::timestamptz`, uuid: sql`${value}::uuid`, int: sql`${value}::int` };
    await t.db.execute(sql`select ${cast[type as keyof typeof cast] ?? cast.timestamptz} as value`);
    return c.text('cast');
  });
  owner = await createUser(t.db);
  asOwner = await signedInAgent(t, owner);
  asVisitor = t.agent();
  const author = await createUser(t.db);
  listId = (await makeChecklist(t.db, author.id, { title: 'Fuzzed' })).id;
  const group = await asOwner.post('/api/library/groups', { name: 'Fuzzed' });
  groupId = ((await group.json()) as { id: string }).id;
  expect((await asOwner.request(`/api/library/groups/${groupId}/checklists/${listId}`, { method: 'PUT' })).status).toBe(
    200,
  );
});

let firstLine = 0;
beforeEach(() => {
  firstLine = lines.length;
});
afterEach(() => {
  // A refused input is the client's mistake, never the server's: nothing is logged as an error.
  const errors = lines.slice(firstLine).filter((line) => line.level >= LOG_LEVEL.error);
  expect(errors).toEqual([]);
});

const q = encodeURIComponent;

/** The requests of `paths` whose response's status is not `expected`, as "status path". */
async function unexpectedAnswers(agent: Agent, paths: string[], expected: number): Promise<string[]> {
  const wrong: string[] = [];
  for (const path of paths) {
    const response = await agent.request(path);
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    const isRefusal = expected !== 400 || body?.code === 'invalid_input';
    if (response.status !== expected || !isRefusal) wrong.push(`${response.status} ${path.slice(0, 300)}`);
  }
  return wrong;
}

const commentsPath = (before: string) => `/api/checklists/${listId}/comments?before=${q(before)}`;
const dashboardPath = (tab: string, before: string) => `/api/dashboard/lists?tab=${tab}&before=${q(before)}`;
const groupPath = (cursor: string) => `/api/library/groups/${groupId}/checklists?cursor=${q(cursor)}`;
const myListsPath = (sort: string, filter: string, cursor: string) =>
  `/api/accounts/me/checklists?sort=${sort}&filter=${filter}&cursor=${q(cursor)}`;

/** My Lists' sorts, each with a filter (the cursor must name both) and its key's form. */
const MY_LIST_SORTS: { sort: string; filter: string; parts: KeyPart[] }[] = [
  { sort: 'newest', filter: 'all', parts: ['time', 'id'] },
  { sort: 'oldest', filter: 'public', parts: ['time', 'id'] },
  { sort: 'most-used', filter: 'private', parts: ['count', 'time', 'id'] },
  { sort: 'title', filter: 'unlisted', parts: ['text', 'time', 'id'] },
];
/** Browse's orders, with what their address must say for the signed cursor to be theirs. */
const BROWSE_ORDERS: { order: BrowseCursor['o']; search: string; parts: KeyPart[] }[] = [
  { order: 'newest', search: '', parts: ['time', 'id'] },
  { order: 'most-used', search: '', parts: ['count', 'time', 'id'] },
  { order: 'most-liked', search: '', parts: ['count', 'time', 'id'] },
  { order: 'best', search: 'fuzzed', parts: ['count', 'time', 'id'] },
];
const browsePath = (order: string, search: string, cursor: string) =>
  `/api/checklists?order=${order}${search ? `&q=${search}` : ''}&cursor=${q(cursor)}`;
/** A cursor this server signed (as a forger who had the secret would), holding whatever `key` is. */
function signedBrowseCursor(order: BrowseCursor['o'], search: string, key: unknown): string | null {
  const query = browseQuerySchema.parse({ order, q: search });
  return browseCursors.encode({ o: order, k: key } as BrowseCursor, query);
}

describe('the attacks that got a 500', () => {
  const refusedAsInvalidCursor = async (agent: Agent, path: string) => {
    const response = await agent.request(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: pagingMessages.invalidCursor, code: 'invalid_input' });
  };

  it("a visitor's comments page before 9999-99-99T99:99:99.999999Z", async () => {
    await refusedAsInvalidCursor(
      asVisitor,
      `/api/checklists/${listId}/comments?before=9999-99-99T99:99:99.999999Z~00000000-0000-0000-0000-000000000000`,
    );
  });

  it('My Lists after a cursor whose time is no time', async () => {
    const cursor = encodeCursor({ s: 'newest', f: 'all', k: ['yesterday', VALID_ID] });
    await refusedAsInvalidCursor(asOwner, `/api/accounts/me/checklists?cursor=${cursor}`);
  });

  it("the dashboard's Created tab before month 13, day 45", async () => {
    await refusedAsInvalidCursor(
      asOwner,
      `/api/dashboard/lists?tab=created&before=2026-13-45T10:00:00.000000Z~${VALID_ID}`,
    );
  });

  it("a library group's lists after a cursor of month 13, day 45", async () => {
    await refusedAsInvalidCursor(asOwner, groupPath(encodeCursor(['2026-13-45T10:00:00.000000Z', VALID_ID])));
  });
});

describe('real cursors at the edges of the range are still taken', () => {
  it('by every paged endpoint', async () => {
    const paths = [VALID_TIME, ...EDGE_TIMES].flatMap((time) => [
      commentsPath(`${time}~${VALID_ID}`),
      ...DASHBOARD_LIST_TABS.map((tab) => dashboardPath(tab, `${time}~${VALID_ID}`)),
      groupPath(encodeCursor([time, VALID_ID])),
      myListsPath('newest', 'all', encodeCursor({ s: 'newest', f: 'all', k: [time, VALID_ID] })),
      myListsPath('most-used', 'all', encodeCursor({ s: 'most-used', f: 'all', k: [2_147_483_647, time, VALID_ID] })),
      browsePath('most-liked', '', signedBrowseCursor('most-liked', '', [0, time, VALID_ID])!),
    ]);
    expect(await unexpectedAnswers(asOwner, paths, 200)).toEqual([]);
    expect(await unexpectedAnswers(asVisitor, [commentsPath(`${VALID_TIME}~${VALID_ID}`)], 200)).toEqual([]);
  });
});

describe('newest-first cursors (`before`)', () => {
  const cursors = badNewestFirstCursors(seededRandom(SEED), RANDOM_CASES);

  it("a list's comments, for a visitor and for a signed-in user", async () => {
    const paths = cursors.map(commentsPath);
    expect(await unexpectedAnswers(asVisitor, paths, 400)).toEqual([]);
    expect(await unexpectedAnswers(asOwner, paths, 400)).toEqual([]);
  });

  it.each(DASHBOARD_LIST_TABS)("the dashboard's %s tab", async (tab) => {
    expect(
      await unexpectedAnswers(
        asOwner,
        cursors.map((before) => dashboardPath(tab, before)),
        400,
      ),
    ).toEqual([]);
  });

  it('the dashboard responds 401 to a visitor whatever the cursor', async () => {
    const paths = cursors.slice(0, 10).map((before) => dashboardPath('created', before));
    expect(await unexpectedAnswers(asVisitor, paths, 401)).toEqual([]);
  });
});

describe('JSON cursors (`cursor`)', () => {
  it("a library group's lists", async () => {
    const random = seededRandom(SEED + 1);
    const paths = [
      ...badKeys(random, ['time', 'id'], RANDOM_CASES).map((key) => groupPath(encodeCursor(key))),
      ...badCursorTexts(['time', 'id']).map(groupPath),
      groupPath(''),
    ];
    expect(await unexpectedAnswers(asOwner, paths, 400)).toEqual([]);
  });

  it.each(MY_LIST_SORTS)('My Lists sorted by $sort', async ({ sort, filter, parts }) => {
    const random = seededRandom(SEED + 2);
    const cursors = [
      ...badKeys(random, parts, RANDOM_CASES).map((k) => encodeCursor({ s: sort, f: filter, k })),
      ...badCursorTexts(parts),
      encodeCursor({ s: sort, f: filter }),
      encodeCursor({ s: sort, k: parts.map(() => VALID_ID) }),
      encodeCursor({ s: 'nonsense', f: filter, k: [VALID_TIME, VALID_ID] }),
    ];
    const paths = cursors.map((cursor) => myListsPath(sort, filter, cursor));
    expect(await unexpectedAnswers(asOwner, paths, 400)).toEqual([]);
  });

  it.each(BROWSE_ORDERS)("Browse's $order order, signed by the server and not", async ({ order, search, parts }) => {
    const random = seededRandom(SEED + 3);
    const signed = badKeys(random, parts, RANDOM_CASES)
      .map((key) => signedBrowseCursor(order, search, key))
      .filter((cursor) => cursor !== null);
    const unsigned = [...badKeys(random, parts, 4).map((k) => encodeCursor({ o: order, k })), ...badCursorTexts(parts)];
    const paths = [...signed, ...unsigned].map((cursor) => browsePath(order, search, cursor));
    expect(await unexpectedAnswers(asVisitor, paths, 400)).toEqual([]);
    expect(await unexpectedAnswers(asOwner, paths.slice(0, 40), 400)).toEqual([]);
  });
});

describe('lists that are not paged by cursor ignore one', () => {
  // Followers, following, a profile's lists and notifications are bounded lists with no cursor:
  // their routes declare no `cursor` or `before`, so whatever is sent there is not read.
  it('followers, following, a profile, notifications and recent activity respond 200', async () => {
    const random = seededRandom(SEED + 4);
    const junk = badNewestFirstCursors(random, 4)
      .filter((_, index) => index % 6 === 0)
      .map((cursor) => `?cursor=${q(cursor)}&before=${q(cursor)}`);
    const userPaths = ['', '/followers', '/following'].map((tail) => `/api/users/${owner.username}${tail}`);
    const forEveryone = junk.flatMap((query) => userPaths.map((path) => path + query));
    const signedInOnly = junk.flatMap((query) =>
      ['/api/notifications', '/api/dashboard/activity'].map((p) => p + query),
    );
    expect(await unexpectedAnswers(asVisitor, forEveryone, 200)).toEqual([]);
    expect(await unexpectedAnswers(asOwner, [...forEveryone, ...signedInOnly], 200)).toEqual([]);
  });
});

describe('the error handler, behind the schemas', () => {
  // Should a bad value ever pass a schema, PostgreSQL's refusal of it (SQLSTATE class 22, data
  // exception) is still the client's mistake: 400, and a warning in the log, not an error.
  it.each([
    ['timestamptz', '2026-13-45T10:00:00Z', '22008'],
    ['timestamptz', 'yesterday-ish', '22007'],
    ['uuid', 'not-a-uuid', '22P02'],
    ['int', '99999999999', '22003'],
  ])('a %s cast of %j (%s) responds 400 invalid_input', async (type, value, code) => {
    const response = await asVisitor.request(`${CAST_PATH}?type=${type}&value=${q(value)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Invalid input.', code: 'invalid_input' });
    const logged = lines.slice(firstLine);
    expect(logged).toContainEqual(expect.objectContaining({ level: LOG_LEVEL.warn, code }));
  });
});
