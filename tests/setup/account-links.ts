import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import type { TestApp } from './test-app';

/**
 * The steps of the account-recovery tests: signing in, asking for links and opening them, on the
 * test file's app (`app()`: made in its beforeAll).
 */
export function accountLinks(app: () => TestApp) {
  async function signIn(email: string, password: string) {
    const t = app();
    const agent = t.agent();
    const response = await agent.post('/api/auth/sign-in/email', { email, password });
    expect(response.status).toBe(200);
    return agent;
  }

  const emailOf = async (userId: string) =>
    (await app().db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;

  /** Asks for an e-mail change; returns the confirmation link mailed to the new address. */
  async function askEmailChange(agent: ReturnType<TestApp['agent']>, newEmail: string, currentPassword: string) {
    const t = app();
    const response = await agent.post('/api/accounts/change-email', { newEmail, currentPassword });
    expect(response.status).toBe(200);
    return t.lastLinkTo(newEmail);
  }

  /**
   * A new user with `password`, and a device signed in with it (`agent`: the user's, or an attacker's
   * who knows the password) that asks to move the account to `newEmail`; `confirmation` is the link
   * mailed to the new address.
   */
  async function askEmailChangeAsNewUser(password: string, newEmail: string) {
    const user = await createUser(app().db, { password });
    const agent = await signIn(user.email, password);
    const confirmation = await askEmailChange(agent, newEmail, password);
    return { user, agent, confirmation };
  }

  /** Opens a mailed link as a browser with no session would; returns where it redirects. */
  async function open(link: string): Promise<string> {
    const t = app();
    const response = await t.agent().request(link);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!, t.baseUrl);
    return `${location.pathname}${location.search}`;
  }

  /** Asks for a password reset; returns the token of the link mailed. */
  async function requestReset(email: string): Promise<string> {
    const t = app();
    const response = await t.agent().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(response.status).toBe(200);
    return (await t.lastLinkTo(email)).match(/reset-password\/([^?]+)/)![1]!;
  }

  const resetWith = (token: string, newPassword: string) =>
    app().agent().post('/api/auth/reset-password', { token, newPassword });

  return { signIn, emailOf, askEmailChange, askEmailChangeAsNewUser, open, requestReset, resetWith };
}

/** The token of an undo link mailed to an old address. */
export const undoTokenIn = (link: string) => new URL(link).searchParams.get('undo')!;
