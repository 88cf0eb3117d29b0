import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/domain/accounts/account-forms';
import { passwordMessages } from '../../src/domain/accounts/password';
import { users, verifications } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { useAccountApp } from '../setup/accounts';
import type { Agent, TestApp } from '../setup/test-app';

let t: TestApp;
const { signIn } = useAccountApp((app) => (t = app));

describe('password reset', () => {
  it('responds the same whether or not the address has an account', async () => {
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
  const changePassword = (agent: Agent, currentPassword: string, newPassword: string, confirmPassword: string) =>
    agent.post('/api/accounts/change-password', { currentPassword, newPassword, confirmPassword });

  it('verifies the current password, checks the confirmation, and signs out the other sessions only', async () => {
    const user = await createUser(t.db, { password: 'current-pass-1' });
    const { agent } = await signIn(user.email, 'current-pass-1');
    const { agent: otherDevice } = await signIn(user.email, 'current-pass-1');

    const mismatch = await changePassword(agent, 'current-pass-1', 'next-pass-22', 'next-pass-23');
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).message).toBe(passwordMessages.newMismatch);

    // A blank confirmation is refused too: the form's three fields are all required.
    const blank = await changePassword(agent, 'current-pass-1', 'next-pass-22', '');
    expect(blank.status).toBe(400);
    expect((await blank.json()).fieldErrors?.confirmPassword).toBe(accountMessages.fieldRequired);

    const wrong = await changePassword(agent, 'not-my-password', 'next-pass-22', 'next-pass-22');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(accountMessages.currentPasswordWrong);

    const ok = await changePassword(agent, 'current-pass-1', 'next-pass-22', 'next-pass-22');
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
