import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeNamed } from '../../src/server/db/client';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { makeSessionsDueForRenewal, signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// A signed-in read under a per-user limit (its versions, the moderators' queue, ...) is counted in
// the statement that reads its session, as a write's quotas are, when that session is usable as it
// is; otherwise apart, after it. Either way once, under the key rateKey makes.

let t: TestApp;
let owner: CreatedUser;
let asOwner: Agent;
/** The SQL the app sends, one entry a statement, whitespace folded. */
let statements: string[] = [];

beforeAll(async () => {
  const database = await createTestDatabase({ onQuery: (query) => statements.push(query.replace(/\s+/g, ' ').trim()) });
  t = await createTestApp({ db: database.db });
  owner = await createUser(t.db, { username: 'limited_reader' });
  asOwner = await signedInAgent(t, owner);
});

const key = () => rateKey('versionHistoryPerUser', owner.id);
const counted = async () =>
  (await t.db.execute<{ count: number }>(sql`select count from rate_limits where key = ${key()}`)).rows[0]?.count ?? 0;
const readVersions = async (listId: string) => (await asOwner.request(`/api/checklists/${listId}/versions`)).status;

describe('a read under a per-user limit', () => {
  it('is counted in the statement that reads the session, under the key rateKey makes', async () => {
    const list = await makeChecklist(t.db, owner.id);
    await t.db.execute(sql`delete from rate_limits where key = ${key()}`);
    statements = [];
    expect(await readVersions(list.id)).toBe(200);
    const sent = [...statements];
    expect(await counted()).toBe(1);
    const sessionRead = sent.filter((text) => /from sessions s join users u/.test(text));
    expect(sessionRead).toHaveLength(1);
    expect(sessionRead[0]).toContain('ticklist_count_events');
    expect(sessionRead[0]).toContain("set_config('synchronous_commit', 'off', true)");
    // No statement of its own for the count.
    expect(sent.filter((text) => /rate_limits/.test(text))).toEqual([]);
  });

  it('counts once whether the session is read as it is or left to Better Auth to renew', async () => {
    const list = await makeChecklist(t.db, owner.id);
    await t.db.execute(sql`delete from rate_limits where key = ${key()}`);
    expect(await readVersions(list.id)).toBe(200);
    expect(await counted()).toBe(1);
    // Signed in two days ago: due for renewal, so Better Auth reads the session and the read is counted apart.
    await makeSessionsDueForRenewal(t, owner.id);
    expect(await readVersions(list.id)).toBe(200);
    expect(await counted()).toBe(2);
    // Renewed: read as it is again, and counted in its statement.
    expect(await readVersions(list.id)).toBe(200);
    expect(await counted()).toBe(3);
  });

  it('is refused at the limit, in the statement that reads the session, with nothing read', async () => {
    const list = await makeChecklist(t.db, owner.id);
    await t.db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${key()}, now(), ${rateRules.versionHistoryPerUser.max})
      on conflict (key) do update set window_start = now(), count = excluded.count`);
    statements = [];
    const refused = await asOwner.request(`/api/checklists/${list.id}/versions`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Refused by the session's statement: no count of its own, and nothing read.
    expect(statements.filter((text) => /rate_limits|checklist_versions/.test(text))).toEqual([]);
    await t.db.execute(sql`delete from rate_limits where key = ${key()}`);
  });

  it('by someone signed out is 401, and counts nothing', async () => {
    const list = await makeChecklist(t.db, owner.id);
    await t.db.execute(sql`delete from rate_limits where key like 'versionHistoryPerUser:%'`);
    expect((await t.agent().request(`/api/checklists/${list.id}/versions`)).status).toBe(401);
    const rows = await t.db.execute(sql`select key from rate_limits where key like 'versionHistoryPerUser:%'`);
    expect(rows.rows).toEqual([]);
  });
});

describe('a read under a limit per address', () => {
  it('is counted by a statement of its own whose commit does not wait for the disk', async () => {
    const list = await makeChecklist(t.db, owner.id);
    statements = [];
    expect((await t.agent().request(`/api/checklists/${list.id}/remixes`)).status).toBe(200);
    const counts = statements.filter((text) => /insert into rate_limits/.test(text));
    expect(counts).toHaveLength(1);
    expect(counts[0]).toContain("set_config('synchronous_commit', 'off', true)");
  });

  it('is counted by a statement prepared once by name, on the connections that keep their plans', async () => {
    // One connection in each pool, so what the named one has prepared is what the request used.
    const { db } = await createTestDatabase({ max: 1 });
    const app = await createTestApp({ db });
    const list = await makeChecklist(db, (await createUser(db)).id);
    for (let run = 0; run < 3; run++)
      expect((await app.agent().request(`/api/checklists/${list.id}/remixes`)).status).toBe(200);
    const prepared = await executeNamed<{ statement: string; generic_plans: number }>(
      db,
      sql`select statement, generic_plans::int from pg_prepared_statements where from_sql = false`,
    );
    const counts = prepared.filter((row) => /insert into rate_limits/.test(row.statement));
    expect(counts).toHaveLength(1);
    expect(counts[0]!.generic_plans).toBe(3);
  });
});
