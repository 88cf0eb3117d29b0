import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { passwordMessages } from '../../src/domain/accounts/password';
import { usernameMessages } from '../../src/domain/accounts/username';
import { WRONG_PASSWORD_RESPONSE } from '../../src/server/accounts/auth-gate';
import { accounts, profiles, users } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { signUpBody, useAccountApp } from '../setup/accounts';
import type { TestApp } from '../setup/test-app';

let t: TestApp;
const { signIn } = useAccountApp((app) => (t = app));

describe('sign-up, confirmation and sign-in', () => {
  it('creates the account and profile, asks for confirmation, then lets the confirmed user in', async () => {
    const agent = t.agent();
    const response = await agent.post('/api/accounts/sign-up', signUpBody());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: accountMessages.signUpSuccess });

    const [profile] = await t.db.select().from(profiles).where(eq(profiles.username, 'river_song'));
    expect(profile).toBeDefined();

    const early = await signIn('river@example.test', 'spoilers-sweetie');
    // Not confirmed yet: the response is a wrong password's, so nobody learns the address signed
    // up; the owner gets a fresh link.
    expect(early.response.status).toBe(401);
    expect(await early.response.json()).toEqual(WRONG_PASSWORD_RESPONSE);

    const link = await t.lastLinkTo('river@example.test');
    expect(link).toContain('/api/auth/verify-email?token=');
    const confirm = await t.agent().request(link);
    expect([200, 302]).toContain(confirm.status);

    const { agent: signedIn, response: ok } = await signIn('river@example.test', 'spoilers-sweetie');
    expect(ok.status).toBe(200);
    const me = await signedIn.request('/api/accounts/me');
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: 'river_song',
      email: 'river@example.test',
      emailVerified: true,
      isPublic: true,
    });

    const out = await signedIn.post('/api/auth/sign-out', {});
    expect(out.status).toBe(200);
    expect((await signedIn.request('/api/accounts/me')).status).toBe(401);
  });

  it('refuses a username already taken, compared case-insensitively', async () => {
    await createUser(t.db, { username: 'Clara_Oswald' });
    const response = await t
      .agent()
      .post('/api/accounts/sign-up', signUpBody({ username: 'clara_oswald', email: 'c2@example.test' }));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      message: usernameMessages.taken,
      fieldErrors: { username: usernameMessages.taken },
    });
  });

  it('responds to a sign-up with a known address exactly like a new one, and mails the owner instead', async () => {
    const existing = await createUser(t.db, { username: 'known_one', email: 'known@example.test' });
    const response = await t
      .agent()
      .post('/api/accounts/sign-up', signUpBody({ username: 'someone_new', email: existing.email }));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: accountMessages.signUpSuccess });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, existing.email));
    expect(count!.n).toBe(1);
    const mail = (await t.outbox()).find((entry) => entry.to === existing.email);
    expect(mail?.subject).toBe('You already have a Ticklist account');
  });

  it('validates the form on the server with the spec messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab' }, 'username', usernameMessages.invalid],
      [{ username: 'has space' }, 'username', usernameMessages.invalid],
      [{ username: 'a'.repeat(21) }, 'username', usernameMessages.invalid],
      [{ password: '12345', confirmPassword: '12345' }, 'password', passwordMessages.tooShort],
      [{ password: 'password1', confirmPassword: 'password1' }, 'password', passwordMessages.common],
      [{ confirmPassword: 'something-else' }, 'confirmPassword', passwordMessages.mismatch],
      [{ confirmPassword: '' }, 'confirmPassword', passwordMessages.mismatch],
      [{ acceptTerms: false }, 'acceptTerms', accountMessages.termsRequired],
      [{ email: 'not-an-email' }, 'email', accountMessages.emailInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await t
        .agent()
        .post('/api/accounts/sign-up', signUpBody({ email: 'v@example.test', ...overrides }));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      const body = await response.json();
      expect(body.fieldErrors[field], JSON.stringify(overrides)).toBe(message);
    }
  });

  it('responds to a refused new password with the weak_password code and its reasons', async () => {
    const response = await t
      .agent()
      .post('/api/accounts/sign-up', signUpBody({ password: 'iloveyou', confirmPassword: 'iloveyou' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'weak_password',
      reasons: ['common'],
      message: passwordMessages.common,
    });
  });

  it('does not expose Better Auth’s own sign-up, which would skip the username', async () => {
    const response = await t
      .agent()
      .post('/api/auth/sign-up/email', { email: 'x@example.test', password: 'long-enough-1', name: 'x' });
    expect(response.status).toBe(404);
  });

  it('stores passwords as argon2id at or above OWASP ASVS 5.0 Appendix C (m ≥ 19 MiB, t ≥ 2, p = 1)', async () => {
    await t.agent().post('/api/accounts/sign-up', signUpBody({ username: 'hash_probe', email: 'hash@example.test' }));
    const [user] = await t.db.select().from(users).where(eq(users.email, 'hash@example.test'));
    const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    const match = account!.password!.match(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19 * 1024);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(Number(match![3])).toBe(1);
  });
});

describe('username availability', () => {
  it('says taken, free, or invalid, and counts the asker’s own name as free', async () => {
    const owner = await createUser(t.db, { username: 'Rory_Williams', password: 'centurion-2000' });
    const check = async (agent: ReturnType<TestApp['agent']>, name: string) =>
      (await agent.request(`/api/accounts/username-availability?username=${name}`)).json();
    const visitor = t.agent();
    expect(await check(visitor, 'rory_williams')).toEqual({
      username: 'rory_williams',
      available: false,
      reason: 'taken',
    });
    expect(await check(visitor, 'amy_pond')).toEqual({ username: 'amy_pond', available: true });
    expect(await check(visitor, 'no!')).toEqual({ username: 'no!', available: false, reason: 'invalid' });
    const { agent } = await signIn(owner.email, 'centurion-2000');
    expect(await check(agent, 'RORY_WILLIAMS')).toEqual({ username: 'RORY_WILLIAMS', available: true });
  });
});
