import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type TestApp } from '../setup/test-app';

// The client address comes from X-Forwarded-For only through TRUSTED_PROXIES, and
// rate limits count an IPv6 address by its /64. Seen through the address counters of a comment.

let behindProxy: TestApp;
let direct: TestApp;
let author: CreatedUser;

beforeAll(async () => {
  behindProxy = await createTestApp({ trustedProxies: '127.0.0.1, 10.0.0.0/8' });
  direct = await createTestApp({ db: behindProxy.db });
  author = await createUser(behindProxy.db);
});

/** Posts a comment as a new user and returns the address its address counter was stored under. */
async function addressCountedFor(t: TestApp, ip: string, forwardedFor?: string): Promise<string[]> {
  const user = await createUser(t.db);
  const agent = await signedInAgent(t, user);
  await t.db.execute(sql`delete from rate_limits where key like 'write:comment:address:%'`);
  const list = await makeChecklist(t.db, author.id);
  const response = await agent.post(
    `/api/checklists/${list.id}/comments`,
    { content: 'Hello' },
    { ip, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
  );
  expect(response.status).toBe(201);
  const rows = await t.db.execute<{ key: string }>(
    sql`select key from rate_limits where key like 'write:comment:address:day:%'`,
  );
  return rows.rows.map((row) => row.key.replace('write:comment:address:day:', ''));
}

describe('TRUSTED_PROXIES', () => {
  it('takes the client from X-Forwarded-For when the request comes through a trusted proxy', async () => {
    expect(await addressCountedFor(behindProxy, '127.0.0.1', '203.0.113.9')).toEqual(['203.0.113.9']);
    expect(await addressCountedFor(behindProxy, '10.0.0.2', '198.51.100.1, 203.0.113.9, 10.3.3.3')).toEqual([
      '203.0.113.9',
    ]);
  });

  it('ignores X-Forwarded-For from an untrusted peer, and everywhere when the setting is empty', async () => {
    expect(await addressCountedFor(behindProxy, '198.51.100.20', '203.0.113.9')).toEqual(['198.51.100.20']);
    expect(await addressCountedFor(direct, '127.0.0.1', '203.0.113.9')).toEqual(['127.0.0.1']);
  });

  it('counts two IPv6 addresses of one /64 as one address', async () => {
    expect(await addressCountedFor(direct, '2001:db8:1:2::5')).toEqual(['2001:db8:1:2::/64']);
    const user = await createUser(direct.db);
    const agent = await signedInAgent(direct, user);
    const list = await makeChecklist(direct.db, author.id);
    for (const ip of ['2001:db8:1:2::6', '2001:db8:1:2:ffff::7']) {
      expect((await agent.post(`/api/checklists/${list.id}/comments`, { content: 'Hi' }, { ip })).status).toBe(201);
    }
    const counted = await direct.db.execute<{ count: number }>(
      sql`select count from rate_limits where key = 'write:comment:address:day:2001:db8:1:2::/64'`,
    );
    expect(counted.rows).toEqual([{ count: 3 }]);
  });
});
