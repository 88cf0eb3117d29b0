import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountStatsSchema, meSchema } from '../../src/domain/accounts/profile';
import { badgeListSchema } from '../../src/domain/badges/badges';
import { progressStateSchema } from '../../src/domain/checklists/checklist-actions';
import { checklistDetailSchema } from '../../src/domain/checklists/checklist-view';
import { runListSchema, timesCompleted } from '../../src/domain/checklists/runs';
import { activityFeedSchema, dashboardListsSchema } from '../../src/domain/dashboard/dashboard';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { rateKey, rateRules, writeQuotaCounters } from '../../src/server/security/rate-limit';
import { completeItem } from '../setup/completions';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createRecordingDatabase, expectSessionThenOneStatement } from '../setup/test-database';

// A user's completions on a list are their open run; "Start again" (DELETE …/progress) closes it into
// their history, which only they can read (GET …/runs).

/** Records every SQL statement the app sends, in order. */
const recording = await createRecordingDatabase();
const { statements } = recording;
let t: TestApp;
let author: CreatedUser;

beforeAll(async () => {
  t = await createTestApp({ db: recording.db });
  author = await createUser(t.db);
});

type List = Awaited<ReturnType<typeof makeChecklist>>;

async function newUser(): Promise<{ user: CreatedUser; agent: Agent }> {
  const user = await createUser(t.db);
  return { user, agent: await signedInAgent(t, user) };
}

const startAgain = async (agent: Agent, list: { id: string }) => {
  const response = await agent.request(`/api/checklists/${list.id}/progress`, { method: 'DELETE' });
  expect(response.status).toBe(200);
  return progressStateSchema.parse(await response.json());
};
const history = async (agent: Agent, list: { id: string }, query = '') => {
  const response = await agent.request(`/api/checklists/${list.id}/runs${query}`);
  expect(response.status).toBe(200);
  return runListSchema.parse(await response.json());
};
const detail = async (agent: Agent, list: { id: string }) =>
  checklistDetailSchema.parse(await (await agent.request(`/api/checklists/${list.id}`)).json());
const tickAll = async (agent: Agent, list: List) => {
  for (let index = 0; index < list.items.length; index++) await completeItem(agent, list, index);
};
/** "You completed this list N times", as the page counts it from the detail response. */
const timesOf = async (agent: Agent, list: List) => {
  const { viewer, items } = await detail(agent, list);
  return timesCompleted(viewer.runs, { ticked: viewer.completedItemIds.length, items: items.length }, '').count;
};

