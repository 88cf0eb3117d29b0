import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_CHANNEL } from '../../src/server/notifications/live';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { notifiedDuring } from '../setup/notified-during';
import { freePort, startServerProcess, type ServerProcess } from '../setup/server-process';
import { createTestDatabase } from '../setup/test-database';

// A write's side effects that need not be in its response (a badge check, its notification and
// their NOTIFYs) are left in the outbox by the write's own statement and run after its commit. A
// process that dies between the two loses nothing: the next start runs what it left, once.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-outbox-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a process killed between a write’s commit and its badge check', () => {
  it('leaves the check in the outbox, and the next start runs it once: the badge, its notification, its NOTIFY', async () => {
    const { db, url } = await createTestDatabase();
    const env = { DATABASE_URL: url, AUTH_SECRET: 'outbox-test-secret-outbox-test-secret-01', DATA_DIR: dataDir };
    const author = await createUser(db);
    const user = await createUser(db);
    const list = await makeChecklist(db, author.id, { items: ['Only item'] });
    server = await startServerProcess(env, await freePort());
    const signIn = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');

    // Another session holds the badges table, so the check that follows the tick's commit waits.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table user_badges in exclusive mode');
      // Completing the list's only item completes the user's first list: Finisher.
      const tick = fetch(`${server.baseUrl}/api/checklists/${list.id}/items/${list.items[0]!.id}/done`, {
        method: 'PUT',
        headers: { cookie, origin: server.baseUrl },
      }).catch(() => null);
      await vi.waitFor(
        async () => {
          const waiting = await holder.query(
            `select 1 from pg_locks where relation = 'user_badges'::regclass and not granted`,
          );
          expect(waiting.rowCount).toBe(1);
        },
        { timeout: 15_000, interval: 50 },
      );
      // The process dies, and with it the statement it had sent: a backend waiting on a lock does
      // not notice its client has gone, so it is ended as the crash would have ended it.
      // Its exit is awaited from before the kill: it may come before the tick's request fails.
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await tick;
      await exited;
      server = undefined;
      const ended = await holder.query(
        `select pg_terminate_backend(pid) as ended from pg_locks where relation = 'user_badges'::regclass and not granted`,
      );
      expect(ended.rows).toEqual([{ ended: true }]);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }

    // The tick committed; its check did not run, and waits in the outbox.
    const state = async () =>
      (
        await db.execute<{ completions: number; checks: number; badges: number; notices: number }>(sql`
          select (select count(*)::int from checklist_item_completions where user_id = ${user.id}) as completions,
                 (select count(*)::int from outbox_tasks) as checks,
                 (select count(*)::int from user_badges where user_id = ${user.id}) as badges,
                 (select count(*)::int from notifications where user_id = ${user.id} and type = 'badge') as notices`)
      ).rows[0]!;
    expect(await state()).toEqual({ completions: 1, checks: 1, badges: 0, notices: 0 });

    // The next start runs it: the badge, its notification, and the NOTIFY to the user's streams.
    const notified = await notifiedDuring(db, NOTIFICATION_CHANNEL, async () => {
      server = await startServerProcess(env, await freePort());
      await vi.waitFor(async () => expect((await state()).checks).toBe(0), { timeout: 15_000, interval: 100 });
    });
    expect(notified).toContain(user.id);
    expect(await state()).toEqual({ completions: 1, checks: 0, badges: 1, notices: 1 });
    const badge = await db.execute<{ badge_slug: string }>(
      sql`select badge_slug from user_badges where user_id = ${user.id}`,
    );
    expect(badge.rows.map((row) => row.badge_slug)).toEqual(['finisher']);
  }, 90_000);
});
