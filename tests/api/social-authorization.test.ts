import { and, eq, inArray, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { follows, notifications, profiles } from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// The follow, profile and notification endpoints × {visitor, another user, owner}.
// A private profile shows others only its avatar and username (decision 008) and hides its follow
// lists (404). Someone else's notification is not found (404), never forbidden, and stays untouched.

type Caller = 'visitor' | 'other' | 'owner';
type Expected = Record<Caller, number>;
type Target = 'public' | 'private' | 'unknown';

const callers = ['visitor', 'other', 'owner'] as const;
const unknownUsername = 'nobody_by_this_name';
const notFound = { message: 'User not found', code: 'not_found' };
const notSignedIn = { message: 'Auth session missing!', code: 'unauthorized' };

let t: TestApp;
let other: CreatedUser;
let fan: CreatedUser;
let visitor: Agent;
let asOther: Agent;
let asFan: Agent;

/**
 * A profile owner: a full name, one follower and one followed (both `fan`), one public, one unlisted
 * (decision 024: on nobody's view of the profile, the owner's included) and one private list.
 */
type ProfileOwner = { user: CreatedUser; agent: Agent; publicListId: string };
let profileOwners: Record<'public' | 'private', ProfileOwner>;

async function createProfileOwner(isPublic: boolean): Promise<ProfileOwner> {
  const user = await createUser(t.db, { profileName: 'Full Name', avatarUrl: '🦉', isPublic });
  const shown = await makeChecklist(t.db, user.id, { title: 'On the profile' });
  await makeChecklist(t.db, user.id, { title: 'Never listed', isPublic: false });
  await makeChecklist(t.db, user.id, { title: 'Only by its link', visibility: 'unlisted' });
  await t.db.insert(follows).values([
    { followerId: fan.id, followedId: user.id },
    { followerId: user.id, followedId: fan.id },
  ]);
  return { user, agent: await signedInAgent(t, user), publicListId: shown.id };
}

beforeAll(async () => {
  t = await createTestApp();
  other = await createUser(t.db);
  fan = await createUser(t.db);
  visitor = t.agent();
  asOther = await signedInAgent(t, other);
  asFan = await signedInAgent(t, fan);
  profileOwners = { public: await createProfileOwner(true), private: await createProfileOwner(false) };
});

describe('who may see a profile and its follow lists', () => {
  const table: [string, (username: string) => string, Record<Target, Expected>][] = [
    [
      'profile',
      (username) => `/api/users/${username}`,
      {
        public: { visitor: 200, other: 200, owner: 200 },
        private: { visitor: 200, other: 200, owner: 200 },
        unknown: { visitor: 404, other: 404, owner: 404 },
      },
    ],
    [
      'followers',
      (username) => `/api/users/${username}/followers`,
      {
        public: { visitor: 200, other: 200, owner: 200 },
        private: { visitor: 404, other: 404, owner: 200 },
        unknown: { visitor: 404, other: 404, owner: 404 },
      },
    ],
    [
      'following',
      (username) => `/api/users/${username}/following`,
      {
        public: { visitor: 200, other: 200, owner: 200 },
        private: { visitor: 404, other: 404, owner: 200 },
        unknown: { visitor: 404, other: 404, owner: 404 },
      },
    ],
  ];

  for (const target of ['public', 'private', 'unknown'] as const) {
    for (const [name, pathOf, expected] of table) {
      it(`${name} of a ${target} profile`, async () => {
        // For an unknown name, "owner" is the public profile's owner: signed in, but owning nothing there.
        const profileOwner = profileOwners[target === 'unknown' ? 'public' : target];
        const agents: Record<Caller, Agent> = { visitor, other: asOther, owner: profileOwner.agent };
        const username = target === 'unknown' ? unknownUsername : profileOwner.user.username;
        for (const caller of callers) {
          const path = pathOf(username);
          const response = await agents[caller].request(path);
          expect(response.status, `${caller}: GET ${path}`).toBe(expected[target][caller]);
          const body = await response.json();
          if (response.status === 404) {
            // Nothing but the refusal: no counts, no users.
            expect(body, caller).toEqual(notFound);
            continue;
          }
          const seesEverything = target === 'public' || caller === 'owner';
          if (name === 'profile' && seesEverything) {
            expect(body, caller).toMatchObject({
              id: profileOwner.user.id,
              username,
              profileName: 'Full Name',
              avatarUrl: '🦉',
              isPrivateView: false,
              isOwner: caller === 'owner',
              followers: 1,
              following: 1,
            });
            expect(
              body.checklists.map((list: { id: string }) => list.id),
              caller,
            ).toEqual([profileOwner.publicListId]);
          } else if (name === 'profile') {
            // Decision 008: a private profile shows others only its avatar and username.
            expect(body, caller).toEqual({
              id: profileOwner.user.id,
              username,
              profileName: null,
              avatarUrl: '🦉',
              isPrivateView: true,
              isOwner: false,
              isFollowing: false,
              followers: null,
              following: null,
              checklists: [],
              badges: [],
            });
          } else {
            expect(
              body.users.map((user: { username: string }) => user.username),
              caller,
            ).toEqual([fan.username]);
          }
        }
      });
    }
  }
});

describe('the follow lists of a private profile', () => {
  // Following a private profile is allowed (decision 008) and shows the follower nothing more.
  it('are not found for its follower either', async () => {
    const { user } = profileOwners.private;
    for (const list of ['followers', 'following']) {
      const response = await asFan.request(`/api/users/${user.username}/${list}`);
      expect(response.status, list).toBe(404);
      expect(await response.json(), list).toEqual(notFound);
    }
  });

  it('are everybody’s once the profile is made public', async () => {
    const user = await createUser(t.db, { isPublic: false });
    await t.db.insert(follows).values({ followerId: fan.id, followedId: user.id });
    expect((await asOther.request(`/api/users/${user.username}/followers`)).status).toBe(404);
    await t.db.update(profiles).set({ isPublic: true }).where(eq(profiles.id, user.id));
    const response = await asOther.request(`/api/users/${user.username}/followers`);
    expect(response.status).toBe(200);
    expect((await response.json()).users.map((shown: { id: string }) => shown.id)).toEqual([fan.id]);
  });
});

describe('who may follow and unfollow', () => {
  const table: [string, 'PUT' | 'DELETE', Record<Target, Expected>][] = [
    [
      'follow',
      'PUT',
      {
        public: { visitor: 401, other: 200, owner: 400 },
        // Decision 008: following a private user through the API remains possible.
        private: { visitor: 401, other: 200, owner: 400 },
        unknown: { visitor: 401, other: 404, owner: 404 },
      },
    ],
    [
      'unfollow',
      'DELETE',
      {
        public: { visitor: 401, other: 200, owner: 400 },
        private: { visitor: 401, other: 200, owner: 400 },
        unknown: { visitor: 401, other: 404, owner: 404 },
      },
    ],
  ];

  const followersOf = async (userId: string) =>
    (await t.db.select().from(follows).where(eq(follows.followedId, userId))).map((row) => row.followerId);

  for (const target of ['public', 'private', 'unknown'] as const) {
    for (const [name, method, expected] of table) {
      it(`${name} a ${target} user`, async () => {
        // A fresh user per case, so one case's follow cannot change the next one's answer.
        const user = await createUser(t.db, { isPublic: target !== 'private' });
        const agents: Record<Caller, Agent> = { visitor, other: asOther, owner: await signedInAgent(t, user) };
        const username = target === 'unknown' ? unknownUsername : user.username;
        // Unfollowing starts from "other follows the user"; following from nobody following.
        if (method === 'DELETE') await t.db.insert(follows).values({ followerId: other.id, followedId: user.id });
        const before = await followersOf(user.id);

        for (const caller of callers) {
          const path = `/api/users/${username}/follow`;
          const response = await agents[caller].request(path, { method });
          expect(response.status, `${caller}: ${method} ${path}`).toBe(expected[target][caller]);
          const body = await response.json();
          if (response.status === 401) expect(body, caller).toEqual(notSignedIn);
          if (response.status === 404) expect(body, caller).toEqual(notFound);
          if (response.status === 400) {
            expect(body, caller).toEqual({ message: 'You cannot follow yourself.', code: 'invalid' });
          }
          if (response.status === 200) expect(body.isFollowing, caller).toBe(method === 'PUT');

          // Only "other" on a real user changes who follows it.
          const changed = caller === 'other' && target !== 'unknown';
          const after = changed ? (method === 'PUT' ? [other.id] : []) : before;
          expect(await followersOf(user.id), `${caller}: followers afterwards`).toEqual(after);
          if (changed) before.splice(0, before.length, ...after);
        }
      });
    }
  }

  // Decision 008: the counts of a private profile are its owner's alone, also in a follow's answer.
  it('a follow or unfollow does not reveal a private profile’s counts', async () => {
    const user = await createUser(t.db, { isPublic: false });
    await t.db.insert(follows).values({ followerId: fan.id, followedId: user.id });
    const body = await (await asOther.request(`/api/users/${user.username}/follow`, { method: 'DELETE' })).json();
    expect(body.followers).toBeNull();
    expect(body.following).toBeNull();
    const followed = await (await asOther.request(`/api/users/${user.username}/follow`, { method: 'PUT' })).json();
    expect(followed).toEqual({ followers: null, following: null, isFollowing: true });
  });

  // Decision 008: Follow shows on a private profile too, so its reader must know it follows already.
  it('a private profile tells its follower that they follow it, and nothing more', async () => {
    const { user } = profileOwners.private;
    const body = await (await asFan.request(`/api/users/${user.username}`)).json();
    expect(body).toMatchObject({ isPrivateView: true, isFollowing: true, followers: null, following: null });
    expect(body.profileName).toBeNull();
  });

  it('a private follower shows others only avatar and username in follower lists', async () => {
    const star = await createUser(t.db, { isPublic: true });
    const shy = await createUser(t.db, { profileName: 'Shy Name', avatarUrl: '🐢', isPublic: false });
    await t.db.insert(follows).values({ followerId: shy.id, followedId: star.id });
    const seen = await (await asOther.request(`/api/users/${star.username}/followers`)).json();
    expect(seen.users).toEqual([
      expect.objectContaining({ username: shy.username, profileName: null, avatarUrl: '🐢' }),
    ]);
    const asShy = await signedInAgent(t, shy);
    const own = await (await asShy.request(`/api/users/${star.username}/followers`)).json();
    expect(own.users[0].profileName).toBe('Shy Name');
  });
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
        // Fresh inboxes per caller, so one caller's write (read, delete) cannot change the next one's answer.
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