describe('Start again', () => {
  it('closes the open run into the history and keeps the use; uses count distinct users', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['Tent', 'Stove', 'Torch'] });
    await completeItem(agent, list, 0);
    await completeItem(agent, list, 2);

    const state = await startAgain(agent, list);
    expect(state).toMatchObject({ uses: 1, completedItemIds: [], runs: { closed: 1, closedCompleted: 0 } });
    expect(state.runs.lastCompletionAt).toBeNull();
    expect((await detail(agent, list)).uses).toBe(1);

    // Ticking again opens a new run of the same user: still one use. Another user is a second.
    await completeItem(agent, list, 1);
    expect((await detail(agent, list)).uses).toBe(1);
    const { agent: second } = await newUser();
    await completeItem(second, list, 0);
    expect((await detail(agent, list)).uses).toBe(2);
    // Taking back the only tick of the new run leaves the use: the user has a closed run.
    await completeItem(agent, list, 1, 'DELETE');
    expect((await detail(agent, list)).uses).toBe(2);
  });

  it('lists the closed run with its start, end and counts; the open run starts anew at its first tick', async () => {
    const { user, agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['a', 'b', 'c'] });
    await completeItem(agent, list, 0);
    await completeItem(agent, list, 1);
    const [progress] = (
      await t.db.execute<{ started_at: Date }>(
        sql`select started_at from checklist_progress where checklist_id = ${list.id} and user_id = ${user.id}`,
      )
    ).rows;
    await startAgain(agent, list);

    const { runs, nextCursor } = await history(agent, list);
    expect(nextCursor).toBeNull();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ tickedCount: 2, itemsCount: 3, completed: false });
    expect(runs[0]!.startedAt).toBe(new Date(progress!.started_at).toISOString());
    expect(Date.parse(runs[0]!.endedAt)).toBeGreaterThanOrEqual(Date.parse(runs[0]!.startedAt));

    await completeItem(agent, list, 2);
    const [reopened] = (
      await t.db.execute<{ started_at: Date; completed_count: number; closed_runs: number }>(
        sql`select started_at, completed_count, closed_runs from checklist_progress
            where checklist_id = ${list.id} and user_id = ${user.id}`,
      )
    ).rows;
    expect(reopened).toMatchObject({ completed_count: 1, closed_runs: 1 });
    expect(new Date(reopened!.started_at).getTime()).toBeGreaterThan(new Date(progress!.started_at).getTime());
  });

  it('records no empty run: Start again with no tick changes nothing', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    expect(await startAgain(agent, list)).toMatchObject({ uses: 0, completedItemIds: [], runs: { closed: 0 } });
    await completeItem(agent, list, 0);
    await startAgain(agent, list);
    expect(await startAgain(agent, list)).toMatchObject({ uses: 1, runs: { closed: 1 } });
    expect((await history(agent, list)).runs).toHaveLength(1);
  });

  it('counts a list completed twice as 2 times, for the sentence and for the completion badges', async () => {
    const { user, agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    const closer = async () =>
      badgeListSchema
        .parse(await (await agent.request('/api/badges')).json())
        .badges.filter((badge) => ['finisher', 'closer'].includes(badge.slug));
    const badgesOf = async () =>
      (
        await t.db.execute<{ badge_slug: string }>(
          sql`select badge_slug from user_badges where user_id = ${user.id} order by badge_slug`,
        )
      ).rows.map((row) => row.badge_slug);

    await tickAll(agent, list);
    expect(await timesOf(agent, list)).toBe(1);
    expect(await badgesOf()).toEqual(['finisher']);

    // Closing a completed run keeps it completed: the count and the badge stay.
    const closed = await startAgain(agent, list);
    expect(closed.runs).toMatchObject({ closed: 1, closedCompleted: 1 });
    expect(closed.runs.lastClosedCompletedAt).not.toBeNull();
    expect(await timesOf(agent, list)).toBe(1);
    expect(await badgesOf()).toEqual(['finisher']);

    await tickAll(agent, list);
    expect(await timesOf(agent, list)).toBe(2);
    const progress = await closer();
    expect(progress.find((badge) => badge.slug === 'finisher')!.earnedAt).not.toBeNull();
    expect(progress.find((badge) => badge.slug === 'closer')).toMatchObject({
      earnedAt: null,
      progress: { current: 2, target: 5 },
    });
    expect((await history(agent, list)).runs.map((run) => run.completed)).toEqual([true]);
  });

  it('earns the next tier by completing one list again, and an abandoned run counts for nothing', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['only'] });
    for (let time = 0; time < 4; time++) {
      await tickAll(agent, list);
      await startAgain(agent, list);
    }
    const status = async () =>
      badgeListSchema
        .parse(await (await agent.request('/api/badges')).json())
        .badges.find((badge) => badge.slug === 'closer')!;
    expect((await status()).earnedAt).toBeNull();
    const other = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    await completeItem(agent, other, 0);
    await startAgain(agent, other); // abandoned: not a completion
    expect((await status()).progress.current).toBe(4);
    await tickAll(agent, list);
    expect((await status()).earnedAt).not.toBeNull();
  });

  it('refuses a list that is not a uuid or not there with 404, and a visitor with 401', async () => {
    const { agent } = await newUser();
    expect((await agent.request('/api/checklists/not-a-uuid/progress', { method: 'DELETE' })).status).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await agent.request(`/api/checklists/${missing}/progress`, { method: 'DELETE' })).status).toBe(404);
    const list = await makeChecklist(t.db, author.id);
    expect((await t.agent().request(`/api/checklists/${list.id}/progress`, { method: 'DELETE' })).status).toBe(401);
  });

  it('counts against its write quota: past it, 429 with Retry-After and nothing closed', async () => {
    const { user, agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    await completeItem(agent, list, 0);
    const counter = writeQuotaCounters('startAgain', user.id, '127.0.0.1')[0]!;
    await t.db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${counter.key}, now(), 1000000000)`);
    const refused = await agent.request(`/api/checklists/${list.id}/progress`, { method: 'DELETE' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await t.db.execute(sql`delete from rate_limits where key = ${counter.key}`);
    expect((await detail(agent, list)).viewer.completedItemIds).toEqual([list.items[0]!.id]);
    expect((await history(agent, list)).runs).toEqual([]);
  });
});

describe('the run history', () => {
  it('is the asker’s own: another user reads only theirs, and a private list’s is 404 to them', async () => {
    const { agent: mine } = await newUser();
    const { agent: theirs, user: them } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['a'] });
    await tickAll(mine, list);
    await startAgain(mine, list);
    expect((await history(mine, list)).runs).toHaveLength(1);
    expect((await history(theirs, list)).runs).toEqual([]);
    // Naming another user in the query asks for nothing else: the route has no such input.
    expect((await history(theirs, list, `?userId=${them.id}&user=${them.id}`)).runs).toEqual([]);

    const hidden = await makeChecklist(t.db, author.id, { items: ['a'], isPublic: false });
    expect((await theirs.request(`/api/checklists/${hidden.id}/runs`)).status).toBe(404);
    expect((await t.agent().request(`/api/checklists/${list.id}/runs`)).status).toBe(401);
  });

  it('comes newest first, 10 a page, with a cursor to the rest', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['a', 'b'] });
    for (let run = 0; run < 12; run++) {
      await completeItem(agent, list, 0);
      if (run % 2 === 0) await completeItem(agent, list, 1);
      await startAgain(agent, list);
    }
    const first = await history(agent, list);
    expect(first.runs).toHaveLength(10);
    expect(first.nextCursor).not.toBeNull();
    const endings = first.runs.map((run) => run.endedAt);
    expect([...endings].sort().reverse()).toEqual(endings);
    // The 12th run (index 11, odd) was abandoned; the 11th completed.
    expect(first.runs.slice(0, 2).map((run) => run.completed)).toEqual([false, true]);
    const rest = await history(agent, list, `?before=${encodeURIComponent(first.nextCursor!)}`);
    expect(rest.runs).toHaveLength(2);
    expect(rest.nextCursor).toBeNull();
    expect(new Set([...first.runs, ...rest.runs].map((run) => run.id)).size).toBe(12);
  });

  it('is read in one statement after the session’s, with whether the user may see the list', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { items: ['a'] });
    await tickAll(agent, list);
    await startAgain(agent, list);
    const hidden = await makeChecklist(t.db, author.id, { isPublic: false });
    for (const [id, status] of [
      [list.id, 200],
      [hidden.id, 404],
    ] as const) {
      statements.length = 0;
      expect((await agent.request(`/api/checklists/${id}/runs`)).status).toBe(status);
      expectSessionThenOneStatement(statements);
    }
  });

  it('refuses bad input with 400 and an id that is not a uuid with 404', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id);
    for (const query of [
      '?before=garbage',
      '?limit=0',
      '?limit=51',
      '?limit=two',
      '?before=2026-13-45T99:99:99.000000Z~x',
    ]) {
      const response = await agent.request(`/api/checklists/${list.id}/runs${query}`);
      expect(response.status, query).toBe(400);
    }
    expect((await agent.request('/api/checklists/not-a-uuid/runs')).status).toBe(404);
  });

  it('is rate limited per user: past the limit, 429 with Retry-After', async () => {
    const { user, agent } = await newUser();
    const list = await makeChecklist(t.db, author.id);
    const key = rateKey('runHistoryPerUser', user.id);
    await t.db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${key}, now(), ${rateRules.runHistoryPerUser.max})`);
    const refused = await agent.request(`/api/checklists/${list.id}/runs`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('what reads the open run', () => {
  it('Started, In Progress and Completed follow the open run; the run closed shows in Recent Activity', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { title: 'Packing', items: ['a', 'b'] });
    const stats = async () => accountStatsSchema.parse(await (await agent.request('/api/accounts/me/stats')).json());
    const inProgress = async () =>
      dashboardListsSchema
        .parse(await (await agent.request('/api/dashboard/lists?tab=in-progress')).json())
        .checklists.map((entry) => entry.title);

    await completeItem(agent, list, 0);
    expect(await stats()).toMatchObject({ started: 1, inProgress: 1, completed: 0 });
    expect(await inProgress()).toEqual(['Packing']);

    await startAgain(agent, list);
    expect(await stats()).toMatchObject({ started: 0, inProgress: 0, completed: 0 });
    expect(await inProgress()).toEqual([]);

    await tickAll(agent, list);
    expect(await stats()).toMatchObject({ started: 1, inProgress: 0, completed: 1 });
    await startAgain(agent, list);
    expect(await stats()).toMatchObject({ started: 0, inProgress: 0, completed: 1 });
    const { events } = activityFeedSchema.parse(await (await agent.request('/api/dashboard/activity')).json());
    expect(events.filter((event) => event.kind === 'completed').map((event) => event.message)).toEqual([
      'You completed “Packing”',
    ]);
  });

  it('In Progress and Completed follow the list’s edits and visibility after the tick', async () => {
    const { agent } = await newUser();
    const owner = await newUser();
    const list = await makeChecklist(t.db, owner.user.id, { title: 'Edited', items: ['a', 'b'] });
    const stats = async () => accountStatsSchema.parse(await (await agent.request('/api/accounts/me/stats')).json());
    const edit = async (items: unknown[]) => {
      const body = {
        title: 'Edited',
        description: 'Edited twice',
        items,
        tags: ['edits'],
        estimatedTime: '1 hour',
        difficulty: 'easy',
      };
      expect((await owner.agent.request(`/api/checklists/${list.id}`, { method: 'PUT', json: body })).status).toBe(200);
    };
    const visibility = async (isPublic: boolean) => {
      const response = await owner.agent.request(`/api/checklists/${list.id}/visibility`, {
        method: 'PATCH',
        json: { isPublic },
      });
      expect(response.status).toBe(200);
    };

    await tickAll(agent, list);
    expect(await stats()).toMatchObject({ started: 1, inProgress: 0, completed: 1 });
    // An item added: the run is no longer complete.
    await edit(['a', 'b', 'c']);
    expect(await stats()).toMatchObject({ started: 1, inProgress: 1, completed: 0 });
    // A heading is not an item: still not complete.
    await edit([{ kind: 'heading', content: 'Start' }, 'a', 'b', 'c']);
    expect(await stats()).toMatchObject({ started: 1, inProgress: 1, completed: 0 });
    // The list made private: still started, no longer in progress for someone who cannot see it.
    await visibility(false);
    expect(await stats()).toMatchObject({ started: 1, inProgress: 0, completed: 0 });
    await visibility(true);
    expect(await stats()).toMatchObject({ started: 1, inProgress: 1, completed: 0 });
    // The unticked item taken away: every item left is ticked, the run is complete again.
    await edit(['a', 'b']);
    expect(await stats()).toMatchObject({ started: 1, inProgress: 0, completed: 1 });
  });

  it('exports the open runs as progress and the closed ones as runs', async () => {
    const { agent } = await newUser();
    const list = await makeChecklist(t.db, author.id, { title: 'Exported', items: ['a', 'b'] });
    await completeItem(agent, list, 0);
    await startAgain(agent, list);
    const response = await agent.request('/api/accounts/me/export');
    expect(response.status).toBe(200);
    const data = (await response.json()) as { progress: unknown[]; runs: Record<string, unknown>[] };
    expect(data.progress).toEqual([]);
    expect(data.runs).toEqual([
      expect.objectContaining({
        checklistId: list.id,
        title: 'Exported',
        tickedCount: 1,
        itemsCount: 2,
        completed: false,
      }),
    ]);
  });
});

describe('Hide completed items', () => {
  it('is kept in the profile through the settings, and refuses what is not a boolean', async () => {
    const { agent } = await newUser();
    const me = async () => meSchema.parse(await (await agent.request('/api/accounts/me')).json());
    expect((await me()).hideCompletedItems).toBe(false);
    const saved = await agent.request('/api/accounts/me/settings', {
      method: 'PATCH',
      json: { hideCompletedItems: true },
    });
    expect(saved.status).toBe(200);
    expect(meSchema.parse(await saved.json())).toMatchObject({ hideCompletedItems: true, theme: 'system' });
    expect((await me()).hideCompletedItems).toBe(true);
    const refused = await agent.request('/api/accounts/me/settings', {
      method: 'PATCH',
      json: { hideCompletedItems: 'yes' },
    });
    expect(refused.status).toBe(400);
    const visitor = await t.agent().request('/api/accounts/me/settings', {
      method: 'PATCH',
      json: { hideCompletedItems: true },
    });
    expect(visitor.status).toBe(401);
  });
});
