import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { connectDatabase, type ConnectOptions, type Database } from '../../src/server/db/client';

const TEMPLATE_DATABASE = 'ticklist_test_template';

/** A fresh database for this test file, cloned from the migrated template and dropped afterwards. */
export async function createTestDatabase(
  options: Pick<ConnectOptions, 'onQuery' | 'max'> = {},
): Promise<{ db: Database; url: string }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `ticklist_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = connectDatabase(url.toString(), { max: 5, ...options });
  afterAll(async () => {
    await db.$client.end();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  return { db, url: url.toString() };
}

/**
 * createTestDatabase that records every SQL statement sent through it, in order, in `statements`: a
 * test empties it before the request whose statements it counts.
 */
export async function createRecordingDatabase(): Promise<{ db: Database; statements: string[] }> {
  const statements: string[] = [];
  const { db } = await createTestDatabase({ onQuery: (query) => statements.push(query) });
  return { db, statements };
}

/** The statements of a signed-in read answered in one: its session's look-up, then the read. */
export function expectSessionThenOneStatement(statements: string[]): void {
  expect(statements.filter((statement) => /from "?sessions"?/.test(statement))).toHaveLength(1);
  expect(statements).toHaveLength(2);
}
