import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { defaultStreamLimits } from '../../src/server/notifications/stream.routes';
import { hasSettled, openStream, type Stream } from '../setup/event-streams';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';

// At most five open streams per user (a new one closes the oldest), at most twenty
// per address, a stream ends within one heartbeat of its session, and every stream ends within the
// hour. The heartbeat is shortened here so that "one heartbeat" is quick; the caps are the real ones.

const HEARTBEAT_MS = 50;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ streamLimits: { ...defaultStreamLimits, heartbeatMs: HEARTBEAT_MS } });
});

async function newSignedIn(): Promise<{ user: CreatedUser; agent: Agent }> {
  const user = await createUser(t.db);
  return { user, agent: await signedInAgent(t, user) };
}

describe('streams per user', () => {
  it('50 streams of one user from 50 addresses: each new one closes the oldest, the newest 5 stay and stay live', async () => {
    const { user, agent } = await newSignedIn();
    const streams: Stream[] = [];
    for (let index = 0; index < 50; index++) {
      const opened = await openStream(agent, `198.51.100.${index + 1}`);
      expect(opened.status).toBe(200);
      streams.push(opened.stream!);
      await opened.stream!.next('unread');
    }
    for (const stream of streams.slice(0, 45)) {
      expect(await stream.ended).toEqual({ event: 'closed', data: JSON.stringify({ reason: 'too_many_streams' }) });
    }
    // The newest five hear of a new notification.
    const fan = await newSignedIn();
    const list = await makeChecklist(t.db, user.id);
    expect((await fan.agent.request(`/api/checklists/${list.id}/like`, { method: 'PUT' })).status).toBe(200);
    for (const stream of streams.slice(45)) {
      expect(JSON.parse(await stream.next('unread'))).toEqual({ unread: 1 });
      expect(await hasSettled(stream.ended)).toBe(false);
    }
  });
});

describe('streams per address', () => {
  it('50 streams from one address: 20 are accepted, the rest refused with 429 and Retry-After; another address is not held back', async () => {
    const opened: { status: number; stream?: Stream }[] = [];
    const agents: Agent[] = [];
    // Five users from one address: four open five streams each, the fifth tries thirty times.
    for (let user = 0; user < 5; user++) {
      const { agent } = await newSignedIn();
      agents.push(agent);
      for (let index = 0; index < (user < 4 ? 5 : 30); index++) opened.push(await openStream(agent, '203.0.113.50'));
    }
    expect(opened.filter((entry) => entry.status === 200)).toHaveLength(20);
    expect(opened.filter((entry) => entry.status === 429)).toHaveLength(30);
    const refused = await agents[4]!.request('/api/notifications/stream', { ip: '203.0.113.50' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another address is not held back.
    expect((await openStream(agents[4]!, '203.0.113.51')).status).toBe(200);
  }, 60_000);
});

describe('a stream ends with its session', () => {
  it('sign-out closes every stream of that session within one heartbeat, and the client is asked to stay away', async () => {
    const { agent } = await newSignedIn();
    const streams: Stream[] = [];
    for (let index = 0; index < 5; index++) {
      const opened = await openStream(agent, `192.0.2.${index + 1}`);
      streams.push(opened.stream!);
      await opened.stream!.next('unread');
    }
    expect((await agent.post('/api/auth/sign-out', {})).status).toBe(200);
    for (const stream of streams) {
      expect(await stream.ended).toEqual({ event: 'closed', data: JSON.stringify({ reason: 'signed_out' }) });
    }
  });

  it('a session ended elsewhere (revoked, expired) closes its stream too', async () => {
    const { user, agent } = await newSignedIn();
    const opened = await openStream(agent, '192.0.2.77');
    await opened.stream!.next('unread');
    await t.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    expect(await opened.stream!.ended).toEqual({ event: 'closed', data: JSON.stringify({ reason: 'signed_out' }) });
  });
});

describe('a password change ends the streams of every earlier session', () => {
  it('closes the other device’s stream and this device’s old one; this device opens a new one with its fresh session', async () => {
    const { user, agent } = await newSignedIn();
    const otherDevice = await signedInAgent(t, user);
    const here = await openStream(agent, '192.0.2.81');
    const there = await openStream(otherDevice, '192.0.2.82');
    await here.stream!.next('unread');
    await there.stream!.next('unread');

    const changed = await agent.post('/api/accounts/change-password', {
      currentPassword: user.password,
      newPassword: 'fresh-pass-81',
      confirmPassword: 'fresh-pass-81',
    });
    expect(changed.status).toBe(200);
    const closed = { event: 'closed', data: JSON.stringify({ reason: 'signed_out' }) };
    expect(await there.stream!.ended).toEqual(closed);
    expect(await here.stream!.ended).toEqual(closed);

    // What the browser does on `closed`: this device still has a session (the one the change gave
    // it), so its new stream is accepted; the other device's is not.
    const reopened = await openStream(agent, '192.0.2.81');
    expect(reopened.status).toBe(200);
    await reopened.stream!.next('unread');
    expect((await openStream(otherDevice, '192.0.2.82')).status).toBe(401);
  });
});

describe('a stream’s age', () => {
  it('ends it with a reconnect hint once it reaches its maximum age', async () => {
    const short = await createTestApp({
      db: t.db,
      streamLimits: { ...defaultStreamLimits, heartbeatMs: 10_000, maxAgeMs: 200 },
    });
    const user = await createUser(t.db);
    const agent = await signedInAgent(short, user);
    const opened = await openStream(agent, '192.0.2.200');
    expect(opened.status).toBe(200);
    expect(await opened.stream!.ended).toMatchObject({ event: 'reconnect' });
  });

  it('is at most an hour, five per user and twenty per address by default', () => {
    expect(defaultStreamLimits).toEqual({ heartbeatMs: 25_000, maxAgeMs: 3_600_000, perUser: 5, perAddress: 20 });
  });
});
