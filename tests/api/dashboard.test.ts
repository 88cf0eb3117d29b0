import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATED_TIMES } from '../../src/domain/checklists/checklist-fields';
import {
  DASHBOARD_LISTS_PAGE_SIZE,
  activityFeedSchema,
  dashboardListsSchema,
  type ActivityEvent,
  type DashboardListTab,
} from '../../src/domain/dashboard/dashboard';
import { notifications, userBadges } from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

let t: TestApp;
let statements: string[] = [];
let author: CreatedUser;
let asAuthor: Agent;

beforeAll(async () => {
  const { db } = await createTestDatabase({ onQuery: (query) => statements.push(query) });
  t = await createTestApp({ db });
  author = await createUser(t.db, { profileName: 'Ada', avatarUrl: '🦊' });
  asAuthor = await signedInAgent(t, author);
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A fresh user, signed in, so each test sees only what it did. */
async function newUser(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, overrides);
  return { user, agent: await signedInAgent(t, user) };
}

async function tab(agent: Agent, name: DashboardListTab) {
  const response = await agent.request(`/api/dashboard/lists?tab=${name}`);
  expect(response.status).toBe(200);
  const body = dashboardListsSchema.parse(await response.json());
  expect(body.tab).toBe(name);
  return body.checklists;
}
const titles = async (agent: Agent, name: DashboardListTab) => (await tab(agent, name)).map((list) => list.title);

async function activity(agent: Agent, query = ''): Promise<ActivityEvent[]> {
  const response = await agent.request(`/api/dashboard/activity${query}`);
  expect(response.status).toBe(200);
  return activityFeedSchema.parse(await response.json()).events;
}
const messages = async (agent: Agent, query = '') => (await activity(agent, query)).map((event) => event.message);

const put = (agent: Agent, path: string) => agent.request(path, { method: 'PUT' });
const tick = (agent: Agent, list: { id: string; items: { id: string }[] }, index: number) =>
  put(agent, `/api/checklists/${list.id}/items/${list.items[index]!.id}/done`).then((r) => expect(r.status).toBe(200));
const untick = (agent: Agent, list: { id: string; items: { id: string }[] }, index: number) =>
  agent
    .request(`/api/checklists/${list.id}/items/${list.items[index]!.id}/done`, { method: 'DELETE' })
    .then((r) => expect(r.status).toBe(200));
const clone = async (agent: Agent, listId: string): Promise<string> => {
  const response = await agent.post(`/api/checklists/${listId}/clone`, {});
  expect(response.status).toBe(201);
  return (await response.json()).id;
};
const makePrivate = (listId: string) =>
  asAuthor
    .request(`/api/checklists/${listId}/visibility`, { method: 'PATCH', json: { isPublic: false } })
    .then((r) => expect(r.status).toBe(200));

describe('who may ask', () => {
  it.each(['/api/dashboard/lists?tab=created', '/api/dashboard/activity'])(
    'a visitor gets 401 from %s',
    async (path) => {
      const response = await t.agent().request(path);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    },
  );

  it.each(['?tab=liked', '?tab=', ''])('an unknown or missing tab is 400 (%s)', async (query) => {
    const { agent } = await newUser();
    const response = await agent.request(`/api/dashboard/lists${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_input' });
  });

  it.each(['?limit=51', '?limit=0', '?limit=ten'])('an out-of-range limit is 400 (%s)', async (query) => {
    const { agent } = await newUser();
    expect((await agent.request(`/api/dashboard/activity${query}`)).status).toBe(400);
  });

  it.each(['?tab=saved&limit=61', '?tab=saved&limit=0', '?tab=saved&before=yesterday'])(
    'an out-of-range limit or a cursor not of ours is 400 (%s)',
    async (query) => {
      const { agent } = await newUser();
      const response = await agent.request(`/api/dashboard/lists${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_input' });
    },
  );

  it('a user sees only their own lists and activity', async () => {
    const mine = await newUser({ profileName: 'Mia' });
    const theirs = await newUser();
    const list = await makeChecklist(t.db, author.id, { title: 'Shared trip', items: ['a', 'b'] });
    await makeChecklist(t.db, mine.user.id, { title: 'Mine only' });
    await clone(mine.agent, list.id);
    await put(mine.agent, `/api/library/saved/${list.id}`);
    await tick(mine.agent, list, 0);

    expect(await titles(mine.agent, 'created')).toEqual(['Shared trip', 'Mine only']);
    for (const name of ['created', 'cloned', 'saved', 'in-progress'] as const) {
      expect(await tab(theirs.agent, name)).toEqual([]);
    }
    expect(await activity(theirs.agent)).toEqual([]);
    // The author hears of the clone, but Mia's own events do not reach the author's feed.
    const authorsFeed = await messages(asAuthor, '?limit=50');
    expect(authorsFeed).toContain('Mia cloned “Shared trip”');
    expect(authorsFeed).not.toContain('You cloned “Shared trip”');
    expect(await messages(mine.agent)).toContain('You cloned “Shared trip”');
  });
});

describe('GET /api/dashboard/lists', () => {
  it('Created: the user’s own lists, private ones and clones included, newest first, with the row fields', async () => {
    const { user, agent } = await newUser({ profileName: 'Mia', avatarUrl: '🦉' });
    const older = await makeChecklist(t.db, user.id, {
      title: 'Older',
      description: 'Boxes and tape',
      items: ['a', 'b', 'c'],
      difficulty: 'hard',
      estimatedTime: null,
      createdAt: daysAgo(3),
    });
    await makeChecklist(t.db, user.id, { title: 'Private plan', isPublic: false, createdAt: daysAgo(1) });
    await makeChecklist(t.db, author.id, { title: 'Not mine' });
    const original = await makeChecklist(t.db, author.id, { title: 'Camping' });
    await clone(agent, original.id);
    await tick(agent, older, 0);

    const lists = await tab(agent, 'created');
    expect(lists.map((list) => list.title)).toEqual(['Camping', 'Private plan', 'Older']);
    expect(lists.find((list) => list.title === 'Private plan')).toMatchObject({
      isPublic: false,
      visibility: 'private',
    });
    expect(lists.find((list) => list.id === older.id)).toEqual({
      id: older.id,
      title: 'Older',
      description: 'Boxes and tape',
      author: 'Mia',
      authorAvatar: '🦉',
      itemCount: 3,
      completedCount: 1,
      percentComplete: 33,
      isPublic: true,
      visibility: 'public',
      difficulty: 'hard',
      estimatedTime: 'Unknown',
      createdAt: older.createdAt.toISOString(),
    });
  });

  it('Cloned: the copies the user made, newest first, not the originals', async () => {
    const { agent } = await newUser({ profileName: 'Mia' });
    const camping = await makeChecklist(t.db, author.id, { title: 'Camping' });
    const hiking = await makeChecklist(t.db, author.id, { title: 'Hiking' });
    const campingCopy = await clone(agent, camping.id);
    const hikingCopy = await clone(agent, hiking.id);
    await clone((await newUser()).agent, camping.id); // someone else's clone is not Mia's

    const lists = await tab(agent, 'cloned');
    expect(lists.map((list) => list.id)).toEqual([hikingCopy, campingCopy]);
    expect(lists.map((list) => list.author)).toEqual(['Mia', 'Mia']);
  });

  it('Saved: each list in any group or saved, once, newest first, only while the user can see it', async () => {
    const { user, agent } = await newUser();
    const inTwoGroups = await makeChecklist(t.db, author.id, { title: 'In two groups and saved' });
    const savedOnly = await makeChecklist(t.db, author.id, { title: 'Saved only' });
    const ownPrivate = await makeChecklist(t.db, user.id, { title: 'My private one', isPublic: false });
    const turnsPrivate = await makeChecklist(t.db, author.id, { title: 'Turns private' });
    await makeChecklist(t.db, author.id, { title: 'Never saved' });
    const weekend = await (await agent.post('/api/library/groups', { name: 'Weekend' })).json();
    const summer = await (await agent.post('/api/library/groups', { name: 'Summer' })).json();
    const file = async (groupId: string, listId: string) =>
      expect((await put(agent, `/api/library/groups/${groupId}/checklists/${listId}`)).status).toBe(200);

    await file(weekend.id, inTwoGroups.id);
    await file(weekend.id, turnsPrivate.id);
    await put(agent, `/api/library/saved/${savedOnly.id}`);
    await file(weekend.id, ownPrivate.id);
    await file(summer.id, inTwoGroups.id);
    await put(agent, `/api/library/saved/${inTwoGroups.id}`);
    expect(await titles(agent, 'saved')).toEqual([
      'In two groups and saved',
      'My private one',
      'Saved only',
      'Turns private',
    ]);

    await makePrivate(turnsPrivate.id);
    expect(await titles(agent, 'saved')).toEqual(['In two groups and saved', 'My private one', 'Saved only']);
  });

  it('In Progress: started and unfinished lists, most recently ticked first, with rounded percents', async () => {
    const { agent } = await newUser();
    const thirds = await makeChecklist(t.db, author.id, { title: 'Thirds', items: ['a', 'b', 'c'] });
    const twoThirds = await makeChecklist(t.db, author.id, { title: 'Two thirds', items: ['a', 'b', 'c'] });
    const eighths = await makeChecklist(t.db, author.id, { title: 'Eighths', items: 'abcdefgh'.split('') });
    const short = await makeChecklist(t.db, author.id, { title: 'Short', items: ['a', 'b'] });
    const hidden = await makeChecklist(t.db, author.id, { title: 'Turns private' });
    await makeChecklist(t.db, author.id, { title: 'Untouched' });

    await tick(agent, twoThirds, 0);
    await tick(agent, hidden, 0);
    await tick(agent, thirds, 0);
    await tick(agent, eighths, 4);
    await tick(agent, short, 0);
    await tick(agent, twoThirds, 1);
    await tick(agent, short, 1); // finished: leaves In Progress
    await makePrivate(hidden.id);

    const lists = await tab(agent, 'in-progress');
    expect(
      lists.map(({ title, completedCount, itemCount, percentComplete }) => ({
        title,
        completedCount,
        itemCount,
        percentComplete,
      })),
    ).toEqual([
      { title: 'Two thirds', completedCount: 2, itemCount: 3, percentComplete: 67 },
      { title: 'Eighths', completedCount: 1, itemCount: 8, percentComplete: 13 },
      { title: 'Thirds', completedCount: 1, itemCount: 3, percentComplete: 33 },
    ]);

    // Taking a tick back from the finished list puts it back, on top.
    await untick(agent, short, 0);
    expect((await titles(agent, 'in-progress'))[0]).toBe('Short');
  });

  it('answers each tab with one SQL statement besides the session lookup, however many lists it holds', async () => {
    const { user, agent } = await newUser();
    const group = await (await agent.post('/api/library/groups', { name: 'Lots' })).json();
    const fill = async () => {
      for (let index = 0; index < 3; index++) {
        await makeChecklist(t.db, user.id, { title: `Own ${index}` });
        const list = await makeChecklist(t.db, author.id, { title: `Theirs ${index}`, items: ['a', 'b'] });
        await clone(agent, list.id);
        await put(agent, `/api/library/groups/${group.id}/checklists/${list.id}`);
        await put(agent, `/api/library/saved/${list.id}`);
        await tick(agent, list, 0);
      }
    };
    const statementsOf = async (path: string) => {
      statements = [];
      expect((await agent.request(path)).status).toBe(200);
      return statements.filter((query) => !isSessionLookup(query));
    };
    const paths = [
      ...(['created', 'cloned', 'saved', 'in-progress'] as const).map((name) => `/api/dashboard/lists?tab=${name}`),
      '/api/dashboard/activity?limit=50',
    ];
    await fill();
    const before: number[] = [];
    for (const path of paths) before.push((await statementsOf(path)).length);
    await fill();
    for (const [index, path] of paths.entries()) {
      const after = await statementsOf(path);
      expect(after, path).toHaveLength(1);
      expect(before[index], path).toBe(1);
    }
    expect((await tab(agent, 'in-progress')).length).toBe(6);
  });
});

/** Better Auth's own reads of the session and its user, which every signed-in request makes. */
function isSessionLookup(query: string): boolean {
  return /from "(sessions|users)"/.test(query);
}

describe('GET /api/dashboard/activity', () => {
  it('merges notifications with the user’s own actions, newest first, with stable ids', async () => {
    const me = await newUser({ profileName: 'Mia' });
    const fan = await newUser({ profileName: 'Sam' });
    const created = await me.agent.post('/api/checklists', {
      title: 'Moving house',
      description: 'Boxes and tape',
      items: ['Pack', 'Label'],
      tags: [],
      difficulty: 'easy',
      estimatedTime: ESTIMATED_TIMES[0],
    });
    expect(created.status).toBe(201);
    const movingId = (await created.json()).id as string;
    const camping = await makeChecklist(t.db, author.id, { title: 'Camping', items: ['Tent', 'Stove'] });
    const copyId = await clone(me.agent, camping.id);
    expect((await put(fan.agent, `/api/checklists/${movingId}/like`)).status).toBe(200);
    await tick(me.agent, camping, 0);
    await tick(me.agent, camping, 1); // completes it, and earns the Finisher badge in the same transaction

    const events = await activity(me.agent);
    expect(events.map(({ kind, type, message, checklistId }) => ({ kind, type, message, checklistId }))).toEqual([
      // A badge reads as coming after the action that earned it.
      { kind: 'badge', type: 'badge', message: 'You earned the badge “Finisher”', checklistId: null },
      { kind: 'completed', type: 'complete', message: 'You completed “Camping”', checklistId: camping.id },
      { kind: 'notification', type: 'like', message: 'Sam liked “Moving house”', checklistId: movingId },
      // The copy is also a list Mia authored, but it shows once, as a clone.
      { kind: 'cloned', type: 'clone', message: 'You cloned “Camping”', checklistId: copyId },
      { kind: 'badge', type: 'badge', message: 'You earned the badge “First Checklist”', checklistId: null },
      { kind: 'created', type: 'create', message: 'You created “Moving house”', checklistId: movingId },
    ]);
    const times = events.map((event) => Date.parse(event.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await activity(me.agent)).map((event) => event.id)).toEqual(events.map((event) => event.id));
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);

    // Unfinished again, the list is no longer "completed".
    await untick(me.agent, camping, 1);
    expect(await messages(me.agent)).not.toContain('You completed “Camping”');
  });

  it('leaves out a completed list that has since turned private to the user', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { title: 'Soon private', items: ['a'] });
    await tick(agent, list, 0);
    const completed = async () => (await activity(agent)).filter((event) => event.kind === 'completed');
    expect((await completed()).map((event) => event.message)).toEqual(['You completed “Soon private”']);
    await makePrivate(list.id);
    expect(await completed()).toEqual([]);
  });

  it('shows each badge once, as its grant, even when its notification is deleted', async () => {
    const { user, agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { title: 'Quick one', items: ['a'] });
    await tick(agent, list, 0);
    const badgeNotes = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(badgeNotes.map((note) => [note.type, note.message])).toEqual([['badge', 'You earned the badge “Finisher”']]);
    const badgeRows = async () => (await messages(agent)).filter((message) => message.includes('badge'));
    expect(await badgeRows()).toEqual(['You earned the badge “Finisher”']);
    expect((await activity(agent))[0]).toMatchObject({ id: 'badge:finisher', kind: 'badge' });

    expect((await agent.request(`/api/notifications/${badgeNotes[0]!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await badgeRows()).toEqual(['You earned the badge “Finisher”']);
    // A grant written without a notification (as an old backfill might have) still shows.
    await t.db.insert(userBadges).values({ userId: user.id, badgeSlug: 'curator' });
    expect(await badgeRows()).toEqual(['You earned the badge “Curator”', 'You earned the badge “Finisher”']);
  });

  it('answers the newest 10 by default and honours a limit up to 50', async () => {
    const { user, agent } = await newUser();
    for (let index = 0; index < 12; index++) {
      await makeChecklist(t.db, user.id, { title: `List ${index}`, createdAt: daysAgo(12 - index) });
    }
    const newestFirst = Array.from({ length: 12 }, (_, index) => `You created “List ${11 - index}”`);
    expect(await messages(agent)).toEqual(newestFirst.slice(0, 10));
    expect(await messages(agent, '?limit=3')).toEqual(newestFirst.slice(0, 3));
    expect(await messages(agent, '?limit=50')).toEqual(newestFirst);
  });
});

describe('the OpenAPI document', () => {
  it('describes both dashboard endpoints with their query parameters', async () => {
    const document = await (await t.agent().request('/api/openapi.json')).json();
    const lists = document.paths['/api/dashboard/lists'].get;
    const activity = document.paths['/api/dashboard/activity'].get;
    expect(lists.parameters).toContainEqual(
      expect.objectContaining({
        name: 'tab',
        in: 'query',
        required: true,
        schema: expect.objectContaining({ enum: ['created', 'cloned', 'saved', 'in-progress'] }),
      }),
    );
    expect(activity.parameters).toContainEqual(expect.objectContaining({ name: 'limit', in: 'query' }));
    expect(Object.keys(lists.responses)).toEqual(['200', '400', '401']);
  });
});

describe('paging (issue 9: every list endpoint has a bounded page)', () => {
  it('a tab comes 24 at a time, newest first; the pages join without repeats or gaps', async () => {
    const { user, agent } = await newUser();
    // 30 lists ticked at known, distinct times: "In Progress" orders by the latest tick.
    const lists = [];
    for (let index = 0; index < 30; index++) {
      lists.push(await makeChecklist(t.db, user.id, { title: `Plan ${index}`, items: ['a', 'b'] }));
    }
    for (const list of lists) await tick(agent, list, 0);

    const read = async (query: string) => {
      const response = await agent.request(`/api/dashboard/lists?tab=in-progress${query}`);
      expect(response.status).toBe(200);
      return dashboardListsSchema.parse(await response.json());
    };
    const first = await read('');
    expect(first.checklists).toHaveLength(DASHBOARD_LISTS_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    // A list started between the pages goes to the top: the next page neither repeats nor skips.
    const late = await makeChecklist(t.db, user.id, { title: 'Started late', items: ['a', 'b'] });
    await tick(agent, late, 0);
    const second = await read(`&before=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.checklists, ...second.checklists].map((list) => list.title)).toEqual(
      lists.map((list) => list.title).reverse(),
    );

    const preview = await read('&limit=4');
    expect(preview.checklists.map((list) => list.title)).toEqual(['Started late', 'Plan 29', 'Plan 28', 'Plan 27']);
  });
});
