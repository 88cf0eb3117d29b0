import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { notificationListSchema } from '../../src/domain/notifications/notifications';
import { NOTIFICATION_CHANNEL } from '../../src/server/notifications/live';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import {
  ADDRESS_FACTOR,
  consumeWriteQuota,
  writeQuotaCounters,
  writeQuotas,
  type WriteAction,
} from '../../src/server/security/rate-limit';
import { notifiedDuring } from '../setup/notified-during';
import { makeSessionsDueForRenewal, signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// Every content write counts against a per-user and a per-address quota stored in
// Postgres; past it the response is 429 with Retry-After. The counters are seeded at their limit
// rather than reached with hundreds of requests.

let t: TestApp;
let owner: CreatedUser;
let writer: CreatedUser;
let asWriter: Agent;
let asOwner: Agent;

beforeAll(async () => {
  t = await createTestApp({ realWriteQuotas: true });
  owner = await createUser(t.db, { username: 'quota_owner' });
  writer = await createUser(t.db, { username: 'quota_writer' });
  asWriter = await signedInAgent(t, writer);
  asOwner = await signedInAgent(t, owner);
});

const input = {
  title: 'Quota list',
  description: 'A list',
  items: ['One'],
  tags: [],
  estimatedTime: '5 minutes',
  difficulty: 'easy',
};

/** Puts one counter of `action` at its limit, as if the writer had used it all just now. */
async function useUp(action: WriteAction, which: 'user:minute' | 'user:day' | 'address:day', address = '127.0.0.1') {
  const counter = writeQuotaCounters(action, writer.id, address).find((entry) => entry.key.includes(`:${which}:`))!;
  await t.db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${counter.key}, now(), ${counter.rule.max})
    on conflict (key) do update set window_start = now(), count = ${counter.rule.max}`);
}

const clearCounters = () => t.db.execute(sql`delete from rate_limits where key like 'write:%'`);

type WriteCall = { action: WriteAction; method: string; path: () => Promise<string>; json?: unknown };

/** A path through a list made as the write is sent: another user's public list, or the writer's own. */
const viaNewList =
  (path: (list: string) => string | Promise<string>, author: 'owner' | 'writer' = 'owner') =>
  async () =>
    path((await makeChecklist(t.db, (author === 'owner' ? owner : writer).id)).id);

/** Every content write with a quota: how to call it with something that exists. */
const writes: Record<string, WriteCall> = {
  'create a checklist': { action: 'createChecklist', method: 'POST', path: async () => '/api/checklists', json: input },
  'clone a checklist': {
    action: 'cloneChecklist',
    method: 'POST',
    path: viaNewList((list) => `/api/checklists/${list}/clone`),
    json: {},
  },
  'duplicate one’s own checklist': {
    action: 'duplicateChecklist',
    method: 'POST',
    path: viaNewList((list) => `/api/checklists/${list}/duplicate`, 'writer'),
  },
  'post a comment': {
    action: 'comment',
    method: 'POST',
    path: viaNewList((list) => `/api/checklists/${list}/comments`),
    json: { content: 'Nice' },
  },
  'edit a comment': {
    action: 'comment',
    method: 'PATCH',
    path: viaNewList(async (list) => {
      const result = await t.db.execute<{ id: string }>(
        sql`insert into checklist_comments (checklist_id, user_id, content) values (${list}, ${writer.id}, 'Hi') returning id`,
      );
      return `/api/comments/${result.rows[0]!.id}`;
    }),
    json: { content: 'Edited' },
  },
  like: { action: 'like', method: 'PUT', path: viaNewList((list) => `/api/checklists/${list}/like`) },
  unlike: { action: 'like', method: 'DELETE', path: viaNewList((list) => `/api/checklists/${list}/like`) },
  'start a list again': {
    action: 'startAgain',
    method: 'DELETE',
    path: viaNewList((list) => `/api/checklists/${list}/progress`),
  },
  'restore a version': {
    action: 'restoreVersion',
    method: 'POST',
    path: viaNewList(async (list) => {
      await asWriter.request(`/api/checklists/${list}`, { method: 'PUT', json: { ...input, items: ['Two'] } });
      return `/api/checklists/${list}/versions/1/restore`;
    }, 'writer'),
  },
  'review the changes of a clone’s original': {
    action: 'reviewUpstream',
    method: 'POST',
    path: viaNewList(async (list) => {
      const clone = (await (await asWriter.post(`/api/checklists/${list}/clone`, {})).json()).id as string;
      await asOwner.request(`/api/checklists/${list}`, { method: 'PUT', json: { ...input, items: ['One', 'Two'] } });
      return `/api/checklists/${clone}/upstream/review`;
    }),
    json: { toVersion: 2, accept: [] },
  },
  'dismiss an idea from remixes': {
    action: 'remixIdea',
    method: 'POST',
    path: viaNewList((list) => `/api/checklists/${list}/ideas/dismiss`, 'writer'),
    json: { idea: 'mallet' },
  },
  follow: { action: 'follow', method: 'PUT', path: async () => '/api/users/quota_owner/follow' },
  unfollow: { action: 'follow', method: 'DELETE', path: async () => '/api/users/quota_owner/follow' },
  'create a group': { action: 'group', method: 'POST', path: async () => '/api/library/groups', json: { name: 'G' } },
  'rename a group': {
    action: 'group',
    method: 'PATCH',
    path: async () => `/api/library/groups/${await newGroup()}`,
    json: { name: 'Renamed' },
  },
  'delete a group': { action: 'group', method: 'DELETE', path: async () => `/api/library/groups/${await newGroup()}` },
  'file a list in a group': {
    action: 'library',
    method: 'PUT',
    path: viaNewList(async (list) => `/api/library/groups/${await newGroup()}/checklists/${list}`),
  },
  'take a list out of a group': {
    action: 'library',
    method: 'DELETE',
    path: viaNewList(async (list) => `/api/library/groups/${await newGroup()}/checklists/${list}`),
  },
  'save a list': { action: 'library', method: 'PUT', path: viaNewList((list) => `/api/library/saved/${list}`) },
  'report a profile': {
    action: 'report',
    method: 'POST',
    path: async () => '/api/reports',
    json: { targetType: 'profile', targetId: 'quota_owner', reason: 'spam' },
  },
  'unsave a list': { action: 'library', method: 'DELETE', path: viaNewList((list) => `/api/library/saved/${list}`) },
};

async function newGroup(): Promise<string> {
  const result = await t.db.execute<{ id: string }>(
    sql`insert into user_list_groups (user_id, name) values (${writer.id}, 'Quota group') returning id`,
  );
  return result.rows[0]!.id;
}

const send = async (call: WriteCall, ip?: string) =>
  asWriter.request(await call.path(), { method: call.method, json: call.json, ...(ip ? { ip } : {}) });

describe('a content write past its quota', () => {
  for (const [name, call] of Object.entries(writes)) {
    it(`${name}: passes within the quota, and is 429 with Retry-After once the minute's burst is used`, async () => {
      await clearCounters();
      const allowed = await send(call);
      expect(allowed.status, name).toBeLessThan(300);

      await useUp(call.action, 'user:minute');
      const refused = await send(call);
      expect(refused.status, name).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter, name).toBeGreaterThanOrEqual(1);
      expect(retryAfter, name).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({ message: accountMessages.tooManyRequests, code: 'rate_limited' });
    });
  }

  it('a used-up day says to wait up to a day, and another write of the same user is still allowed', async () => {
    await clearCounters();
    await useUp('comment', 'user:day');
    const refused = await send(writes['post a comment']!);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await send(writes.like!)).status).toBe(200);
  });

  it('counts each write once: the burst is refused at the write after the quota', async () => {
    await clearCounters();
    const { perMinute } = writeQuotas.createChecklist;
    const statuses: number[] = [];
    for (let index = 0; index <= perMinute; index++) statuses.push((await send(writes['create a checklist']!)).status);
    expect(statuses).toEqual([...Array<number>(perMinute).fill(201), 429]);
  });

  it('counts the counters in order and stops at the first refusal: a write refused for the minute costs no day', async () => {
    await clearCounters();
    await send(writes.like!);
    const counts = async () =>
      Object.fromEntries(
        (
          await t.db.execute<{ key: string; count: number }>(
            sql`select key, count from rate_limits where key like 'write:like:%'`,
          )
        ).rows.map((row) => [row.key.split(':').slice(2, 4).join(':'), row.count]),
      );
    expect(await counts()).toEqual({ 'user:minute': 1, 'user:day': 1, 'address:minute': 1, 'address:day': 1 });
    await useUp('like', 'user:minute');
    expect((await send(writes.like!)).status).toBe(429);
    expect(await counts()).toEqual({
      'user:minute': writeQuotas.like.perMinute + 1,
      'user:day': 1,
      'address:minute': 1,
      'address:day': 1,
    });
  });

  it('an address used up by many accounts refuses another account from it, not from elsewhere', async () => {
    await clearCounters();
    await useUp('follow', 'address:day', '198.51.100.7');
    expect((await send(writes.follow!, '198.51.100.7')).status).toBe(429);
    expect((await send(writes.follow!, '198.51.100.8')).status).toBe(200);
    expect(writeQuotaCounters('follow', writer.id, 'x')[3]!.rule.max).toBe(writeQuotas.follow.perDay * ADDRESS_FACTOR);
  });

  it('a visitor is still asked to sign in, not counted', async () => {
    await clearCounters();
    const list = await makeChecklist(t.db, owner.id);
    const visitor = await t.agent().post(`/api/checklists/${list.id}/comments`, { content: 'Hi' });
    expect(visitor.status).toBe(401);
    const counted = await t.db.execute(sql`select 1 from rate_limits where key like 'write:%'`);
    expect(counted.rows).toEqual([]);
  });

  it('every limited route declares its 429 in the OpenAPI document', async () => {
    const document = await (await t.agent().request('/api/openapi.json')).json();
    const declared = (path: string, method: string) => Object.keys(document.paths[path][method].responses);
    for (const [path, method] of [
      ['/api/checklists', 'post'],
      ['/api/checklists/{id}/clone', 'post'],
      ['/api/checklists/{id}/duplicate', 'post'],
      ['/api/checklists/{id}/comments', 'post'],
      ['/api/comments/{id}', 'patch'],
      ['/api/checklists/{id}/like', 'put'],
      ['/api/checklists/{id}/like', 'delete'],
      ['/api/users/{username}/follow', 'put'],
      ['/api/users/{username}/follow', 'delete'],
      ['/api/library/groups', 'post'],
      ['/api/library/groups/{id}', 'patch'],
      ['/api/library/groups/{id}', 'delete'],
      ['/api/library/groups/{id}/checklists/{checklistId}', 'put'],
      ['/api/library/groups/{id}/checklists/{checklistId}', 'delete'],
      ['/api/library/saved/{checklistId}', 'put'],
      ['/api/library/saved/{checklistId}', 'delete'],
    ] as const) {
      expect(declared(path, method), `${method} ${path}`).toContain('429');
    }
  });
});

