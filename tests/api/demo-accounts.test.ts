import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/password-hash';
import type { Database } from '../../src/server/db/client';
import { accounts, users } from '../../src/server/db/schema';
import { freePort, runServerProcessToExit, startServerProcess } from '../setup/server-process';
import { createTestDatabase } from '../setup/test-database';

// Demo content only where it belongs. The embedded database of `npm start` opens on demo
// content (server-process.test.ts); a database of one's own gets none unless asked, and a public
// site refuses to start beside accounts whose password the README publishes.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const common = { DATA_DIR: dataDir, AUTH_SECRET: 'demo-test-secret-demo-test-secret-0123' };
const publicSite = { BASE_URL: 'https://ticklist.example', MAIL_OUTBOX: 'allow' };

const demoUserCount = async (db: Database) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(like(users.email, '%@demo.ticklist.local'))
  )[0]!.n;

describe('demo content with DATABASE_URL', () => {
  it('is not created without SEED_DEMO=1', async () => {
    const { db, url } = await createTestDatabase();
    const server = await startServerProcess({ ...common, DATABASE_URL: url }, await freePort());
    await server.stop();
    expect(server.output()).not.toContain('demo content seeded');
    expect(await demoUserCount(db)).toBe(0);
  }, 60_000);

  describe('with SEED_DEMO=1', () => {
    let seeded: { db: Database; url: string };
    let output = '';
    beforeAll(async () => {
      seeded = await createTestDatabase();
      const server = await startServerProcess(
        { ...common, DATABASE_URL: seeded.url, SEED_DEMO: '1' },
        await freePort(),
      );
      await server.stop();
      output = server.output();
    }, 60_000);

    it('is created', async () => {
      expect(output).toContain('demo content seeded');
      expect(await demoUserCount(seeded.db)).toBe(8);
    });

    it('stops a public BASE_URL from starting, in one line, until the demo accounts have other passwords', async () => {
      const run = await runServerProcessToExit(
        { ...common, ...publicSite, DATABASE_URL: seeded.url },
        await freePort(),
      );
      expect(run.code).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^BASE_URL \(https:\/\/ticklist\.example\) is public, but demo account \S+@demo\.ticklist\.local/,
      );
      expect(run.stdout).not.toContain('Ticklist is ready');

      // The honest test is the password, not the address: changed, the site may start.
      await seeded.db.update(accounts).set({ password: await hashPassword('not-the-published-one-2026') });
      const server = await startServerProcess({ ...common, ...publicSite, DATABASE_URL: seeded.url }, await freePort());
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      await server.stop();
    }, 60_000);
  });
});

describe('SEED_DEMO=1 with a public BASE_URL', () => {
  it('is refused before anything starts, naming the variable', async () => {
    const run = await runServerProcessToExit({ ...common, ...publicSite, SEED_DEMO: '1' }, await freePort());
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SEED_DEMO=1');
  }, 60_000);
});
