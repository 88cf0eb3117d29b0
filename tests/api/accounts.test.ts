import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { passwordMessages } from '../../src/domain/accounts/password';
import { usernameMessages } from '../../src/domain/accounts/username';
import { WRONG_PASSWORD_RESPONSE } from '../../src/server/accounts/auth-gate';
import { accounts, profiles, users, verifications } from '../../src/server/db/schema';
import { signInSlowdown } from '../../src/server/security/rate-limit';
import { createUser } from '../../src/server/seed/factories';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  username: 'river_song',
  email: 'river@example.test',
  password: 'spoilers-sweetie',
  confirmPassword: 'spoilers-sweetie',
  acceptTerms: true,
  ...overrides,
});

async function signIn(email: string, password: string, rememberMe = true) {
  const agent = t.agent();
  const response = await agent.post('/api/auth/sign-in/email', { email, password, rememberMe });
  return { agent, response };
}

describe('sign-up, confirmation and sign-in', () => {
  it('creates the account and profile, asks for confirmation, then lets the confirmed user in', async () => {
    const agent = t.agent();
    const response = await agent.post('/api/accounts/sign-up', signUpBody());
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: accountMessages.signUpSuccess });

    const [profile] = await t.db.select().from(profiles).where(eq(profiles.username, 'river_song'));
    expect(profile).toBeDefined();

    const early = await signIn('river@example.test', 'spoilers-sweetie');
    // Not confirmed yet: answered as a wrong password, so nobody learns the address signed up
    // (issue 9 item 3); the owner gets a fresh link.
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

  it('answers a sign-up with a known address exactly like a new one, and mails the owner instead', async () => {
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

  it('answers a refused new password with the weak_password code and its reasons', async () => {
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

describe('sessions and cookies', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie; Remember me makes it last 30 days, otherwise it ends with the browser', async () => {
    const user = await createUser(t.db, { password: 'remember-this-1' });
    const remembered = await signIn(user.email, 'remember-this-1', true);
    const rememberedCookie = remembered.response.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(rememberedCookie).toMatch(/HttpOnly/i);
    expect(rememberedCookie).toMatch(/SameSite=Lax/i);
    expect(rememberedCookie).not.toMatch(/Secure/i);
    expect(Number(rememberedCookie.match(/Max-Age=(\d+)/i)![1])).toBe(30 * 24 * 60 * 60);

    const browserOnly = await signIn(user.email, 'remember-this-1', false);
    const sessionCookie = browserOnly.response.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(sessionCookie).not.toMatch(/Max-Age/i);
    expect(sessionCookie).not.toMatch(/Expires/i);
  });

  it('marks cookies Secure when BASE_URL is https', async () => {
    const secure = await createTestApp({ baseUrl: 'https://ticklist.example', db: t.db });
    const user = await createUser(t.db, { password: 'secure-cookie-1' });
    const response = await secure
      .agent()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'secure-cookie-1' });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/Secure/);
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('refuses state-changing requests from another origin', async () => {
    const response = await t
      .agent()
      .post('/api/accounts/sign-up', signUpBody(), { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    const signInAttempt = await t.agent().post(
      '/api/auth/sign-in/email',
      { email: 'a@b.test', password: 'whatever1' },
      {
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(signInAttempt.status).toBe(403);
  });

  it('sends security headers with a Content-Security-Policy', async () => {
    const response = await t.agent().request('/api/health');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address has an account', async () => {
    const user = await createUser(t.db, { password: 'forgotten-1' });
    const known = await t
      .agent()
      .post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const unknown = await t
      .agent()
      .post('/api/auth/request-password-reset', { email: 'nobody@example.test', redirectTo: '/reset-password' });
    expect(known.status).toBe(unknown.status);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await t.outbox()).some((mail) => mail.to === 'nobody@example.test')).toBe(false);
  });

  it('resets with the mailed token, signs out the other sessions and accepts the new password', async () => {
    const user = await createUser(t.db, { password: 'old-password-1' });
    const { agent: otherDevice } = await signIn(user.email, 'old-password-1');
    expect((await otherDevice.request('/api/accounts/me')).status).toBe(200);

    await t.agent().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const link = await t.lastLinkTo(user.email);
    const landing = await t.agent().request(link);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get('location')!, t.baseUrl);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token')!;

    const weak = await t.agent().post('/api/auth/reset-password', { token, newPassword: 'qwerty' });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'weak_password', reasons: ['common'] });

    const reset = await t.agent().post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass-2' });
    expect(reset.status).toBe(200);
    expect((await otherDevice.request('/api/accounts/me')).status).toBe(401);
    expect((await signIn(user.email, 'old-password-1')).response.status).toBe(401);
    expect((await signIn(user.email, 'brand-new-pass-2')).response.status).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const user = await createUser(t.db, { password: 'expiring-1' });
    await t.agent().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const token = (await t.lastLinkTo(user.email)).match(/reset-password\/([^?]+)/)![1]!;
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const reset = await t.agent().post('/api/auth/reset-password', { token, newPassword: 'too-late-pass-3' });
    expect(reset.status).toBe(400);
    expect((await reset.json()).code).toBe('INVALID_TOKEN');
  });
});

describe('change password and e-mail', () => {
  it('verifies the current password, checks the confirmation, and signs out the other sessions only', async () => {
    const user = await createUser(t.db, { password: 'current-pass-1' });
    const { agent } = await signIn(user.email, 'current-pass-1');
    const { agent: otherDevice } = await signIn(user.email, 'current-pass-1');

    const mismatch = await agent.post('/api/accounts/change-password', {
      currentPassword: 'current-pass-1',
      newPassword: 'next-pass-22',
      confirmPassword: 'next-pass-23',
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).message).toBe(passwordMessages.newMismatch);

    // A blank confirmation is refused too (spec §5: all three fields are required).
    const blank = await agent.post('/api/accounts/change-password', {
      currentPassword: 'current-pass-1',
      newPassword: 'next-pass-22',
      confirmPassword: '',
    });
    expect(blank.status).toBe(400);
    expect((await blank.json()).fieldErrors?.confirmPassword).toBe(accountMessages.fieldRequired);

    const wrong = await agent.post('/api/accounts/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'next-pass-22',
      confirmPassword: 'next-pass-22',
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(accountMessages.currentPasswordWrong);

    const ok = await agent.post('/api/accounts/change-password', {
      currentPassword: 'current-pass-1',
      newPassword: 'next-pass-22',
      confirmPassword: 'next-pass-22',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: accountMessages.passwordUpdated });
    expect((await otherDevice.request('/api/accounts/me')).status).toBe(401);
    // The device that changed it stays signed in, as the dialog says.
    expect((await agent.request('/api/accounts/me')).status).toBe(200);
    expect((await signIn(user.email, 'next-pass-22')).response.status).toBe(200);
  });

  it('requires sign-in', async () => {
    const response = await t.agent().post('/api/accounts/change-password', {
      currentPassword: 'a',
      newPassword: 'next-pass-22',
      confirmPassword: 'next-pass-22',
    });
    expect(response.status).toBe(401);
  });

  it('verifies the password first, then mails a confirmation link to the new address', async () => {
    const user = await createUser(t.db, { password: 'email-change-1' });
    const { agent } = await signIn(user.email, 'email-change-1');
    const wrong = await agent.post('/api/accounts/change-email', {
      newEmail: 'new-home@example.test',
      currentPassword: 'nope-nope',
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(accountMessages.currentPasswordWrong);
    expect((await t.outbox()).some((mail) => mail.to === 'new-home@example.test')).toBe(false);

    const ok = await agent.post('/api/accounts/change-email', {
      newEmail: 'new-home@example.test',
      currentPassword: 'email-change-1',
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: accountMessages.emailChangeSent });
    const link = await t.lastLinkTo('new-home@example.test');
    expect((await agent.request(link)).status).toBe(302);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe('new-home@example.test');
  });
});

describe('rate limits, kept in Postgres', () => {
  const wrongSignIn = (email: string, ip: string) =>
    t.agent().post('/api/auth/sign-in/email', { email, password: 'wrong-guess' }, { ip });

  it('stops password guessing against an account from one address, without locking the owner out', async () => {
    const user = await createUser(t.db, { password: 'limited-pass-1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await wrongSignIn(user.email, '10.0.0.1')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const refused = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'limited-pass-1' }, { ip: '10.0.0.1' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // The owner, elsewhere, still gets in.
    const owner = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'limited-pass-1' }, { ip: '10.0.0.2' });
    expect(owner.status).toBe(200);
  });

  it('slows failures against one account from many addresses down, never refusing, and never counts successful sign-ins', async () => {
    const user = await createUser(t.db, { password: 'popular-pass-1' });
    for (let attempt = 0; attempt < 15; attempt++) {
      const ok = await t
        .agent()
        .post('/api/auth/sign-in/email', { email: user.email, password: 'popular-pass-1' }, { ip: '10.1.0.1' });
      expect(ok.status).toBe(200);
    }
    const before = t.pauses.length;
    for (let attempt = 0; attempt < 12; attempt++)
      expect((await wrongSignIn(user.email, `10.2.${attempt}.1`)).status).toBe(401);
    // The first ten failures cost nothing; each later attempt waits longer before its check.
    expect(t.pauses.slice(before)).toEqual([signInSlowdown.msPerFailure]);
    const owner = await t
      .agent()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'popular-pass-1' }, { ip: '10.3.0.1' });
    expect(owner.status).toBe(200);
    expect(t.pauses.slice(before)).toEqual([signInSlowdown.msPerFailure, 2 * signInSlowdown.msPerFailure]);
  });

  it('shares the counts between app processes on one database', async () => {
    const other = await createTestApp({ db: t.db });
    const user = await createUser(t.db, { password: 'shared-pass-1' });
    for (let attempt = 0; attempt < 10; attempt++) {
      const app = attempt % 2 === 0 ? t : other;
      expect(
        (
          await app
            .agent()
            .post('/api/auth/sign-in/email', { email: user.email, password: 'nope-nope' }, { ip: '10.4.0.1' })
        ).status,
      ).toBe(401);
    }
    expect(
      (
        await other
          .agent()
          .post('/api/auth/sign-in/email', { email: user.email, password: 'nope-nope' }, { ip: '10.4.0.1' })
      ).status,
    ).toBe(429);
  });

  it('reads only JSON bodies, so no body type slips past the per-account limits', async () => {
    const response = await t.agent().request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
  });

  it('limits username checks per IP address', async () => {
    let last = 0;
    for (let attempt = 0; attempt < 61; attempt++) {
      last = (
        await t.agent().request(`/api/accounts/username-availability?username=probe_${attempt}`, { ip: '10.9.9.9' })
      ).status;
    }
    expect(last).toBe(429);
    expect(
      (await t.agent().request('/api/accounts/username-availability?username=probe_x', { ip: '10.9.9.10' })).status,
    ).toBe(200);
  });

  it('limits sign-ups per IP address and per e-mail', async () => {
    // Sent together: each answer waits out the sign-up's time floor, so one after another is slow.
    const signUpFrom = (ip: string, username: string, email: string) =>
      t.agent().post('/api/accounts/sign-up', signUpBody({ username, email }), { ip });
    const allowedPerIp = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) =>
        signUpFrom('10.7.7.7', `flood_${attempt}`, `flood${attempt}@example.test`),
      ),
    );
    expect(allowedPerIp.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect((await signUpFrom('10.7.7.7', 'flood_20', 'flood20@example.test')).status).toBe(429);

    const allowedPerEmail = await Promise.all(
      Array.from({ length: 5 }, (_, attempt) =>
        signUpFrom(`10.6.6.${attempt}`, `same_${attempt}`, 'same@example.test'),
      ),
    );
    expect(allowedPerEmail.map((answer) => answer.status)).toEqual(Array(5).fill(201));
    expect((await signUpFrom('10.6.6.5', 'same_5', 'same@example.test')).status).toBe(429);
  });

  it('limits reset mails per IP address, per (account, IP) and per account', async () => {
    let perIp = 0;
    for (let attempt = 0; attempt < 31; attempt++) {
      perIp = (
        await t
          .agent()
          .post('/api/auth/request-password-reset', { email: `reset${attempt}@example.test` }, { ip: '10.8.0.1' })
      ).status;
    }
    expect(perIp).toBe(429);
    let perAccountAndIp = 0;
    for (let attempt = 0; attempt < 6; attempt++) {
      perAccountAndIp = (
        await t.agent().post('/api/auth/request-password-reset', { email: 'target@example.test' }, { ip: '10.8.1.1' })
      ).status;
    }
    expect(perAccountAndIp).toBe(429);
    let perAccount = 0;
    for (let attempt = 0; attempt < 21; attempt++) {
      perAccount = (
        await t
          .agent()
          .post('/api/auth/request-password-reset', { email: 'wanted@example.test' }, { ip: `10.8.2.${attempt}` })
      ).status;
    }
    expect(perAccount).toBe(429);
  });

  it('limits current-password checks per user, so a stolen session cannot guess the password', async () => {
    const user = await createUser(t.db, { password: 'guarded-pass-1' });
    const { agent } = await signIn(user.email, 'guarded-pass-1');
    const answers: Response[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const route = attempt % 2 === 0 ? '/api/accounts/change-password' : '/api/accounts/change-email';
      const body =
        attempt % 2 === 0
          ? { currentPassword: `guess-${attempt}`, newPassword: 'next-pass-22', confirmPassword: 'next-pass-22' }
          : { currentPassword: `guess-${attempt}`, newEmail: 'elsewhere@example.test' };
      answers.push(await agent.post(route, body));
    }
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(400));
    expect(answers[10]!.status).toBe(429);
    // Every 429 says how long to wait, in the header (one tooManyRequests() for every limit).
    expect(Number(answers[10]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await answers[10]!.json()).toEqual({ message: accountMessages.tooManyRequests, code: 'rate_limited' });
  });
});

describe('request hygiene', () => {
  it('refuses request bodies over 64 KiB', async () => {
    const response = await t.agent().post('/api/accounts/sign-up', signUpBody({ username: 'x'.repeat(70 * 1024) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request is too large.', code: 'too_large' });
    // Whatever the method that carries a body, and before sign-in is even asked about.
    const big = { title: 'x'.repeat(70 * 1024) };
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const answer = await t.agent().request('/api/checklists/00000000-0000-4000-8000-000000000000', { method, json: big });
      expect(answer.status).toBe(413);
    }
  });

  it('refuses redirect targets on other sites, also when NODE_ENV is test', async () => {
    const user = await createUser(t.db);
    const response = await t
      .agent()
      .post('/api/auth/request-password-reset', { email: user.email, redirectTo: 'https://evil.example/steal' });
    expect(response.status).toBe(403);
    expect((await t.outbox()).some((mail) => mail.to === user.email)).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('describes the routes', async () => {
    const response = await t.agent().request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/accounts/sign-up',
        '/api/accounts/username-availability',
        '/api/accounts/me',
        '/api/accounts/change-password',
        '/api/accounts/change-email',
        '/api/checklists',
        '/api/checklists/{id}',
        '/api/library/groups',
      ]),
    );
  });
});
