import { beforeAll } from 'vitest';
import { follows } from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import type { Caller } from './callers';
import { signedInAgent } from './sign-in';
import { createTestApp, type Agent, type TestApp } from './test-app';

// The follow, profile and notification endpoints × {visitor, another user, owner}.
// A private profile shows others only its avatar and username (decision 008) and hides its follow
// lists (404). Someone else's notification is not found (404), never forbidden, and stays untouched.

/** Whose profile a call names: a public one, a private one, or nobody's. */
export type Target = 'public' | 'private' | 'unknown';
export const targets = ['public', 'private', 'unknown'] as const;
export const unknownUsername = 'nobody_by_this_name';
export const notFound = { message: 'User not found', code: 'not_found' };
export const notSignedIn = { message: 'Auth session missing!', code: 'unauthorized' };

/** All a private profile shows anyone but its owner: its avatar and username (decision 008). */
export const privateProfileView = (user: { id: string; username: string }, avatarUrl: string) => ({
  id: user.id,
  username: user.username,
  profileName: null,
  avatarUrl,
  isPrivateView: true,
  isOwner: false,
  isFollowing: false,
  isBlocked: false,
  followers: null,
  following: null,
  checklists: [],
  badges: [],
});

/**
 * A profile owner: a full name, one follower and one followed (both `fan`), one public, one unlisted
 * (decision 024: on nobody's view of the profile, the owner's included) and one private list.
 */
export type ProfileOwner = { user: CreatedUser; agent: Agent; publicListId: string };
export type ProfileOwners = Record<'public' | 'private', ProfileOwner>;

async function createProfileOwner(t: TestApp, fan: CreatedUser, isPublic: boolean): Promise<ProfileOwner> {
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

/** The social authorisation tests' app: a visitor, another user, a fan, and a public and a private profile owner. */
export async function createSocialApp() {
  const t = await createTestApp();
  const other = await createUser(t.db);
  const fan = await createUser(t.db);
  const profileOwners: ProfileOwners = {
    public: await createProfileOwner(t, fan, true),
    private: await createProfileOwner(t, fan, false),
  };
  const visitor = t.agent();
  const asOther = await signedInAgent(t, other);
  return {
    t,
    other,
    fan,
    visitor,
    asOther,
    asFan: await signedInAgent(t, fan),
    profileOwners,
    /** The agents of the authorisation tables' callers: the visitor, `other`, and `owner` as the owner. */
    callerAgents: (owner: Agent): Record<Caller, Agent> => ({ visitor, other: asOther, owner }),
  };
}

export type SocialApp = Awaited<ReturnType<typeof createSocialApp>>;

/**
 * The test file's social app, made in its `beforeAll`: the object returned is filled in then, so
 * tests and hooks read its fields when they run.
 */
export function useSocialApp(): SocialApp {
  const social = {} as SocialApp;
  beforeAll(async () => {
    Object.assign(social, await createSocialApp());
  });
  return social;
}
