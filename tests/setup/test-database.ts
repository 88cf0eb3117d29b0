import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
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
