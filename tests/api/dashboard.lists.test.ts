import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_LISTS_PAGE_SIZE, dashboardListsSchema } from '../../src/domain/dashboard/dashboard';
import { makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { createDashboardApp, dashboardHelpers, daysAgo, isSessionLookup } from '../setup/dashboard';
import type { Agent, TestApp } from '../setup/test-app';

let t: TestApp;
let statements: string[] = [];
let author: CreatedUser;
let asAuthor: Agent;
beforeAll(async () => {
  ({ t, author, asAuthor } = await createDashboardApp((query) => statements.push(query)));
});
const { newUser, tab, titles, activity, messages, put, complete, removeCompletion, clone, makePrivate } =
  dashboardHelpers(() => ({ t, asAuthor }));

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
    await complete(mine.agent, list, 0);

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
    await complete(agent, older, 0);

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

  it('In Progress: started and unfinished lists, most recently completed item first, with rounded percents', async () => {
    const { agent } = await newUser();
    const thirds = await makeChecklist(t.db, author.id, { title: 'Thirds', items: ['a', 'b', 'c'] });
    const twoThirds = await makeChecklist(t.db, author.id, { title: 'Two thirds', items: ['a', 'b', 'c'] });
    const eighths = await makeChecklist(t.db, author.id, { title: 'Eighths', items: 'abcdefgh'.split('') });
    const short = await makeChecklist(t.db, author.id, { title: 'Short', items: ['a', 'b'] });
    const hidden = await makeChecklist(t.db, author.id, { title: 'Turns private' });
    await makeChecklist(t.db, author.id, { title: 'Untouched' });

    await complete(agent, twoThirds, 0);
    await complete(agent, hidden, 0);
    await complete(agent, thirds, 0);
    await complete(agent, eighths, 4);
    await complete(agent, short, 0);
    await complete(agent, twoThirds, 1);
    await complete(agent, short, 1); // finished: leaves In Progress
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

    // Taking a completion back from the finished list puts it back, on top.
    await removeCompletion(agent, short, 0);
    expect((await titles(agent, 'in-progress'))[0]).toBe('Short');
  });

  it('responds to each tab with one SQL statement besides the session lookup, however many lists it holds', async () => {
    const { user, agent } = await newUser();
    const group = await (await agent.post('/api/library/groups', { name: 'Lots' })).json();
    const fill = async () => {
      for (let index = 0; index < 3; index++) {
        await makeChecklist(t.db, user.id, { title: `Own ${index}` });
        const list = await makeChecklist(t.db, author.id, { title: `Theirs ${index}`, items: ['a', 'b'] });
        await clone(agent, list.id);
        await put(agent, `/api/library/groups/${group.id}/checklists/${list.id}`);
        await put(agent, `/api/library/saved/${list.id}`);
        await complete(agent, list, 0);
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

describe('paging: every list endpoint has a bounded page', () => {
  it('a tab comes 24 at a time, newest first; the pages join without repeats or gaps', async () => {
    const { user, agent } = await newUser();
    // 30 lists with an item completed at known, distinct times: "In Progress" orders by the latest completion.
    const lists = [];
    for (let index = 0; index < 30; index++) {
      lists.push(await makeChecklist(t.db, user.id, { title: `Plan ${index}`, items: ['a', 'b'] }));
    }
    for (const list of lists) await complete(agent, list, 0);

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
    await complete(agent, late, 0);
    const second = await read(`&before=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.nextCursor).toBeNull();
    expect([...first.checklists, ...second.checklists].map((list) => list.title)).toEqual(
      lists.map((list) => list.title).reverse(),
    );

    const preview = await read('&limit=4');
    expect(preview.checklists.map((list) => list.title)).toEqual(['Started late', 'Plan 29', 'Plan 28', 'Plan 27']);
  });
});
