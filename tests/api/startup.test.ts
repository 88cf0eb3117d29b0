import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  applyMigrations,
  connectDatabase,
  LAST_COMMIT_BEFORE_BASELINE,
  migrationsFolder,
  withStartupLock,
} from '../../src/server/db/client';
import { connectForRequests, withStartupConnection } from '../../src/server/open-database';
import { seedIfEmpty } from '../../src/server/seed/seed';

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
    const applied = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    // The demo users and the reserved "Deleted user" the baseline writes.
    const users = await db.execute<{ n: number }>(sql`select count(*)::int as n from profiles`);
    expect(users.rows[0]!.n).toBe(9);
    await Promise.all(processes.map((each) => each.$client.end()));
  });
});

describe('a database an older version migrated part of the way', () => {
  it('is refused with what to do, and left as it was', async () => {
    const older = `ticklist_older_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${older}`);
    const olderUrl = new URL(adminUrl);
    olderUrl.pathname = `/${older}`;
    const db = connectDatabase(olderUrl.toString(), { max: 1 });
    try {
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
    } finally {
      await db.$client.end();
      await admin.query(`drop database ${older} with (force)`);
      await admin.end();
    }
  });

  it('at the baseline’s point skips it: nothing runs again', async () => {
    const db = connectDatabase(url.toString(), { max: 1 });
    try {
      await applyMigrations(db);
      const applied = await db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied.rows[0]!.n).toBe(1);
    } finally {
      await db.$client.end();
    }
  });
});

describe('start-up work', () => {
  it("migrates without the requests' statement timeout (a migration may rewrite a large table)", async () => {
    const timeout = async (db: ReturnType<typeof connectDatabase>) =>
      (await db.execute<{ statement_timeout: string }>(sql`show statement_timeout`)).rows[0]!.statement_timeout;
    expect(await withStartupConnection(adminUrl, timeout)).toBe('0');
    const requests = connectForRequests(adminUrl, pino({ level: 'silent' }));
    expect(await timeout(requests)).toBe('15s');
    await requests.$client.end();
  });
});
