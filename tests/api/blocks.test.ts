import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { checklistMessages } from '../../src/domain/checklists/checklist-view';
import { commentListSchema, commentMessages } from '../../src/domain/checklists/comments';
import { pagingMessages } from '../../src/domain/paging';
import { blockedUsersPageSchema, blockMessages, blockStateSchema } from '../../src/domain/social/blocks';
import { publicProfileSchema } from '../../src/domain/social/profile';
import { blocks, notificationMails, notifications } from '../../src/server/db/schema';
import { notify } from '../../src/server/notifications/notifications.actions';
import { hasBlocked } from '../../src/server/social/blocks.queries';
import { rateKey, rateRules, writeQuotaCounters } from '../../src/server/security/rate-limit';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// Blocking (decision 048): the blocked user cannot follow the blocker, comment on their lists or
// like them, each answered as if the user or list were not there; their comments are left out for
// the blocker; nothing they do notifies or mails the blocker; follows end both ways; and nothing
// tells the blocked user. Unblocking restores every path.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

const userNotFound = { message: 'User not found', code: 'not_found' };
const listNotFound = { message: checklistMessages.notFound, code: 'not_found' };
const notSignedIn = { message: 'Auth session missing!', code: 'unauthorized' };

type Person = { user: CreatedUser; agent: Agent };
async function person(overrides: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t.db, overrides);
  return { user, agent: await signedInAgent(t, user) };
}
const withRole = async (role: 'moderator' | 'admin') => {
  const made = await person();
  await t.db.execute(sql`update profiles set role = ${role} where id = ${made.user.id}`);
  return made;
};

const block = (by: Person, whom: CreatedUser | string, method: 'PUT' | 'DELETE' = 'PUT') =>
  by.agent.request(`/api/users/${typeof whom === 'string' ? whom : whom.username}/block`, { method });
const blockOk = async (by: Person, whom: CreatedUser, method: 'PUT' | 'DELETE' = 'PUT') => {
  const response = await block(by, whom, method);
  expect(response.status).toBe(200);
  expect(blockStateSchema.parse(await response.json())).toEqual({ isBlocked: method === 'PUT' });
};
const follow = (by: Person, whom: CreatedUser, method: 'PUT' | 'DELETE' = 'PUT') =>
  by.agent.request(`/api/users/${whom.username}/follow`, { method });
const comment = (by: Person, listId: string, content = 'Nice list') =>
  by.agent.post(`/api/checklists/${listId}/comments`, { content });
const like = (by: Person, listId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  by.agent.request(`/api/checklists/${listId}/like`, { method });
const commentsAs = async (agent: Agent, listId: string) =>
  commentListSchema.parse(await (await agent.request(`/api/checklists/${listId}/comments`)).json());
const profileAs = async (agent: Agent, username: string) =>
  publicProfileSchema.parse(await (await agent.request(`/api/users/${username}`)).json());
const notificationsOf = async (user: CreatedUser) =>
  t.db
    .select({ type: notifications.type, actorId: notifications.actorId })
    .from(notifications)
    .where(eq(notifications.userId, user.id));
const followsBetween = async (a: CreatedUser, b: CreatedUser) =>
  (
    await t.db.execute<{ follower_id: string }>(sql`
      select follower_id from follows
      where (follower_id = ${a.id} and followed_id = ${b.id}) or (follower_id = ${b.id} and followed_id = ${a.id})`)
  ).rows.map((row) => row.follower_id);

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

describe('what a block refuses the blocked user, as if the thing were not there', () => {
  let blocker: Person;
  let blocked: Person;
  let bystander: Person;
  let listId: string;

  beforeAll(async () => {
    blocker = await person({ profileName: 'Blocker' });
    blocked = await person({ profileName: 'Pest' });
    bystander = await person();
    listId = (await makeChecklist(t.db, blocker.user.id, { title: 'Blocker’s list' })).id;
    await blockOk(blocker, blocked.user);
  });

  it('following the blocker is not found; the blocker is not followed', async () => {
    const response = await follow(blocked, blocker.user);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(userNotFound);
    expect(await followsBetween(blocker.user, blocked.user)).toEqual([]);
    // Unfollowing is harmless, as for anyone who does not follow.
    expect((await follow(blocked, blocker.user, 'DELETE')).status).toBe(200);
  });

  it('commenting on the blocker’s list is not found, and writes nothing', async () => {
    const response = await comment(blocked, listId);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(listNotFound);
    expect((await commentsAs(bystander.agent, listId)).total).toBe(0);
  });

  it('liking the blocker’s list is not found, and counts nothing', async () => {
    const response = await like(blocked, listId);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual(listNotFound);
    const detail = await (await bystander.agent.request(`/api/checklists/${listId}`)).json();
    expect(detail.likes).toBe(0);
  });

  it('everything else stays: the blocked user still reads the list and its comments, and the profile', async () => {
    expect((await blocked.agent.request(`/api/checklists/${listId}`)).status).toBe(200);
    expect((await blocked.agent.request(`/api/checklists/${listId}/comments`)).status).toBe(200);
    const profile = await profileAs(blocked.agent, blocker.user.username);
    expect(profile.checklists.map((list) => list.id)).toContain(listId);
    // Nothing in the blocker's profile tells the blocked user of the block.
    expect(profile.isBlocked).toBe(false);
    expect((await profileAs(blocker.agent, blocked.user.username)).isBlocked).toBe(true);
  });

  it('others are not refused: a bystander comments and likes', async () => {
    const other = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    expect((await comment(other, list.id)).status).toBe(201);
    expect((await like(other, list.id)).status).toBe(200);
  });

  it('the blocker may still comment on and like the blocked user’s lists; they are not blocked back', async () => {
    const theirs = await makeChecklist(t.db, blocked.user.id);
    expect((await comment(blocker, theirs.id)).status).toBe(201);
    expect((await like(blocker, theirs.id)).status).toBe(200);
  });

  it('the blocker is told to unblock before following the one they blocked', async () => {
    const response = await follow(blocker, blocked.user);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: blockMessages.unblockToFollow, code: 'invalid' });
  });
});

