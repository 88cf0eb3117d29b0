import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { callers, type Caller, type Expected } from '../setup/callers';
import { signedInAgent } from '../setup/sign-in';
import { createSocialApp, notSignedIn } from '../setup/social';
import type { Agent, TestApp } from '../setup/test-app';

// Someone else's notification is not found (404), never forbidden, and stays untouched.

let t: TestApp;
let other: CreatedUser;
let visitor: Agent;
let asOther: Agent;
let asFan: Agent;
beforeAll(async () => {
  ({ t, other, visitor, asOther, asFan } = await createSocialApp());
});

describe('who may read and change notifications', () => {
  let owner: CreatedUser;
  let agents: Record<Caller, Agent>;

  /** Notification ids per user: the owner gets three (like, comment, follow), "other" one (comment). */
  type Inbox = { owner: string[]; other: string[] };

  const rowsOf = (userId: string) => t.db.select().from(notifications).where(eq(notifications.userId, userId));
  const unreadOf = async (userId: string) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    ).length;
  const rowById = async (id: string) => (await t.db.select().from(notifications).where(eq(notifications.id, id)))[0];

  /** Empties both inboxes and refills them through real actions by `fan`. */
  async function freshInbox(): Promise<Inbox> {
    await t.db.delete(notifications).where(inArray(notifications.userId, [owner.id, other.id]));
    const ownersList = await makeChecklist(t.db, owner.id);
    const othersList = await makeChecklist(t.db, other.id);
    expect((await asFan.request(`/api/checklists/${ownersList.id}/like`, { method: 'PUT' })).status).toBe(200);
    expect((await asFan.post(`/api/checklists/${ownersList.id}/comments`, { content: 'Nice' })).status).toBe(201);
    await asFan.request(`/api/users/${owner.username}/follow`, { method: 'DELETE' });
    expect((await asFan.request(`/api/users/${owner.username}/follow`, { method: 'PUT' })).status).toBe(200);
    expect((await asFan.post(`/api/checklists/${othersList.id}/comments`, { content: 'Nice' })).status).toBe(201);
    const inbox = {
      owner: (await rowsOf(owner.id)).map((row) => row.id),
      other: (await rowsOf(other.id)).map((row) => row.id),
    };
    expect([inbox.owner.length, inbox.other.length]).toEqual([3, 1]);
    return inbox;
  }

  /** Reads Server-Sent Events until the first `unread` one, then lets the stream go. */
  async function firstUnreadEvent(response: Response): Promise<unknown> {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    try {
      for (;;) {
        const block = text.split('\n\n').find((entry) => /^event: unread$/m.test(entry));
        if (block) return JSON.parse(block.match(/^data: (.*)$/m)?.[1] ?? 'null');
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended before an unread event');
        text += decoder.decode(value, { stream: true });
      }
    } finally {
      await reader.cancel();
    }
  }

  type Check = (caller: Caller, response: Response, inbox: Inbox) => Promise<void>;
  const ownCount = (caller: Caller, inbox: Inbox) => (caller === 'owner' ? inbox.owner : inbox.other).length;

  const table: [string, (inbox: Inbox) => { method: string; path: string }, Expected, Check][] = [
    [
      'list',
      () => ({ method: 'GET', path: '/api/notifications' }),
      { visitor: 401, other: 200, owner: 200 },
      async (caller, response, inbox) => {
        const ids = (await response.json()).notifications.map((note: { id: string }) => note.id);
        // Each sees exactly their own: the other user none of the owner's.
        expect([...ids].sort(), caller).toEqual([...(caller === 'owner' ? inbox.owner : inbox.other)].sort());
      },
    ],
    [
      'unread count',
      () => ({ method: 'GET', path: '/api/notifications/unread-count' }),
      { visitor: 401, other: 200, owner: 200 },
      async (caller, response, inbox) => {
        expect(await response.json(), caller).toEqual({ unread: ownCount(caller, inbox) });
      },
    ],
    [
      'read all',
      () => ({ method: 'POST', path: '/api/notifications/read-all' }),
      { visitor: 401, other: 200, owner: 200 },
      async (caller, response, inbox) => {
        expect(await response.json(), caller).toEqual({ unread: 0 });
        // Only the caller's own are read now.
        expect(await unreadOf(owner.id), `${caller}: owner's unread`).toBe(caller === 'owner' ? 0 : inbox.owner.length);
        expect(await unreadOf(other.id), `${caller}: other's unread`).toBe(caller === 'other' ? 0 : inbox.other.length);
      },
    ],
    [
      'read one of the owner’s',
      (inbox) => ({ method: 'POST', path: `/api/notifications/${inbox.owner[0]}/read` }),
      { visitor: 401, other: 404, owner: 200 },
      async (caller, response, inbox) => {
        expect(await response.json(), caller).toEqual({ unread: inbox.owner.length - 1 });
      },
    ],
    [
      'delete one of the owner’s',
      (inbox) => ({ method: 'DELETE', path: `/api/notifications/${inbox.owner[0]}` }),
      { visitor: 401, other: 404, owner: 200 },
      async (caller, response) => {
        expect(await response.json(), caller).toEqual({ ok: true });
      },
    ],
    [
      'delete all',
      () => ({ method: 'DELETE', path: '/api/notifications' }),
      { visitor: 401, other: 200, owner: 200 },
      async (caller, response, inbox) => {
        expect(await response.json(), caller).toEqual({ ok: true });
        // Only the caller's own are gone.
        expect((await rowsOf(owner.id)).length, `${caller}: owner's`).toBe(caller === 'owner' ? 0 : inbox.owner.length);
        expect((await rowsOf(other.id)).length, `${caller}: other's`).toBe(caller === 'other' ? 0 : inbox.other.length);
      },
    ],
    [
      'live stream',
      () => ({ method: 'GET', path: '/api/notifications/stream' }),
      { visitor: 401, other: 200, owner: 200 },
      async (caller, response, inbox) => {
        expect(response.headers.get('content-type'), caller).toContain('text/event-stream');
        // The first event is the caller's own unread count, never the owner's for someone else.
        expect(await firstUnreadEvent(response), caller).toEqual({ unread: ownCount(caller, inbox) });
      },
    ],
  ];

  beforeAll(async () => {
    owner = await createUser(t.db);
    agents = { visitor, other: asOther, owner: await signedInAgent(t, owner) };
  });

  for (const [name, call, expected, check] of table) {
    it(name, async () => {
      for (const caller of callers) {
        // Fresh inboxes per caller, so one caller's write (read, delete) cannot change the response to the next one.
        const inbox = await freshInbox();
        const request = call(inbox);
        const response = await agents[caller].request(request.path, { method: request.method });
        expect(response.status, `${caller}: ${request.method} ${request.path}`).toBe(expected[caller]);
        if (response.status === 401) expect(await response.json(), caller).toEqual(notSignedIn);
        else if (response.status === 404) {
          expect(await response.json(), caller).toEqual({ message: 'Notification not found.', code: 'not_found' });
        } else await check(caller, response, inbox);

        // The owner's notification a per-id call names is left alone by anyone but its owner.
        if (request.path.startsWith(`/api/notifications/${inbox.owner[0]}`)) {
          const row = await rowById(inbox.owner[0]!);
          if (caller === 'owner' && request.method === 'DELETE') expect(row, caller).toBeUndefined();
          else if (caller === 'owner') expect(row?.readAt, caller).not.toBeNull();
          else expect(row, `${caller}: the owner's row is untouched`).toMatchObject({ userId: owner.id, readAt: null });
        }
        // Whatever the call, nobody else's inbox gained, lost or read anything.
        for (const [who, user] of [
          ['owner', owner],
          ['other', other],
        ] as const) {
          if (who === caller) continue;
          expect((await rowsOf(user.id)).length, `${caller}: ${who}'s notifications`).toBe(inbox[who].length);
          expect(await unreadOf(user.id), `${caller}: ${who}'s unread`).toBe(inbox[who].length);
        }
      }
    });
  }
});
