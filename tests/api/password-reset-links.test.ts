import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/password-hash';
import { accounts, sessions, verifications } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { accountLinks } from '../setup/account-links';
import { createTestApp, type TestApp } from '../setup/test-app';

// Only the newest password-reset link works, and a changed password ends what a sign-in racing
// the change opened (decision 044).

let t: TestApp;
/** What a slowed-down sign-in's wait does, set by the test that races one. */
let duringPause: (() => Promise<void>) | undefined;
beforeAll(async () => {
  t = await createTestApp({ duringPause: async () => duringPause?.() });
});
const { signIn, askEmailChange, open, requestReset, resetWith } = accountLinks(() => t);

describe('password-reset links', () => {
  it('only the newest works: a new request revokes the earlier ones', async () => {
    const user = await createUser(t.db, { password: 'two-links-1' });
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await resetWith(first, 'from-first-2')).status).toBe(400);
    expect((await resetWith(second, 'from-second-2')).status).toBe(200);
  });

  it('die when a reset completes, when the password is changed, and when the address is changed', async () => {
    const user = await createUser(t.db, { password: 'many-links-1' });
    const used = await requestReset(user.email);
    // A link made meanwhile by another path than the request (as if two were outstanding).
    await t.db.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: 'reset-password:left-over-link-token',
      value: user.id,
      expiresAt: sql`now() + interval '1 hour'`,
    });
    expect((await resetWith(used, 'many-links-2')).status).toBe(200);
    expect((await resetWith('left-over-link-token', 'many-links-3')).status).toBe(400);

    const beforeChange = await requestReset(user.email);
    const agent = await signIn(user.email, 'many-links-2');
    const changed = await agent.post('/api/accounts/change-password', {
      currentPassword: 'many-links-2',
      newPassword: 'many-links-4',
      confirmPassword: 'many-links-4',
    });
    expect(changed.status).toBe(200);
    expect((await resetWith(beforeChange, 'many-links-5')).status).toBe(400);

    const toOldAddress = await requestReset(user.email);
    const again = await signIn(user.email, 'many-links-4');
    await open(await askEmailChange(again, 'moved-away@example.test', 'many-links-4'));
    expect((await resetWith(toOldAddress, 'many-links-6')).status).toBe(400);
    await signIn('moved-away@example.test', 'many-links-4');
  });
});

describe('a sign-in that races a password change', () => {
  it('cannot keep a session by signing in while the undo replaces the password', async () => {
    const owner = await createUser(t.db, { password: 'racing-pass-1' });
    // Failures from many addresses make the account's sign-ins wait (never refused): the race is
    // run in that wait, after the sign-in read the password's hash and before it checks it.
    for (let attempt = 0; attempt < 11; attempt++) {
      const wrong = await t
        .agent()
        .post('/api/auth/sign-in/email', { email: owner.email, password: 'wrong-guess' }, { ip: `10.7.0.${attempt}` });
      expect(wrong.status).toBe(401);
    }
    // The same password hashed again: the sign-in still passes Better Auth's check, as one that
    // checked the hash just before an undo replaced it would.
    duringPause = async () => {
      await t.db
        .update(accounts)
        .set({ password: await hashPassword('racing-pass-1') })
        .where(eq(accounts.userId, owner.id));
    };
    try {
      const raced = await t.agent().post('/api/auth/sign-in/email', { email: owner.email, password: 'racing-pass-1' });
      expect(raced.status).toBe(401);
      expect(raced.headers.getSetCookie().some((cookie) => /session_token=[^;]/.test(cookie))).toBe(false);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, owner.id))).toHaveLength(0);
    } finally {
      duringPause = undefined;
    }
    const calm = await t.agent().post('/api/auth/sign-in/email', { email: owner.email, password: 'racing-pass-1' });
    expect(calm.status).toBe(200);
  });
});