describe('what a block does to what was there before it', () => {
  it('ends follows both ways, and the counts shown follow at once', async () => {
    const blocker = await person();
    const blocked = await person();
    await follow(blocker, blocked.user);
    await follow(blocked, blocker.user);
    expect((await profileAs(blocker.agent, blocker.user.username)).followers).toBe(1);
    await blockOk(blocker, blocked.user);
    expect(await followsBetween(blocker.user, blocked.user)).toEqual([]);
    const own = await profileAs(blocker.agent, blocker.user.username);
    expect({ followers: own.followers, following: own.following }).toEqual({ followers: 0, following: 0 });
    const theirs = await profileAs(blocked.agent, blocked.user.username);
    expect({ followers: theirs.followers, following: theirs.following }).toEqual({ followers: 0, following: 0 });
    const stats = await (await blocker.agent.request('/api/accounts/me/stats')).json();
    expect({ followers: stats.followers, following: stats.following }).toEqual({ followers: 0, following: 0 });
  });

  it('leaves the blocked user’s comments out of the blocker’s reading and count, and no one else’s', async () => {
    const blocker = await person();
    const blocked = await person();
    const bystander = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    // More than a page of the blocked user's comments, then one of another's.
    for (let index = 0; index < 21; index++)
      expect((await comment(blocked, list.id, `Mean ${index}`)).status).toBe(201);
    expect((await comment(bystander, list.id, 'Kind words')).status).toBe(201);
    // On someone else's list too: the blocker does not read them anywhere.
    const elsewhere = await makeChecklist(t.db, bystander.user.id);
    expect((await comment(blocked, elsewhere.id, 'Mean elsewhere')).status).toBe(201);

    await blockOk(blocker, blocked.user);
    const seen = await commentsAs(blocker.agent, list.id);
    expect(seen.comments.map((entry) => entry.content)).toEqual(['Kind words']);
    expect(seen).toMatchObject({ total: 1, nextCursor: null });
    expect((await commentsAs(blocker.agent, elsewhere.id)).total).toBe(0);
    // Everyone else reads them as before, the blocked user and a visitor too.
    expect((await commentsAs(bystander.agent, list.id)).total).toBe(22);
    expect((await commentsAs(blocked.agent, list.id)).total).toBe(22);
    expect((await commentsAs(t.agent(), list.id)).total).toBe(22);
  });

  it('a blocked user can no longer edit their comment on the blocker’s list, but may delete it', async () => {
    const blocker = await person();
    const blocked = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    const written = await (await comment(blocked, list.id)).json();
    await blockOk(blocker, blocked.user);
    const edited = await blocked.agent.request(`/api/comments/${written.id}`, {
      method: 'PATCH',
      json: { content: 'Edited' },
    });
    expect(edited.status).toBe(404);
    expect(await edited.json()).toEqual({ message: commentMessages.notFound, code: 'not_found' });
    expect((await blocked.agent.request(`/api/comments/${written.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('deletes what the blocked user had already sent the blocker, and nothing the blocker got from others', async () => {
    const blocker = await person();
    const blocked = await person();
    const bystander = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    await comment(blocked, list.id);
    await like(blocked, list.id);
    await comment(bystander, list.id);
    expect(await notificationsOf(blocker.user)).toHaveLength(3);
    await blockOk(blocker, blocked.user);
    expect(await notificationsOf(blocker.user)).toEqual([{ type: 'comment', actorId: bystander.user.id }]);
  });
});

describe('nothing from the blocked user reaches the blocker', () => {
  it('no notification of any type: like, comment, follow (each written directly) or clone', async () => {
    const blocker = await person();
    const blocked = await person();
    const list = await makeChecklist(t.db, blocker.user.id, { title: 'Quiet' });
    await blockOk(blocker, blocked.user);
    const checklist = { id: list.id, title: 'Quiet' };
    // The one condition in notify covers every type, whichever action asks.
    await t.db.transaction(async (tx) => {
      for (const type of ['like', 'comment', 'follow'] as const)
        await notify(tx, { type, recipientId: blocker.user.id, actorId: blocked.user.id, checklist });
    });
    // Cloning is not refused (the list is public to everyone), but tells the blocker nothing.
    expect((await blocked.agent.request(`/api/checklists/${list.id}/clone`, { method: 'POST' })).status).toBe(201);
    // (A badge the clone earned the author has no actor: it is the blocker's own, and stays.)
    const fromPeople = async () => (await notificationsOf(blocker.user)).filter((entry) => entry.type !== 'badge');
    expect(await fromPeople()).toEqual([]);
    expect(await t.db.select().from(notificationMails).where(eq(notificationMails.userId, blocker.user.id))).toEqual(
      [],
    );
    // Someone else's are still written.
    const other = await person();
    await t.db.transaction((tx) =>
      notify(tx, { type: 'comment', recipientId: blocker.user.id, actorId: other.user.id, checklist }),
    );
    expect(await fromPeople()).toEqual([{ type: 'comment', actorId: other.user.id }]);
  });

  it('a mail queued before the block is not sent after it', async () => {
    const blocker = await person();
    const blocked = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    expect((await comment(blocked, list.id)).status).toBe(201);
    expect(
      await t.db.select().from(notificationMails).where(eq(notificationMails.userId, blocker.user.id)),
    ).toHaveLength(1);
    await blockOk(blocker, blocked.user);
    await t.dispatchMails();
    expect((await t.outbox()).filter((mail) => mail.to === blocker.user.email)).toEqual([]);
    expect(await t.db.select().from(notificationMails).where(eq(notificationMails.userId, blocker.user.id))).toEqual(
      [],
    );
  });

  it('the blocker’s own actions still notify the blocked user', async () => {
    const blocker = await person();
    const blocked = await person();
    const theirs = await makeChecklist(t.db, blocked.user.id);
    await blockOk(blocker, blocked.user);
    expect((await comment(blocker, theirs.id)).status).toBe(201);
    expect(await notificationsOf(blocked.user)).toEqual([{ type: 'comment', actorId: blocker.user.id }]);
  });
});

describe('unblocking', () => {
  it('restores every path: follow, comment, like, notifications, and the comments read', async () => {
    const blocker = await person();
    const blocked = await person();
    const list = await makeChecklist(t.db, blocker.user.id);
    expect((await comment(blocked, list.id, 'Before')).status).toBe(201);
    await blockOk(blocker, blocked.user);
    expect((await commentsAs(blocker.agent, list.id)).total).toBe(0);

    await blockOk(blocker, blocked.user, 'DELETE');
    expect((await commentsAs(blocker.agent, list.id)).comments.map((entry) => entry.content)).toEqual(['Before']);
    expect((await follow(blocked, blocker.user)).status).toBe(200);
    expect((await comment(blocked, list.id, 'After')).status).toBe(201);
    expect((await like(blocked, list.id)).status).toBe(200);
    expect((await notificationsOf(blocker.user)).map((entry) => entry.type).sort()).toEqual([
      'comment',
      'follow',
      'like',
    ]);
    // The blocker may follow them again too.
    expect((await follow(blocker, blocked.user)).status).toBe(200);
    // A block's follows are not brought back by unblocking: only the ones made since are there.
    expect((await followsBetween(blocker.user, blocked.user)).sort()).toEqual(
      [blocker.user.id, blocked.user.id].sort(),
    );
    expect((await profileAs(blocker.agent, blocked.user.username)).isBlocked).toBe(false);
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

describe('the cost of a block to every read', () => {
  it('is a read of the blocks by their primary key (the reader’s own), in the comment list and the notification insert', async () => {
    const viewer = await person();
    const plans = await t.db.transaction(async (tx) => {
      // With few rows PostgreSQL may read the table whole; forbidding that shows what the index serves.
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (query: ReturnType<typeof sql>) =>
        (await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      return [
        await explain(sql`
          select cm.id from checklist_comments cm
          where cm.checklist_id = ${randomUUID()} and not ${hasBlocked(viewer.user.id, sql`cm.user_id`)}`),
        await explain(sql`select not ${hasBlocked(viewer.user.id, 'someone')}`),
      ];
    });
    for (const plan of plans) {
      expect(plan).toMatch(/Index (Only )?Scan (using|on) blocks_blocker_id_blocked_id_pk/);
      expect(plan).not.toMatch(/Seq Scan on blocks/);
    }
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
