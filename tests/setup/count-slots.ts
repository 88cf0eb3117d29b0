import { sql } from 'drizzle-orm';
import { connectDatabase, type Database } from '../../src/server/db/client';
import { PUBLIC_COUNT_SLOTS } from '../../src/server/db/schema';

/**
 * Runs `use` with two sessions of their own on `databaseUrl` (a pool of one each, so one backend
 * each, 3 s at most per statement) that count in different slots of the public counts (a backend's
 * pid decides its slot): for tests that two writes at the same moment do not wait on one another.
 */
export async function withSessionsInTwoSlots(
  databaseUrl: string,
  use: (first: Database, second: Database) => Promise<void>,
): Promise<void> {
  const sessions: Database[] = [];
  const slotOf = async (db: Database) =>
    (await db.execute<{ slot: number }>(sql`select pg_backend_pid() % ${PUBLIC_COUNT_SLOTS} as slot`)).rows[0]!.slot;
  const open = () => {
    const db = connectDatabase(`${databaseUrl}?options=${encodeURIComponent('-c statement_timeout=3000')}`, {
      max: 1,
    });
    sessions.push(db);
    return db;
  };
  try {
    const first = open();
    let second = open();
    while ((await slotOf(second)) === (await slotOf(first))) second = open();
    await use(first, second);
  } finally {
    for (const db of sessions) await db.$client.end();
  }
}
