import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { pagingMessages } from '../../src/domain/paging';
import { blockedUsersPageSchema, blockMessages, blockStateSchema } from '../../src/domain/social/blocks';
import { blocks } from '../../src/server/db/schema';
import { rateKey, rateRules, writeQuotaCounters } from '../../src/server/security/rate-limit';
import { blockingHelpers, notSignedIn, userNotFound } from '../setup/blocks';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// Blocking's endpoints × {visitor, user, the user themselves, moderator, admin}, the blocker's list
// of blocked users (paging, names, bad input), and their limits (decision 048).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

const { person, withRole, block, blockOk } = blockingHelpers(() => t);

describe('who may block and unblock whom', () => {
  // The thing is a user: the visitor, another user, the user themselves, a moderator and an admin.
  const callers = ['visitor', 'user', 'self', 'moderator', 'admin'] as const;
  type Caller = (typeof callers)[number];
  const expected: Record<'public' | 'private' | 'unknown' | 'deleted', Record<Caller, number>> = {
    public: { visitor: 401, user: 200, self: 400, moderator: 200, admin: 200 },
    // A private profile can be blocked: its page shows its username, and blocking needs no more.
    private: { visitor: 401, user: 200, self: 400, moderator: 200, admin: 200 },
    unknown: { visitor: 401, user: 404, self: 404, moderator: 404, admin: 404 },
    // The reserved "Deleted user" is nobody to block.
    deleted: { visitor: 401, user: 404, self: 404, moderator: 404, admin: 404 },
  };

  for (const target of ['public', 'private', 'unknown', 'deleted'] as const) {
    for (const method of ['PUT', 'DELETE'] as const) {
      it(`${method} block on a ${target} user`, async () => {
        const owner = await person({ isPublic: target !== 'private' });
        const agents: Record<Caller, Agent> = {
          visitor: t.agent(),
          user: (await person()).agent,
          self: owner.agent,
          moderator: (await withRole('moderator')).agent,
          admin: (await withRole('admin')).agent,
        };
        const username =
          { unknown: 'nobody_by_this_name', deleted: 'deleted_user' }[target as string] ?? owner.user.username;
        for (const caller of callers) {
          const response = await agents[caller].request(`/api/users/${username}/block`, { method });
          expect(response.status, `${caller}: ${method} ${target}`).toBe(expected[target][caller]);
          const body = await response.json();
          if (response.status === 200) expect(blockStateSchema.parse(body)).toEqual({ isBlocked: method === 'PUT' });
          if (response.status === 401) expect(body).toEqual(notSignedIn);
          if (response.status === 404) expect(body).toEqual(userNotFound);
          if (response.status === 400) expect(body).toEqual({ message: blockMessages.self, code: 'invalid' });
        }
        const stored = await t.db.select().from(blocks).where(eq(blocks.blockedId, owner.user.id));
        // Each of user, moderator and admin blocked the owner with PUT; nobody else did.
        expect(stored).toHaveLength(method === 'PUT' && target !== 'unknown' && target !== 'deleted' ? 3 : 0);
      });
    }
  }

  it('reading one’s blocked users: a visitor is asked to sign in; each signed-in user reads only their own', async () => {
    expect((await t.agent().request('/api/accounts/me/blocks')).status).toBe(401);
    const target = await person();
    for (const caller of [await person(), await withRole('moderator'), await withRole('admin')]) {
      const before = await caller.agent.request('/api/accounts/me/blocks');
      expect(before.status).toBe(200);
      expect(blockedUsersPageSchema.parse(await before.json())).toEqual({ users: [], nextCursor: null });
      await blockOk(caller, target.user);
      const after = blockedUsersPageSchema.parse(await (await caller.agent.request('/api/accounts/me/blocks')).json());
      expect(after.users.map((entry) => entry.username)).toEqual([target.user.username]);
    }
    // The blocked user's own list is theirs: it does not show who blocked them.
    const theirs = blockedUsersPageSchema.parse(await (await target.agent.request('/api/accounts/me/blocks')).json());
    expect(theirs.users).toEqual([]);
  });

  it('blocking or unblocking twice is harmless', async () => {
    const blocker = await person();
    const other = await person();
    await blockOk(blocker, other.user);
    await blockOk(blocker, other.user);
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, blocker.user.id))).toHaveLength(1);
    await blockOk(blocker, other.user, 'DELETE');
    await blockOk(blocker, other.user, 'DELETE');
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, blocker.user.id))).toEqual([]);
  });

  it('a username is looked up case-insensitively', async () => {
    const blocker = await person();
    const other = await person({ username: 'Mixed_Case_Blockee' });
    expect((await block(blocker, 'mixed_case_blockee')).status).toBe(200);
    expect(await t.db.select().from(blocks).where(eq(blocks.blockedId, other.user.id))).toHaveLength(1);
  });
});

