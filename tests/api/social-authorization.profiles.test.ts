import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { follows, profiles } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { callers, type Expected } from '../setup/callers';
import { notFound, privateProfileView, unknownUsername, targets, useSocialApp, type Target } from '../setup/social';

// Who may see a public, a private and an unknown profile, and their follow lists.

const social = useSocialApp();

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

  for (const target of targets) {
    for (const [name, pathOf, expected] of table) {
      it(`${name} of a ${target} profile`, async () => {
        // For an unknown name, "owner" is the public profile's owner: signed in, but owning nothing there.
        const profileOwner = social.profileOwners[target === 'unknown' ? 'public' : target];
        const agents = social.callerAgents(profileOwner.agent);
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
            expect(body, caller).toEqual(privateProfileView(profileOwner.user, '🦉'));
          } else {
            expect(
              body.users.map((user: { username: string }) => user.username),
              caller,
            ).toEqual([social.fan.username]);
          }
        }
      });
    }
  }
});

describe('the follow lists of a private profile', () => {
  // Following a private profile is allowed (decision 008) and shows the follower nothing more.
  it('are not found for its follower either', async () => {
    const { user } = social.profileOwners.private;
    for (const list of ['followers', 'following']) {
      const response = await social.asFan.request(`/api/users/${user.username}/${list}`);
      expect(response.status, list).toBe(404);
      expect(await response.json(), list).toEqual(notFound);
    }
  });

  it('are everybody’s once the profile is made public', async () => {
    const { t, fan, asOther } = social;
    const user = await createUser(t.db, { isPublic: false });
    await t.db.insert(follows).values({ followerId: fan.id, followedId: user.id });
    expect((await asOther.request(`/api/users/${user.username}/followers`)).status).toBe(404);
    await t.db.update(profiles).set({ isPublic: true }).where(eq(profiles.id, user.id));
    const response = await asOther.request(`/api/users/${user.username}/followers`);
    expect(response.status).toBe(200);
    expect((await response.json()).users.map((shown: { id: string }) => shown.id)).toEqual([fan.id]);
  });
});
