import { eq, sql } from 'drizzle-orm';
import { executeNamed } from '../../src/server/db/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionMessages } from '../../src/domain/accounts/sessions';
import { SESSION_ABSOLUTE_DAYS, SESSION_DAYS } from '../../src/domain/accounts/lifetimes';
import { verifiedCookieValue } from '../../src/server/accounts/session-lookup';
import { pruneEndedSessions } from '../../src/server/accounts/sessions.actions';
import { sessions } from '../../src/server/db/schema';
import { createUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, TEST_SECRET, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInAs(email: string, password: string, ip: string, userAgent = CHROME_LINUX) {
  const agent = t.agent();
  const response = await agent.post(
    '/api/auth/sign-in/email',
    { email, password },
    { ip, headers: { 'user-agent': userAgent } },
  );
  expect(response.status).toBe(200);
  return agent;
}

describe('changing the e-mail', () => {
  it('ends the other sessions, keeps this one, and tells the old address', async () => {
    const user = await createUser(t.db, { email: 'old-home@example.test', password: 'moving-pass-1' });
    const here = await signInAs(user.email, 'moving-pass-1', '10.60.0.1');
    const elsewhere = await signInAs(user.email, 'moving-pass-1', '10.60.0.2');

    const wrong = await here.post('/api/accounts/change-email', {
      newEmail: 'new-home@example.test',
      currentPassword: 'not-it',
    });
    expect(wrong.status).toBe(400);
    expect((await elsewhere.request('/api/accounts/me')).status).toBe(200);

    const changed = await here.post('/api/accounts/change-email', {
      newEmail: 'new-home@example.test',
      currentPassword: 'moving-pass-1',
    });
    expect(changed.status).toBe(200);
    expect((await elsewhere.request('/api/accounts/me')).status).toBe(401);
    expect((await here.request('/api/accounts/me')).status).toBe(200);

    const notice = (await t.outbox()).find((mail) => mail.to === 'old-home@example.test');
    expect(notice?.subject).toBe('Your Ticklist email address is being changed');
    expect(notice?.text).toContain('new-home@example.test');
    expect(notice?.text).toContain(`${t.baseUrl}/forgot-password`);
  });
});

describe('the Sessions list', () => {
  it('lists the user’s own sessions in plain words, the current one marked', async () => {
    const user = await createUser(t.db, { password: 'many-devices-1' });
    const laptop = await signInAs(user.email, 'many-devices-1', '10.61.0.1', CHROME_LINUX);
    await signInAs(user.email, 'many-devices-1', '10.61.0.2', SAFARI_IPHONE);
    const stranger = await createUser(t.db, { password: 'other-person-1' });
    await signInAs(stranger.email, 'other-person-1', '10.61.0.3');

    const response = await laptop.request('/api/accounts/sessions', { ip: '10.61.0.1' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const { sessions: listed } = await response.json();
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: 'Chrome on Linux', ipAddress: '10.61.0.1', isCurrent: true }),
        expect.objectContaining({ device: 'Safari on iPhone', ipAddress: '10.61.0.2', isCurrent: false }),
      ]),
    );
    for (const session of listed) expect(Number.isNaN(Date.parse(session.lastSeenAt))).toBe(false);
    // Nothing a session could be taken over with.
    expect(JSON.stringify(listed)).not.toMatch(/token/i);
  });

  it('records the address a session was last used from', async () => {
    const user = await createUser(t.db, { password: 'travelling-1' });
    const agent = await signInAs(user.email, 'travelling-1', '10.62.0.1');
    await agent.request('/api/accounts/me', { ip: '10.62.0.9' });
    const { sessions: listed } = await (await agent.request('/api/accounts/sessions', { ip: '10.62.0.9' })).json();
    expect(listed[0]).toMatchObject({ ipAddress: '10.62.0.9', isCurrent: true });
  });

  it('signs out everywhere else, and only the caller’s own sessions', async () => {
    const user = await createUser(t.db, { password: 'sign-out-all-1' });
    const here = await signInAs(user.email, 'sign-out-all-1', '10.63.0.1');
    const phone = await signInAs(user.email, 'sign-out-all-1', '10.63.0.2', SAFARI_IPHONE);
    const tablet = await signInAs(user.email, 'sign-out-all-1', '10.63.0.3');
    const stranger = await createUser(t.db, { password: 'bystander-1' });
    const strangerAgent = await signInAs(stranger.email, 'bystander-1', '10.63.0.4');

    const revoked = await here.post('/api/accounts/sessions/revoke-others', {});
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ message: sessionMessages.revoked(2), revoked: 2 });
    expect((await phone.request('/api/accounts/me')).status).toBe(401);
    expect((await tablet.request('/api/accounts/me')).status).toBe(401);
    expect((await here.request('/api/accounts/me')).status).toBe(200);
    expect((await strangerAgent.request('/api/accounts/me')).status).toBe(200);

    const again = await here.post('/api/accounts/sessions/revoke-others', {});
    expect(await again.json()).toEqual({ message: sessionMessages.revoked(0), revoked: 0 });
  });

  it('needs a signed-in user', async () => {
    expect((await t.agent().request('/api/accounts/sessions')).status).toBe(401);
    expect((await t.agent().post('/api/accounts/sessions/revoke-others', {})).status).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const document = await (await t.agent().request('/api/openapi.json')).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/accounts/sessions', '/api/accounts/sessions/revoke-others']),
    );
  });
});