describe('repeated likes and follows tell the recipient once an hour', () => {
  const inbox = async (agent: Agent) =>
    notificationListSchema.parse(await (await agent.request('/api/notifications')).json()).notifications;

  /** Counts the NOTIFY payloads for `userId` sent while `act` runs. */
  const notificationsDuring = async (userId: string, act: () => Promise<void>) =>
    (await notifiedDuring(t.db, NOTIFICATION_CHANNEL, act)).filter((payload) => payload === userId).length;

  it('like, unlike, like, unlike, like: one notification, one live NOTIFY', async () => {
    await clearCounters();
    const asOwner = await signedInAgent(t, owner);
    await asOwner.request('/api/notifications', { method: 'DELETE' });
    const list = await makeChecklist(t.db, owner.id, { title: 'Toggled' });
    const notified = await notificationsDuring(owner.id, async () => {
      for (const method of ['PUT', 'DELETE', 'PUT', 'DELETE', 'PUT']) {
        expect((await asWriter.request(`/api/checklists/${list.id}/like`, { method })).status).toBe(200);
      }
    });
    expect(notified).toBe(1);
    expect((await inbox(asOwner)).map((note) => note.type)).toEqual(['like']);
  });

  it('follow, unfollow, follow: one notification; an hour later an unfollow takes it back and a follow tells again', async () => {
    await clearCounters();
    const asOwner = await signedInAgent(t, owner);
    await asOwner.request('/api/notifications', { method: 'DELETE' });
    await asWriter.request('/api/users/quota_owner/follow', { method: 'DELETE' });
    const notified = await notificationsDuring(owner.id, async () => {
      for (const method of ['PUT', 'DELETE', 'PUT']) {
        expect((await asWriter.request('/api/users/quota_owner/follow', { method })).status).toBe(200);
      }
    });
    expect(notified).toBe(1);
    expect((await inbox(asOwner)).map((note) => note.type)).toEqual(['follow']);

    // An hour passes.
    await t.db.execute(
      sql`update notifications set created_at = now() - interval '61 minutes' where user_id = ${owner.id}`,
    );
    await asWriter.request('/api/users/quota_owner/follow', { method: 'DELETE' });
    expect(await inbox(asOwner)).toEqual([]);
    await asWriter.request('/api/users/quota_owner/follow', { method: 'PUT' });
    expect((await inbox(asOwner)).map((note) => note.type)).toEqual(['follow']);
  });

  it('a like more than an hour after the last one, never unliked in between, replaces it rather than adding one', async () => {
    await clearCounters();
    const asOwner = await signedInAgent(t, owner);
    await asOwner.request('/api/notifications', { method: 'DELETE' });
    const list = await makeChecklist(t.db, owner.id);
    await asWriter.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    await asWriter.request(`/api/checklists/${list.id}/like`, { method: 'DELETE' });
    await t.db.execute(
      sql`update notifications set created_at = now() - interval '61 minutes' where user_id = ${owner.id}`,
    );
    await asWriter.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    const notes = await inbox(asOwner);
    expect(notes.map((note) => note.type)).toEqual(['like']);
    expect(Date.parse(notes[0]!.createdAt)).toBeGreaterThan(Date.now() - 30 * 60 * 1000);
  });
});

