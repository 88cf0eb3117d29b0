import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { follows } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { callers, type Expected } from '../setup/callers';
import { signedInAgent } from '../setup/sign-in';
import { notFound, notSignedIn, unknownUsername, targets, useSocialApp, type Target } from '../setup/social';

// Who may follow and unfollow a public, a private and an unknown user.

const social = useSocialApp();

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
    (await social.t.db.select().from(follows).where(eq(follows.followedId, userId))).map((row) => row.followerId);

  for (const target of targets) {
    for (const [name, method, expected] of table) {
      it(`${name} a ${target} user`, async () => {
        const { t, other } = social;
        // A fresh user per case, so one case's follow cannot change the response to the next one.
        const user = await createUser(t.db, { isPublic: target !== 'private' });
        const agents = social.callerAgents(await signedInAgent(t, user));
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

  // Decision 008: the counts of a private profile are its owner's alone, also in the response to a follow.
  it('a follow or unfollow does not reveal a private profile’s counts', async () => {
    const { t, fan, asOther } = social;
    const user = await createUser(t.db, { isPublic: false });
    await t.db.insert(follows).values({ followerId: fan.id, followedId: user.id });
    const body = await (await asOther.request(`/api/users/${user.username}/follow`, { method: 'DELETE' })).json();
    expect(body.followers).toBeNull();
    expect(body.following).toBeNull();
    const followed = await (await asOther.request(`/api/users/${user.username}/follow`, { method: 'PUT' })).json();
    expect(followed).toEqual({ followers: null, following: null, isFollowing: true });
  });

  // Decision 008: Follow shows on a private profile too, so its reader must know it follows already.
  it('a private profile shows its follower that they follow it, and nothing more', async () => {
    const { user } = social.profileOwners.private;
    const body = await (await social.asFan.request(`/api/users/${user.username}`)).json();
    expect(body).toMatchObject({ isPrivateView: true, isFollowing: true, followers: null, following: null });
    expect(body.profileName).toBeNull();
  });

  it('a private follower shows others only avatar and username in follower lists', async () => {
    const { t, asOther } = social;
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
