import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { signInSlowdown } from '../../src/server/security/rate-limit';
import { createUser } from '../../src/server/seed/factories';
import { signUpBody, useAccountApp } from '../setup/accounts';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
const { signIn } = useAccountApp((app) => (t = app));

describe('rate limits, stored in Postgres', () => {
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
    const wrongSignInOn = async (app: TestApp) =>
      (
        await app
          .agent()
          .post('/api/auth/sign-in/email', { email: user.email, password: 'nope-nope' }, { ip: '10.4.0.1' })
      ).status;
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await wrongSignInOn(attempt % 2 === 0 ? t : other)).toBe(401);
    }
    expect(await wrongSignInOn(other)).toBe(429);
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
    // Sent together: each response waits out the sign-up's minimum response time, so one after another is slow.
    const signUpFrom = (ip: string, username: string, email: string) =>
      t.agent().post('/api/accounts/sign-up', signUpBody({ username, email }), { ip });
    const allowedPerIp = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) =>
        signUpFrom('10.7.7.7', `flood_${attempt}`, `flood${attempt}@example.test`),
      ),
    );
    expect(allowedPerIp.map((response) => response.status)).toEqual(Array(20).fill(201));
    expect((await signUpFrom('10.7.7.7', 'flood_20', 'flood20@example.test')).status).toBe(429);

    const allowedPerEmail = await Promise.all(
      Array.from({ length: 5 }, (_, attempt) =>
        signUpFrom(`10.6.6.${attempt}`, `same_${attempt}`, 'same@example.test'),
      ),
    );
    expect(allowedPerEmail.map((response) => response.status)).toEqual(Array(5).fill(201));
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
    const responses: Response[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const route = attempt % 2 === 0 ? '/api/accounts/change-password' : '/api/accounts/change-email';
      const body =
        attempt % 2 === 0
          ? { currentPassword: `guess-${attempt}`, newPassword: 'next-pass-22', confirmPassword: 'next-pass-22' }
          : { currentPassword: `guess-${attempt}`, newEmail: 'elsewhere@example.test' };
      responses.push(await agent.post(route, body));
    }
    expect(responses.slice(0, 10).map((response) => response.status)).toEqual(Array(10).fill(400));
    expect(responses[10]!.status).toBe(429);
    // Every 429 says how long to wait, in the header (one tooManyRequests() for every limit).
    expect(Number(responses[10]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await responses[10]!.json()).toEqual({ message: accountMessages.tooManyRequests, code: 'rate_limited' });
  });
});