describe('the list of blocked users', () => {
  it('names each blocked user as the blocker may see them, newest block first, a page at a time', async () => {
    const blocker = await person();
    const shown = await person({ profileName: 'Shown Name', avatarUrl: '🦊' });
    const shy = await person({ profileName: 'Shy Name', isPublic: false });
    const third = await person();
    for (const [index, entry] of [shown, shy, third].entries()) {
      await blockOk(blocker, entry.user);
      // Distinct times, oldest first, so the order is known.
      await t.db
        .update(blocks)
        .set({ createdAt: sql`now() - make_interval(mins => ${10 - index})` })
        .where(and(eq(blocks.blockerId, blocker.user.id), eq(blocks.blockedId, entry.user.id)));
    }
    const first = blockedUsersPageSchema.parse(
      await (await blocker.agent.request('/api/accounts/me/blocks?limit=2')).json(),
    );
    expect(first.users.map((entry) => entry.username)).toEqual([third.user.username, shy.user.username]);
    // A private profile's name is its owner's alone (decision 008).
    expect(first.users[1]).toMatchObject({ profileName: null });
    expect(first.nextCursor).not.toBeNull();
    const second = blockedUsersPageSchema.parse(
      await (
        await blocker.agent.request(`/api/accounts/me/blocks?limit=2&before=${encodeURIComponent(first.nextCursor!)}`)
      ).json(),
    );
    expect(second).toEqual({
      users: [
        {
          id: shown.user.id,
          username: shown.user.username,
          profileName: 'Shown Name',
          avatarUrl: '🦊',
          blockedAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
  });

  it('refuses bad input with a clear message', async () => {
    const reader = await person();
    const cases: [string, string][] = [
      ['/api/accounts/me/blocks?before=not-a-cursor', pagingMessages.invalidCursor],
      [
        `/api/accounts/me/blocks?before=${btoa('{"at":"2026-13-45T99:99:99.000000Z","id":"x"}')}`,
        pagingMessages.invalidCursor,
      ],
      ['/api/accounts/me/blocks?limit=0', 'limit must be at least 1'],
      ['/api/accounts/me/blocks?limit=51', 'limit must be at most 50'],
      ['/api/accounts/me/blocks?limit=abc', 'limit must be a number'],
    ];
    for (const [path, message] of cases) {
      const response = await reader.agent.request(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).message, path).toBe(message);
    }
    const longName = await reader.agent.request(`/api/users/${'x'.repeat(65)}/block`, { method: 'PUT' });
    expect(longName.status).toBe(400);
    expect((await longName.json()).code).toBe('invalid_input');
  });
});

describe('limits', () => {
  it('blocking and unblocking count against the block quota: past it, 429 with Retry-After', async () => {
    const blocker = await person();
    const other = await person();
    for (const method of ['PUT', 'DELETE'] as const) {
      const [perMinute] = writeQuotaCounters('block', blocker.user.id, '127.0.0.1');
      await t.db.execute(sql`
        insert into rate_limits (key, window_start, count) values (${perMinute!.key}, now(), 2000000000)
        on conflict (key) do update set window_start = now(), count = 2000000000`);
      const refused = await block(blocker, other.user, method);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toEqual({ message: accountMessages.tooManyRequests, code: 'rate_limited' });
      await t.db.execute(sql`delete from rate_limits where key = ${perMinute!.key}`);
    }
    expect(await t.db.select().from(blocks).where(eq(blocks.blockerId, blocker.user.id))).toEqual([]);
  });

  it('reading the list is limited per user', async () => {
    const reader = await person();
    await t.db.execute(sql`
      insert into rate_limits (key, window_start, count)
      values (${rateKey('blockedUsersPerUser', reader.user.id)}, now(), ${rateRules.blockedUsersPerUser.max})`);
    const response = await reader.agent.request('/api/accounts/me/blocks');
    expect(response.status).toBe(429);
  });

  it('declares its 429s in the OpenAPI document', async () => {
    const document = await (await t.agent().request('/api/openapi.json')).json();
    for (const [path, method] of [
      ['/api/users/{username}/block', 'put'],
      ['/api/users/{username}/block', 'delete'],
      ['/api/accounts/me/blocks', 'get'],
    ] as const)
      expect(Object.keys(document.paths[path][method].responses), `${method} ${path}`).toContain('429');
  });
});
