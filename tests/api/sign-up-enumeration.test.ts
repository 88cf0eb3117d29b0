import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { usernameHolds, users } from '../../src/server/db/schema';
import { WRONG_PASSWORD_RESPONSE } from '../../src/server/accounts/auth-gate';
import { SIGN_UP_MIN_RESPONSE_MS } from '../../src/server/security/minimum-response-time';
import { createUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const signUp = (email: string, username: string, ip = '10.40.0.1') =>
  t
    .agent()
    .post(
      '/api/accounts/sign-up',
      { username, email, password: 'a-new-secret-9', confirmPassword: 'a-new-secret-9', acceptTerms: true },
      { ip },
    );

/** Everything a stranger can see about a username. */
async function observe(username: string) {
  const availability = await t.agent().request(`/api/accounts/username-availability?username=${username}`);
  const profile = await t.agent().request(`/api/users/${username}`);
  return {
    availability: { status: availability.status, body: await availability.json() },
    profile: { status: profile.status, body: await profile.json() },
  };
}

/** The observation with the username itself taken out, so two names compare. */
const withoutName = (seen: Awaited<ReturnType<typeof observe>>) => ({
  ...seen,
  availability: { ...seen.availability, body: { ...seen.availability.body, username: '' } },
});

async function answerOf(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe('sign-up cannot tell a registered e-mail from a new one ', () => {
  it('responds to a known and a new address no sooner than the minimum response time, so neither is quicker', async () => {
    const owner = await createUser(t.db, { email: 'timed-owner@example.test' });
    for (const email of [owner.email, 'timed-new@example.test']) {
      const started = performance.now();
      const answer = await signUp(email, `timed_${email.startsWith('timed-new') ? 'new' : 'known'}`, '10.40.0.9');
      expect(answer.status).toBe(201);
      // A lower bound the server guarantees by waiting, not a measure of speed.
      expect(performance.now() - started).toBeGreaterThanOrEqual(SIGN_UP_MIN_RESPONSE_MS - 1);
    }
  });

  it('responds to sign-ups sent at the same moment for one new address alike: one account, each name held', async () => {
    const email = 'together@example.test';
    const answers = await Promise.all(
      [0, 1, 2, 3].map((index) => signUp(email, `together_${index}`, `10.41.0.${index + 1}`)),
    );
    expect(await Promise.all(answers.map(answerOf))).toEqual(
      Array(4).fill({ status: 201, body: { message: accountMessages.signUpSuccess } }),
    );
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    for (const index of [0, 1, 2, 3]) {
      expect((await observe(`together_${index}`)).availability.body.available).toBe(false);
    }
  });

  it('signing in with the password just signed up with responds alike for a known and a new address', async () => {
    const owner = await createUser(t.db, { email: 'signin-owner@example.test', password: 'the-owners-own-1' });
    const probe = async (email: string, username: string, ip: string) => {
      expect((await signUp(email, username, ip)).status).toBe(201);
      const answer = await t.agent().post('/api/auth/sign-in/email', { email, password: 'a-new-secret-9' }, { ip });
      return {
        status: answer.status,
        body: await answer.json(),
        headers: [...answer.headers.keys()].filter((name) => name !== 'date').sort(),
      };
    };
    const known = await probe(owner.email, 'signin_known', '10.42.0.1');
    const fresh = await probe('signin-new@example.test', 'signin_new', '10.42.0.2');
    expect(known).toEqual(fresh);
    expect(fresh).toMatchObject({ status: 401, body: WRONG_PASSWORD_RESPONSE });
    // The owner of the new address was mailed a fresh confirmation link all the same.
    expect(await t.lastLinkTo('signin-new@example.test')).toContain('/api/auth/verify-email?token=');
  });

  it('responds, reserves the username and hides the profile alike, for a first and a second sign-up', async () => {
    const owner = await createUser(t.db, { username: 'known_owner', email: 'registered@example.test' });

    const known = await answerOf(await signUp(owner.email, 'probe_known'));
    const fresh = await answerOf(await signUp('brand-new@example.test', 'probe_fresh'));
    expect(known).toEqual(fresh);
    expect(known).toEqual({ status: 201, body: { message: accountMessages.signUpSuccess } });

    const seenKnown = await observe('probe_known');
    const seenFresh = await observe('probe_fresh');
    expect(withoutName(seenKnown)).toEqual(withoutName(seenFresh));
    expect(seenKnown.availability.body).toMatchObject({ available: false, reason: 'taken' });
    expect(seenKnown.profile.status).toBe(404);

    // A second sign-up with the same address and another name: alike again.
    const knownAgain = await answerOf(await signUp(owner.email, 'probe_known_2'));
    const freshAgain = await answerOf(await signUp('brand-new@example.test', 'probe_fresh_2'));
    expect(knownAgain).toEqual(freshAgain);
    expect(withoutName(await observe('probe_known_2'))).toEqual(withoutName(await observe('probe_fresh_2')));

    // The same name once more: taken for both.
    const knownSameName = await answerOf(await signUp(owner.email, 'probe_known'));
    const freshSameName = await answerOf(await signUp('brand-new@example.test', 'probe_fresh'));
    expect(knownSameName).toEqual(freshSameName);
    expect(knownSameName.status).toBe(409);

    // A signed-in stranger cannot follow either name.
    const stranger = await signedInAgent(t, await createUser(t.db));
    const followKnown = await answerOf(await stranger.post('/api/users/probe_known/follow', {}));
    const followFresh = await answerOf(await stranger.post('/api/users/probe_fresh/follow', {}));
    expect(followKnown).toEqual(followFresh);
    expect(followKnown.status).toBe(404);

    // Only one account exists for the registered address, and the owner's own name is untouched.
    const rows = await t.db.select().from(users).where(eq(users.email, owner.email));
    expect(rows).toHaveLength(1);
    expect((await observe('known_owner')).profile.status).toBe(200);
  });

  it('makes the profile public only once the address is confirmed', async () => {
    expect((await signUp('confirm-me@example.test', 'soon_public')).status).toBe(201);
    expect((await t.agent().request('/api/users/soon_public')).status).toBe(404);
    const link = await t.lastLinkTo('confirm-me@example.test');
    expect((await t.agent().request(link)).status).toBe(302);
    expect((await t.agent().request('/api/users/soon_public')).status).toBe(200);
  });

  it('frees unconfirmed accounts and held usernames after 48 hours', async () => {
    const owner = await createUser(t.db, { email: 'owner-48@example.test' });
    expect((await signUp('late@example.test', 'late_name')).status).toBe(201);
    expect((await signUp(owner.email, 'held_name')).status).toBe(201);
    const link = await t.lastLinkTo('late@example.test');

    // 47 hours on: still taken.
    await t.db.execute(
      sql`update users set created_at = now() - interval '47 hours' where email = 'late@example.test'`,
    );
    expect((await observe('late_name')).availability.body.available).toBe(false);

    // 48 hours on: both names are free, the account is gone, its old link confirms nothing.
    await t.db.execute(
      sql`update users set created_at = now() - interval '48 hours 1 minute' where email = 'late@example.test'`,
    );
    await t.db.update(usernameHolds).set({ expiresAt: sql`now() - interval '1 minute'` });
    expect((await observe('late_name')).availability.body).toEqual({ username: 'late_name', available: true });
    expect((await observe('held_name')).availability.body).toEqual({ username: 'held_name', available: true });
    await t.agent().request(link);
    expect(await t.db.select().from(users).where(eq(users.email, 'late@example.test'))).toEqual([]);
    expect(await t.db.select().from(usernameHolds)).toEqual([]);

    // Someone else can now take the name, and the address can sign up again.
    expect((await signUp('someone-else@example.test', 'late_name')).status).toBe(201);
    expect((await signUp('late@example.test', 'late_again')).status).toBe(201);
    const [again] = await t.db.select().from(users).where(eq(users.email, 'late@example.test'));
    expect(again?.name).toBe('late_again');
  });

  it('refuses sign-in to an unconfirmed account past its 48 hours like an unknown one', async () => {
    expect((await signUp('expired@example.test', 'expired_one')).status).toBe(201);
    await t.db.execute(
      sql`update users set created_at = now() - interval '49 hours' where email = 'expired@example.test'`,
    );
    const answer = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: 'expired@example.test', password: 'a-new-secret-9' });
    expect(answer.status).toBe(401);
  });
});
