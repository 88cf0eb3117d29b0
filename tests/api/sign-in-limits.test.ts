import { beforeAll, describe, expect, it } from 'vitest';
import { rateKey, rateRules, signInSlowdown } from '../../src/server/security/rate-limit';
import { createUser } from '../../src/server/seed/factories';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const signInFrom = (ip: string, email: string, password: string) =>
  t.agent().post('/api/auth/sign-in/email', { email, password }, { ip });

/** Sets an account's failure count from every address, as if many addresses had failed. */
async function recordAccountFailures(email: string, count: number) {
  await t.db.$client.query(
    `insert into rate_limits (key, window_start, count) values ($1, now(), $2)
     on conflict (key) do update set window_start = now(), count = $2`,
    [rateKey('signInFailuresPerAccount', email), count],
  );
}

describe('sign-in limits under concurrency', () => {
  it('checks at most 10 wrong passwords per account from one address, however many arrive at once', async () => {
    const user = await createUser(t.db, { password: 'raced-pass-1' });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, attempt) => signInFrom('10.20.0.1', user.email, `wrong-guess-${attempt}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      rateRules.signInFailuresPerAccountAndIp.max,
    );
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    for (const answer of answers.filter((a) => a.status === 429))
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    // Still refused afterwards, even with the right password, from that address.
    expect((await signInFrom('10.20.0.1', user.email, 'raced-pass-1')).status).toBe(429);
    // The owner, elsewhere, is not refused because of someone else's failures.
    expect((await signInFrom('10.20.0.2', user.email, 'raced-pass-1')).status).toBe(200);
  });

  it('gives the slot back when the password was right, so the owner’s own sign-ins never count', async () => {
    const user = await createUser(t.db, { password: 'frequent-pass-1' });
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => signInFrom('10.21.0.1', user.email, 'frequent-pass-1')),
    );
    // In flight together they may briefly hold every slot; one by one afterwards, none is left taken.
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 429)).toEqual([]);
    for (let attempt = 0; attempt < 12; attempt++)
      expect((await signInFrom('10.21.0.1', user.email, 'frequent-pass-1')).status).toBe(200);
  });

  it('slows sign-in down per account instead of refusing it, so the owner still gets in', async () => {
    const user = await createUser(t.db, { password: 'besieged-pass-1' });
    // Many addresses have failed against this account (more than the old per-account cap of 50).
    await recordAccountFailures(user.email, 60);
    const before = t.pauses.length;
    expect((await signInFrom('10.22.0.1', user.email, 'wrong-again')).status).toBe(401);
    expect((await signInFrom('10.22.0.2', user.email, 'besieged-pass-1')).status).toBe(200);
    expect(t.pauses.slice(before)).toEqual([signInSlowdown.maxMs, signInSlowdown.maxMs]);

    // A handful of failures costs nothing.
    const calm = await createUser(t.db, { password: 'calm-pass-1' });
    await recordAccountFailures(calm.email, signInSlowdown.freeFailures);
    const quiet = t.pauses.length;
    expect((await signInFrom('10.22.0.3', calm.email, 'calm-pass-1')).status).toBe(200);
    expect(t.pauses.length).toBe(quiet);
  });

  it('clears the account’s counters when a password reset completes', async () => {
    const user = await createUser(t.db, { password: 'forgot-pass-1' });
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await signInFrom('10.23.0.1', user.email, `guess-${attempt}`)).status).toBe(401);
    expect((await signInFrom('10.23.0.1', user.email, 'forgot-pass-1')).status).toBe(429);
    await recordAccountFailures(user.email, 40);

    await t.agent().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const token = (await t.lastLinkTo(user.email)).match(/reset-password\/([^?]+)/)![1]!;
    expect((await t.agent().post('/api/auth/reset-password', { token, newPassword: 'remembered-pass-2' })).status).toBe(
      200,
    );

    const pausesBefore = t.pauses.length;
    expect((await signInFrom('10.23.0.1', user.email, 'remembered-pass-2')).status).toBe(200);
    expect(t.pauses.length).toBe(pausesBefore);
  });
});