describe('the absolute session lifetime', () => {
  const ageSession = async (userId: string, days: number) => {
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(sessions.userId, userId));
  };

  it('keeps a session renewed by use until 90 days after it began, then ends it', async () => {
    const user = await createUser(t.db, { password: 'long-lived-1' });
    const agent = await signInAs(user.email, 'long-lived-1', '10.64.0.1');
    await ageSession(user.id, 89);
    expect((await agent.request('/api/accounts/me')).status).toBe(200);
    expect(await (await agent.request('/api/auth/get-session')).json()).not.toBeNull();

    await ageSession(user.id, 90);
    expect((await agent.request('/api/accounts/me')).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('ends it for Better Auth’s own session endpoint too', async () => {
    const user = await createUser(t.db, { password: 'long-lived-2' });
    const agent = await signInAs(user.email, 'long-lived-2', '10.64.0.2');
    await ageSession(user.id, 91);
    expect(await (await agent.request('/api/auth/get-session')).json()).toBeNull();
  });
});

describe('records of sessions that ran out', () => {
  it('are deleted by the hourly sweep, past their expiry or their absolute lifetime; live ones stay', async () => {
    const sessionsOf = async (userId: string) =>
      (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
    const [expired, tooOld, live] = await Promise.all(
      ['swept-1', 'swept-2', 'swept-3'].map((password) => createUser(t.db, { password })),
    );
    await signInAs(expired!.email, 'swept-1', '10.65.0.1');
    await signInAs(tooOld!.email, 'swept-2', '10.65.0.2');
    await signInAs(live!.email, 'swept-3', '10.65.0.3');
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, expired!.id));
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(days => ${SESSION_ABSOLUTE_DAYS})` })
      .where(eq(sessions.userId, tooOld!.id));

    await pruneEndedSessions(t.db);
    expect(await sessionsOf(expired!.id)).toBe(0);
    expect(await sessionsOf(tooOld!.id)).toBe(0);
    expect(await sessionsOf(live!.id)).toBe(1);
  });
});

describe('looking a session up (decision 032)', () => {
  const sessionCookie = 'better-auth.session_token';
  const sessionOf = async (userId: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!;

  it('reads the session and its user in one prepared statement on every signed-in request', async () => {
    const statements: string[] = [];
    const database = await createTestDatabase({ max: 1, onQuery: (query) => statements.push(query) });
    const app = await createTestApp({ db: database.db });
    const user = await createUser(app.db);
    const agent = await signedInAgent(app, user);
    statements.length = 0;
    expect((await agent.request('/api/accounts/me')).status).toBe(200);
    expect((await agent.request('/api/accounts/me')).status).toBe(200);
    // And a session signed in without "remember me" (the sign-in form's default), which Better
    // Auth never renews: read by us too, not sent to Better Auth as if it were due for renewal.
    const forgetful = await createUser(app.db, { password: 'forget-me-1' });
    const forgetfulAgent = app.agent();
    const signIn = { email: forgetful.email, password: 'forget-me-1', rememberMe: false };
    expect((await forgetfulAgent.post('/api/auth/sign-in/email', signIn)).status).toBe(200);
    expect([...forgetfulAgent.cookies.keys()]).toContain('better-auth.dont_remember');
    statements.length = 0;
    expect((await agent.request('/api/accounts/me')).status).toBe(200);
    expect((await agent.request('/api/accounts/me')).status).toBe(200);
    expect((await forgetfulAgent.request('/api/accounts/me')).status).toBe(200);
    const lookups = statements.filter((query) => /from sessions s/.test(query));
    expect(lookups).toHaveLength(3);
    // The user, and the profile a notification names them by, read with the session.
    for (const lookup of lookups)
      expect(lookup).toMatch(/from profiles p where p.id = u.id.* join users u on u.id = s.user_id/s);
    // Not the user apart, as Better Auth does without joins.
    expect(statements.filter((query) => /from "users" where "users"."id" = \$1$/.test(query))).toEqual([]);
    // Prepared: the one statement every connection has parsed once (on the named statements' connection).
    const prepared = await executeNamed<{ statement: string }>(
      database.db,
      sql`select statement from pg_prepared_statements where statement like '%from sessions s join users u%'`,
    );
    expect(prepared.length).toBeGreaterThan(0);
  });

  it('checks the cookie’s signature as Better Auth signs it', async () => {
    const user = await createUser(t.db, { password: 'signed-cookie-1' });
    const agent = await signInAs(user.email, 'signed-cookie-1', '10.65.0.1');
    const signed = decodeURIComponent(agent.cookies.get(sessionCookie)!);
    expect(verifiedCookieValue(signed, TEST_SECRET)).toBe((await sessionOf(user.id)).token);
    expect(verifiedCookieValue(signed, `${TEST_SECRET}-not`)).toBeNull();

    // The token with another's signature, or a signature changed by one character, is nobody.
    const [token, signature] = [signed.slice(0, signed.lastIndexOf('.')), signed.slice(signed.lastIndexOf('.') + 1)];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [`${token}.${flipped}`, `${token}x.${signature}`, token, `${token}.`]) {
      agent.cookies.set(sessionCookie, encodeURIComponent(forged));
      expect((await agent.request('/api/accounts/me', { ip: '10.65.0.1' })).status).toBe(401);
    }
    agent.cookies.set(sessionCookie, encodeURIComponent(signed));
    expect((await agent.request('/api/accounts/me', { ip: '10.65.0.1' })).status).toBe(200);

    // Two cookies of the name: the first counts, as for Better Auth, so a forged one put first
    // is nobody, whoever's valid cookie follows it; a quoted value is read without its quotes.
    const twice = `${sessionCookie}=${encodeURIComponent(`${token}.${flipped}`)}; ${sessionCookie}=${encodeURIComponent(signed)}`;
    const me = (cookie: string) => t.agent().request('/api/accounts/me', { ip: '10.65.0.1', headers: { cookie } });
    expect((await me(twice)).status).toBe(401);
    expect((await me(`${sessionCookie}="${encodeURIComponent(signed)}"`)).status).toBe(200);
  });

  it('leaves a session due for renewal to Better Auth, which renews it', async () => {
    const user = await createUser(t.db, { password: 'renew-me-1' });
    const agent = await signInAs(user.email, 'renew-me-1', '10.65.0.2');
    // Signed in 2 days ago: past the one-day update age, so its expiry slides forward on use.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const oldExpiry = new Date(twoDaysAgo.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
    await t.db.update(sessions).set({ expiresAt: oldExpiry }).where(eq(sessions.userId, user.id));
    expect((await agent.request('/api/accounts/me', { ip: '10.65.0.2' })).status).toBe(200);
    const renewed = (await sessionOf(user.id)).expiresAt;
    expect(renewed.getTime()).toBeGreaterThan(oldExpiry.getTime() + 24 * 60 * 60 * 1000);

    // Renewed an hour ago: nothing to write, the expiry stays.
    const recent = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000 - 60 * 60 * 1000);
    await t.db.update(sessions).set({ expiresAt: recent }).where(eq(sessions.userId, user.id));
    expect((await agent.request('/api/accounts/me', { ip: '10.65.0.2' })).status).toBe(200);
    expect((await sessionOf(user.id)).expiresAt.getTime()).toBe(recent.getTime());
  });

  it('ends an expired session, and a signed-out one responds at once', async () => {
    const user = await createUser(t.db, { password: 'expire-me-1' });
    const agent = await signInAs(user.email, 'expire-me-1', '10.65.0.3');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await agent.request('/api/accounts/me', { ip: '10.65.0.3' })).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);

    const again = await signInAs(user.email, 'expire-me-1', '10.65.0.3');
    expect((await again.request('/api/accounts/me', { ip: '10.65.0.3' })).status).toBe(200);
    expect((await again.post('/api/auth/sign-out', {}, { ip: '10.65.0.3' })).status).toBe(200);
    expect((await again.request('/api/accounts/me', { ip: '10.65.0.3' })).status).toBe(401);
  });
});
