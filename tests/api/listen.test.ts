import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { listenOn } from '../../src/server/db/listen';
import { createNotificationHub, NOTIFICATION_CHANNEL } from '../../src/server/notifications/live';
import { createTestDatabase } from '../setup/test-database';

const { db } = await createTestDatabase();

/** Ends every other session that is LISTENing, as PostgreSQL does when it shuts down. */
async function terminateListeners() {
  const result = await db.execute<{ ended: boolean }>(sql`
    select pg_terminate_backend(pid) as ended from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
  return result.rows.length;
}

describe('a LISTEN connection', () => {
  it('hears notifications until closed, then releases its connection', async () => {
    const heard: (string | undefined)[] = [];
    const listening = await listenOn(db, 'test_channel', { onNotification: (p) => heard.push(p), onLost: vi.fn() });
    await db.execute(sql`select pg_notify('test_channel', 'hello')`);
    await vi.waitFor(() => expect(heard).toEqual(['hello']));
    await listening.close();
    await listening.close(); // twice is harmless
    expect(await terminateListeners()).toBe(0);
  });

  it('reports a lost connection once, and closing afterwards does not throw (no double release)', async () => {
    const onLost = vi.fn();
    const listening = await listenOn(db, 'test_channel', { onNotification: vi.fn(), onLost });
    expect(await terminateListeners()).toBe(1);
    await vi.waitFor(() => expect(onLost).toHaveBeenCalledTimes(1));
    await expect(listening.close()).resolves.toBeUndefined();
    expect(onLost).toHaveBeenCalledTimes(1);
  });
});

describe('the notification hub', () => {
  it('listens again after losing its connection, so streams keep their updates', async () => {
    const hub = createNotificationHub(db, pino({ level: 'silent' }));
    const heard: number[] = [];
    const userId = 'someone-without-notifications';
    await hub.subscribe(userId, { onUnread: (unread) => heard.push(unread), onEnd: vi.fn() });
    expect(await terminateListeners()).toBe(1);
    // It listens again after a short delay.
    await vi.waitFor(
      async () => {
        const result = await db.execute(sql`
          select 1 from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
        expect(result.rows).toHaveLength(1);
      },
      { timeout: 5000, interval: 100 },
    );
    // NOTIFYs sent while it was not listening were missed: every stream gets its count afresh.
    await vi.waitFor(() => expect(heard).toEqual([0]));
    await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${userId})`);
    await vi.waitFor(() => expect(heard).toEqual([0, 0]));
    await hub.close();
  });

  it('asks every stream to end when it closes', async () => {
    const hub = createNotificationHub(db, pino({ level: 'silent' }));
    const onEnd = vi.fn();
    await hub.subscribe('a', { onUnread: vi.fn(), onEnd });
    await hub.subscribe('b', { onUnread: vi.fn(), onEnd });
    await hub.close();
    expect(onEnd).toHaveBeenCalledTimes(2);
    expect(await terminateListeners()).toBe(0);
  });
});
