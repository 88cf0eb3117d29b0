import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it, inject } from 'vitest';
import {
  applyMigrations,
  connectDatabase,
  type Database,
  LAST_COMMIT_BEFORE_BASELINE,
  poolsOf,
  withStartupLock,
} from '../../src/server/db/client';
import { connectForRequests, withStartupConnection } from '../../src/server/open-database';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { migrateOnly, readJournal, withScratchDatabase } from '../setup/migrations';

const name = `ticklist_empty_${randomBytes(5).toString('hex')}`;
const adminUrl = inject('adminDatabaseUrl');
const url = new URL(adminUrl);
url.pathname = `/${name}`;

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** How many migrations a database records as applied. */
const appliedCount = async (db: Database) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0]!.n;

describe('several app processes starting on one empty database', () => {
  it('migrate and seed one after another: every table once, demo content once', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();

    const processes = [
      connectDatabase(url.toString(), { max: 3 }),
      connectDatabase(url.toString(), { max: 3 }),
      connectDatabase(url.toString(), { max: 3 }),
    ];
    const logger = pino({ level: 'silent' });
    await Promise.all(
      processes.map(async (db) => {
        await withStartupLock(db, () => applyMigrations(db));
        await withStartupLock(db, () => seedIfEmpty(db, logger));
      }),
    );
    const db = processes[0]!;
    expect(await appliedCount(db)).toBe(readJournal().entries.length);
    // The demo users and the reserved "Deleted user" the baseline writes.
    const users = await db.execute<{ n: number }>(sql`select count(*)::int as n from profiles`);
    expect(users.rows[0]!.n).toBe(9);
    await Promise.all(processes.map((each) => each.$client.end()));
  });
});

describe('a database an older version migrated part of the way', () => {
  it('is refused with what to do, and left as it was', async () => {
    await withScratchDatabase('ticklist_older', async (db) => {
      // What the migrations before the baseline left after the first few: their rows, some tables.
      await db.execute(sql`create schema drizzle`);
      await db.execute(
        sql`create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
      );
      await db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('init', 1795370225370)`);
      await db.execute(sql`create table users (id text primary key)`);
      await expect(applyMigrations(db)).rejects.toThrow(
        `The database was migrated by an older Ticklist: start commit ${LAST_COMMIT_BEFORE_BASELINE} on it once`,
      );
      const tables = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      expect(tables.rows[0]!.n).toBe(1);
    });
  });

  it('at the baseline’s point (a database the step-by-step migrations built) skips it and takes the later ones', async () => {
    await withScratchDatabase('ticklist_at_baseline', async (db) => {
      // The schema those migrations left, recorded under their last timestamp (which the baseline carries).
      const journal = readJournal();
      await migrateOnly(db, journal.entries.slice(0, 1));
      await db.execute(sql`update drizzle.__drizzle_migrations set hash = 'the last step-by-step migration'`);
      await applyMigrations(db);
      expect(await appliedCount(db)).toBe(journal.entries.length);
      const baselineRuns = await db.execute(
        sql`select 1 from drizzle.__drizzle_migrations where hash <> 'the last step-by-step migration'`,
      );
      expect(baselineRuns.rows).toHaveLength(journal.entries.length - 1);
    });
  });

  it('migrated already, runs nothing again', async () => {
    const db = connectDatabase(url.toString(), { max: 1 });
    try {
      await applyMigrations(db);
      expect(await appliedCount(db)).toBe(readJournal().entries.length);
    } finally {
      await db.$client.end();
    }
  });
});

describe('start-up work', () => {
  it("migrates without the requests' statement timeout (a migration may rewrite a large table)", async () => {
    const timeout = async (db: Database) =>
      (await db.execute<{ statement_timeout: string }>(sql`show statement_timeout`)).rows[0]!.statement_timeout;
    expect(await withStartupConnection(adminUrl, timeout)).toBe('0');
    const requests = connectForRequests(adminUrl, pino({ level: 'silent' }));
    expect(await timeout(requests)).toBe('15s');
    await requests.$client.end();
  });
});

describe("the requests' pool", () => {
  /** The database processes serving three statements at once, after the pool has stood idle past its idle time. */
  const processesAfterIdle = async (db: Database) => {
    const pids = async () =>
      (
        await Promise.all(
          [1, 2, 3].map(() => db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)),
        )
      ).map((result) => result.rows[0]!.pid);
    const before = new Set(await pids());
    expect(db.$client.totalCount).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idleCount = db.$client.idleCount;
    const after = await pids();
    return { before, idleCount, kept: after.filter((pid) => before.has(pid)).length };
  };

  it('keeps its connections through a quiet spell, so the next requests reuse their database processes', async () => {
    const requests = connectForRequests(adminUrl, pino({ level: 'silent' }), { max: 3, idleMs: 50 });
    try {
      const { idleCount, kept } = await processesAfterIdle(requests);
      expect(idleCount).toBe(3);
      expect(kept).toBe(3);
      // Its twin for named statements keeps its connections too, and both send TCP keepalives.
      expect(poolsOf(requests).map((pool) => pool.options.min)).toEqual([3, 3]);
      expect(poolsOf(requests).map((pool) => pool.options.keepAlive)).toEqual([true, true]);
    } finally {
      await requests.$client.end();
    }
  });

  it('(a pool that does not keep them closes them after its idle time)', async () => {
    const other = connectDatabase(adminUrl, { max: 3, idleMs: 50 });
    try {
      const { idleCount, kept } = await processesAfterIdle(other);
      expect(idleCount).toBe(0);
      expect(kept).toBe(0);
    } finally {
      await other.$client.end();
    }
  });
});
