import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectDatabase, withStartupLock, type Database } from '../../src/server/db/client';
import { createTestDatabase } from '../setup/test-database';

const { url } = await createTestDatabase();

/**
 * A pool of one connection, which waits at most 3 s for it and 4 s for an answer (pg's
 * `query_timeout`), as the app's request pools wait, for longer: a connection the pool has lost
 * shows as a statement that cannot get one. Roomy enough for a new connection on a busy machine.
 */
const connectOne = () => connectDatabase(url, { max: 1, timeouts: { connectMs: 3_000, statementMs: 1_000 } });

type Socket = { destroy: () => void; pause: () => void };
const socketOf = (client: pg.PoolClient) => (client as unknown as { connection: { stream: Socket } }).connection.stream;
const connectionOf = (tx: unknown) => (tx as { session: { client: pg.PoolClient } }).session.client;

/** Does `change` to the socket of the next connection the pool hands out. */
function onNextHandedOut(db: Database, change: (socket: Socket) => void) {
  db.$client.once('acquire', (client: pg.PoolClient) => change(socketOf(client)));
}

const backendPid = async (db: Database) =>
  (await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;

async function endsWithin(db: Database, ms: number) {
  const ended = db.$client.end().then(() => 'ended');
  const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), ms).unref());
  return Promise.race([ended, waited]);
}

describe('a transaction gives its connection back to the pool', () => {
  it('when its BEGIN fails on a connection that dies as it is handed out', async () => {
    const db = connectOne();
    await backendPid(db); // the pool's one connection, idle
    onNextHandedOut(db, (socket) => socket.destroy());
    let hasRun = false;
    await expect(db.transaction(async () => void (hasRun = true))).rejects.toThrow(/begin/);
    expect(hasRun).toBe(false);
    expect(db.$client.totalCount).toBe(0);
    // The one connection's place is free again: a new one serves the next statement.
    expect(await backendPid(db)).toBeGreaterThan(0);
    expect(await endsWithin(db, 5_000)).toBe('ended');
  });

  it('as broken when its BEGIN gets no answer in time, though the connection stays open', async () => {
    const db = connectOne();
    const first = await backendPid(db);
    onNextHandedOut(db, (socket) => socket.pause()); // the answers are not read
    await expect(db.transaction(async () => undefined)).rejects.toThrow(/begin/);
    expect(db.$client.totalCount).toBe(0); // closed, not kept
    const next = await backendPid(db);
    expect(next).not.toBe(first);
    expect(await endsWithin(db, 5_000)).toBe('ended');
  });

  it('as broken when its ROLLBACK gets no answer in time, so no later statement waits behind it', async () => {
    const db = connectOne();
    const first = await backendPid(db);
    const failed = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      socketOf(connectionOf(tx)).pause();
      throw new Error('a rule refused the change');
    });
    await expect(failed).rejects.toThrow(/rollback/);
    expect(db.$client.totalCount).toBe(0);
    const next = await backendPid(db);
    expect(next).not.toBe(first);
    expect(await endsWithin(db, 5_000)).toBe('ended');
  });

  it('sound, to be used again, when it commits or fails in any other way', async () => {
    const db = connectOne();
    const first = await backendPid(db);
    const isKept = async () => {
      expect(db.$client.totalCount).toBe(1);
      expect(await backendPid(db)).toBe(first);
    };
    expect(await db.transaction(async (tx) => (await tx.execute(sql`select 2 as two`)).rows)).toEqual([{ two: 2 }]);
    await isKept();
    // A statement of its own fails.
    await expect(db.transaction(async (tx) => tx.execute(sql`select 1 / 0`))).rejects.toThrow(/select 1 \/ 0/);
    await isKept();
    // A rule of ours refuses the change.
    await expect(db.transaction(async () => Promise.reject(new Error('not yours')))).rejects.toThrow('not yours');
    await isKept();
    // The transaction is rolled back on purpose.
    await expect(db.transaction(async (tx) => tx.rollback())).rejects.toThrow(/rollback/i);
    await isKept();
    // COMMIT fails: a tag of a list that does not exist, whose key is checked at commit.
    const commitFails = db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into checklist_tags (checklist_id, tag, position) values (gen_random_uuid(), 'x', 1)`,
      );
    });
    await expect(commitFails).rejects.toThrow(/commit/);
    await isKept();
    expect(await endsWithin(db, 5_000)).toBe('ended');
  });

  it('runs every transaction of one connection on the Drizzle made for it the first time, and a new connection on its own', async () => {
    const db = connectOne();
    const sessionOf = (tx: unknown) => (tx as { session: object }).session;
    const sessions: object[] = [];
    const connections: pg.PoolClient[] = [];
    const run = () =>
      db.transaction(async (tx) => {
        sessions.push(sessionOf(tx));
        connections.push(connectionOf(tx));
      });
    await run();
    await run();
    expect(connections[1]).toBe(connections[0]);
    expect(sessions[1]).toBe(sessions[0]);
    // The connection is lost (its ROLLBACK gets no answer): the next one gets a Drizzle of its own.
    const failed = db.transaction(async (tx) => {
      socketOf(connectionOf(tx)).pause();
      throw new Error('a rule refused the change');
    });
    await expect(failed).rejects.toThrow(/rollback/);
    await run();
    expect(connections[2]).not.toBe(connections[0]);
    expect(sessions[2]).not.toBe(sessions[0]);
    expect(await endsWithin(db, 5_000)).toBe('ended');
  });
});

describe('the start-up lock', () => {
  it('gives its connection back as broken when the unlock gets no answer in time, so no statement waits behind it', async () => {
    const db = connectOne();
    const first = await backendPid(db);
    let held: pg.PoolClient | undefined;
    db.$client.once('acquire', (client: pg.PoolClient) => (held = client));
    await withStartupLock(db, async () => socketOf(held!).pause());
    expect(db.$client.totalCount).toBe(0);
    expect(await backendPid(db)).not.toBe(first);
    expect(await endsWithin(db, 5_000)).toBe('ended');
  });
});
