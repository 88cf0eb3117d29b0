import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectDatabase, executeNamed, poolsOf, type Database } from '../../src/server/db/client';
import { createTestDatabase } from '../setup/test-database';

const { url } = await createTestDatabase();

/** A pool of one connection that waits at most 2 s for it, as the app's pools wait (briefly). */
const connectOne = () => connectDatabase(url, { max: 1, timeouts: { connectMs: 2_000, statementMs: 5_000 } });

/** Ends the socket of the next connection `pool` hands out, as a restarting server would. */
function killNextHandedOut(pool: pg.Pool) {
  pool.once('acquire', (client: pg.PoolClient) => {
    (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
  });
}

async function endWithin(db: Database, ms: number) {
  const ended = db.$client.end().then(() => 'ended');
  const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms).unref());
  return Promise.race([ended, waited]);
}

describe('a connection that ends while it is checked out', () => {
  it('is taken back when its transaction’s BEGIN fails, so the pool can still serve and end', async () => {
    const db = connectOne();
    await db.execute(sql`select 1`); // the pool's one connection, idle
    killNextHandedOut(db.$client);
    let hasRun = false;
    await expect(db.transaction(async () => void (hasRun = true))).rejects.toThrow();
    expect(hasRun).toBe(false);
    // The one connection's place is free again: a new one serves the next statement.
    const { rows } = await db.execute<{ one: number }>(sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
    expect(await endWithin(db, 5_000)).toBe('ended');
  });

  it('is taken back once: the holder’s own release afterwards does nothing, and its error is the statement’s', async () => {
    const db = connectOne();
    const failed = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      killNextHandedOut(db.$client); // not this one: the next
      const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
      (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
      await tx.execute(sql`select 2`);
    });
    await expect(failed).rejects.toThrow(/select 2|rollback/);
    await expect(failed).rejects.not.toThrow(/released/);
    expect(db.$client.totalCount).toBe(0);
    // The next connection handed out dies too; the pool still serves after it.
    await expect(db.execute(sql`select 3`)).rejects.toThrow();
    expect((await db.execute<{ four: number }>(sql`select 4 as four`)).rows).toEqual([{ four: 4 }]);
    expect(await endWithin(db, 5_000)).toBe('ended');
  });

  it('does not stop the named statements’ pool, which hands out its connections by callback, from serving', async () => {
    const db = connectOne();
    const named = { query: { sql: 'select 1 as one', params: [] }, name: 'lost_connections_one' };
    expect(await executeNamed(db, named)).toEqual([{ one: 1 }]);
    killNextHandedOut(poolsOf(db)[1]!);
    await expect(executeNamed(db, named)).rejects.toThrow();
    expect(await executeNamed(db, named)).toEqual([{ one: 1 }]);
    expect(await endWithin(db, 5_000)).toBe('ended');
  });
});
