import { beforeAll, describe, expect, it } from 'vitest';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { capturedLog, type LogLine } from '../setup/captured-log';
import { createTestApp, type TestApp } from '../setup/test-app';

// One structured log line per security event, secrets redacted.

const { lines, raw, destination } = capturedLog();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logDestination: destination });
});

/** The events logged while `action` ran. */
async function eventsDuring(action: () => Promise<unknown>): Promise<LogLine[]> {
  const start = lines.length;
  await action();
  await t.mailer.idle();
  return lines.slice(start).filter((line) => typeof line.event === 'string');
}

const signIn = (email: string, password: string, ip: string) =>
  t.agent().post('/api/auth/sign-in/email', { email, password }, { ip });

/** An agent signed in from `ip`. */
async function signedInFrom(email: string, password: string, ip: string) {
  const agent = t.agent();
  await agent.post('/api/auth/sign-in/email', { email, password }, { ip });
  return agent;
}

describe('security events in the log', () => {
  it('logs sign-in successes, failures, the lockout and the refusals, with user, address and outcome', async () => {
    const user = await createUser(t.db, { password: 'logged-pass-1' });
    const success = await eventsDuring(() => signIn(user.email, 'logged-pass-1', '10.70.0.1'));
    expect(success).toEqual([
      expect.objectContaining({ event: 'sign-in.success', userId: user.id, ip: '10.70.0.1', outcome: 'signed-in' }),
    ]);
    expect(success[0]!.level).toBe(30);

    const failures = await eventsDuring(async () => {
      for (let attempt = 0; attempt < rateRules.signInFailuresPerAccountAndIp.max; attempt++)
        await signIn(user.email, `bad-guess-${attempt}`, '10.70.0.2');
    });
    expect(failures.filter((line) => line.event === 'sign-in.failure')).toHaveLength(10);
    expect(failures[0]).toMatchObject({ userId: user.id, ip: '10.70.0.2', outcome: 'wrong-password', level: 40 });
    expect(failures.filter((line) => line.event === 'sign-in.lockout')).toEqual([
      expect.objectContaining({ userId: user.id, ip: '10.70.0.2' }),
    ]);

    const refused = await eventsDuring(() => signIn(user.email, 'logged-pass-1', '10.70.0.2'));
    expect(refused).toEqual([
      expect.objectContaining({ event: 'sign-in.refused', ip: '10.70.0.2', outcome: 'refused', level: 40 }),
    ]);
  });

  it('logs any other limit refusal', async () => {
    await t.db.$client.query(`insert into rate_limits (key, window_start, count) values ($1, now(), $2)`, [
      rateKey('usernameCheckPerIp', '10.71.0.1'),
      rateRules.usernameCheckPerIp.max,
    ]);
    const events = await eventsDuring(() =>
      t.agent().request('/api/accounts/username-availability?username=somebody', { ip: '10.71.0.1' }),
    );
    expect(events).toEqual([
      expect.objectContaining({
        event: 'rate-limit.refused',
        ip: '10.71.0.1',
        outcome: 'refused',
        path: '/api/accounts/username-availability',
      }),
    ]);
  });

  it('logs password changes, e-mail changes, resets and session revocations', async () => {
    const user = await createUser(t.db, { password: 'changing-pass-1' });
    const agent = await signedInFrom(user.email, 'changing-pass-1', '10.72.0.1');
    await signedInFrom(user.email, 'changing-pass-1', '10.72.0.2'); // a second session, for the revocations

    const passwordEvents = await eventsDuring(async () => {
      await agent.post(
        '/api/accounts/change-password',
        { currentPassword: 'wrong-one-1', newPassword: 'changed-pass-2', confirmPassword: 'changed-pass-2' },
        { ip: '10.72.0.1' },
      );
      await agent.post(
        '/api/accounts/change-password',
        { currentPassword: 'changing-pass-1', newPassword: 'changed-pass-2', confirmPassword: 'changed-pass-2' },
        { ip: '10.72.0.1' },
      );
    });
    expect(passwordEvents.map((line) => [line.event, line.userId, line.ip])).toEqual([
      ['password.change-failure', user.id, '10.72.0.1'],
      ['password.changed', user.id, '10.72.0.1'],
    ]);

    const emailEvents = await eventsDuring(() =>
      agent.post('/api/accounts/change-email', { newEmail: 'moved@example.test', currentPassword: 'changed-pass-2' }),
    );
    expect(emailEvents).toEqual([
      expect.objectContaining({ event: 'email.change-requested', userId: user.id, outcome: 'confirmation-sent' }),
    ]);

    const revokeEvents = await eventsDuring(async () => {
      await agent.post('/api/accounts/sessions/revoke-others', {});
      await agent.post('/api/auth/sign-out', {});
    });
    expect(revokeEvents.map((line) => [line.event, line.userId, line.outcome])).toEqual([
      ['sessions.revoked', user.id, 'signed-out-elsewhere'],
      ['sessions.revoked', user.id, 'signed-out'],
    ]);

    const resetEvents = await eventsDuring(async () => {
      await t
        .agent()
        .post(
          '/api/auth/request-password-reset',
          { email: user.email, redirectTo: '/reset-password' },
          { ip: '10.72.0.3' },
        );
      const token = (await t.lastLinkTo(user.email)).match(/reset-password\/([^?]+)/)![1]!;
      await t.agent().post('/api/auth/reset-password', { token, newPassword: 'after-reset-3' }, { ip: '10.72.0.3' });
    });
    expect(resetEvents.map((line) => [line.event, line.userId, line.ip])).toEqual([
      ['password.reset-requested', user.id, '10.72.0.3'],
      ['password.reset', user.id, '10.72.0.3'],
    ]);
  });

  it('logs refused access to a private thing, not to a missing one', async () => {
    const owner = await createUser(t.db, { isPublic: false });
    const hidden = await makeChecklist(t.db, owner.id, { isPublic: false });
    const viewer = await createUser(t.db, { password: 'curious-pass-1' });
    const agent = await signedInFrom(viewer.email, 'curious-pass-1', '10.73.0.1');

    const events = await eventsDuring(async () => {
      expect((await agent.request(`/api/checklists/${hidden.id}`, { ip: '10.73.0.1' })).status).toBe(404);
      expect((await agent.request(`/api/checklists/${crypto.randomUUID()}`, { ip: '10.73.0.1' })).status).toBe(404);
      expect((await agent.request(`/api/users/${owner.username}/followers`, { ip: '10.73.0.1' })).status).toBe(404);
    });
    expect(events).toEqual([
      expect.objectContaining({
        event: 'access.refused',
        userId: viewer.id,
        ip: '10.73.0.1',
        outcome: 'private',
        resource: 'checklist',
        id: hidden.id,
      }),
      expect.objectContaining({ event: 'access.refused', userId: viewer.id, resource: 'profile-followers' }),
    ]);
  });

  it('logs a write refused on a private list as refused access, once per write, and none for a missing list', async () => {
    const owner = await createUser(t.db);
    const hidden = await makeChecklist(t.db, owner.id, { isPublic: false, items: ['Secret'] });
    const writer = await createUser(t.db, { password: 'writing-pass-1' });
    const agent = await signedInFrom(writer.email, 'writing-pass-1', '10.74.0.1');
    const item = hidden.items[0]!.id;
    const writes = (id: string) => [
      { path: `/api/checklists/${id}/like`, method: 'PUT' },
      { path: `/api/checklists/${id}/items/${item}/done`, method: 'PUT' },
      { path: `/api/checklists/${id}/progress`, method: 'DELETE' },
      { path: `/api/checklists/${id}/comments`, method: 'POST', json: { content: 'Let me in' } },
      { path: `/api/checklists/${id}/clone`, method: 'POST', json: {} },
      { path: `/api/library/saved/${id}`, method: 'PUT' },
    ];

    const events = await eventsDuring(async () => {
      for (const write of [...writes(hidden.id), ...writes(crypto.randomUUID())]) {
        const answer = await agent.request(write.path, { method: write.method, json: write.json, ip: '10.74.0.1' });
        expect(answer.status, `${write.method} ${write.path}`).toBe(404);
      }
    });
    expect(events).toHaveLength(writes(hidden.id).length);
    for (const event of events) {
      expect(event).toMatchObject({
        event: 'access.refused',
        userId: writer.id,
        ip: '10.74.0.1',
        outcome: 'private',
        resource: 'checklist',
        id: hidden.id,
      });
    }
  });

  it('never writes a password, a session token or a cookie', () => {
    const text = raw.join('');
    for (const secret of [
      'writing-pass-1',
      'logged-pass-1',
      'changing-pass-1',
      'changed-pass-2',
      'after-reset-3',
      'curious-pass-1',
    ])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/better-auth\.session_token/);
    expect(text).not.toMatch(/"token":"[^[]/);
  });
});