describe("the counters' commit", () => {
  it('does not wait for the disk: consumeWriteQuota commits them in a transaction of its own with synchronous_commit off', async () => {
    await clearCounters();
    const statements: string[] = [];
    const pool = t.db.$client;
    const query = pool.query.bind(pool);
    // What the pool is sent.
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      statements.push(text);
      return query(...args);
    }) as typeof pool.query;
    try {
      expect(await consumeWriteQuota(t.db, 'createChecklist', writer.id, '127.0.0.1')).toEqual({ allowed: true });
    } finally {
      pool.query = query;
    }
    // One statement, sent to the pool, so a transaction of its own, which turns the setting off
    // until that transaction ends.
    const counted = statements.filter((text) => text.includes('ticklist_count_events'));
    expect(counted).toHaveLength(1);
    expect(counted[0]).toContain("set_config('synchronous_commit', 'off', true)");
  });
});

describe('a write counted with its session', () => {
  const minuteCount = async () => {
    const [counter] = writeQuotaCounters('like', writer.id, '127.0.0.1');
    const rows = await t.db.execute<{ count: number }>(sql`select count from rate_limits where key = ${counter!.key}`);
    return rows.rows[0]?.count ?? 0;
  };

  it('counts once whether the session is read as it is or left to Better Auth to renew', async () => {
    await clearCounters();
    const list = await makeChecklist(t.db, owner.id);
    const like = () => asWriter.request(`/api/checklists/${list.id}/like`, { method: 'PUT' });
    expect((await like()).status).toBe(200);
    expect(await minuteCount()).toBe(1);
    // Signed in two days ago: due for renewal, so Better Auth reads the session and the quota is counted apart.
    await makeSessionsDueForRenewal(t, writer.id);
    expect((await like()).status).toBe(200);
    expect(await minuteCount()).toBe(2);
    // Renewed: read as it is again, and counted in its statement.
    expect((await like()).status).toBe(200);
    expect(await minuteCount()).toBe(3);
  });
});
