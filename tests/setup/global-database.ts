import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { applyMigrations, connectDatabase } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { readTestDatabaseUrl } from '../../src/server/env';

export const TEMPLATE_DATABASE = 'ticklist_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL, or an embedded one in a temporary
 * directory) and a migrated template database from which every test file clones its own.
 */
export default async function setup(project: TestProject) {
  let adminUrl = readTestDatabaseUrl();
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  if (!adminUrl) {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-test-'));
    chmodSync(tempDir, 0o755); // the postgres user must reach its data directory
    const embedded = await startEmbeddedPostgres(tempDir, pino({ level: 'silent' }));
    adminUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DATABASE}`);
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  const template = connectDatabase(templateUrl.toString(), { max: 1 });
  await applyMigrations(template);
  await template.$client.end();

  project.provide('adminDatabaseUrl', adminUrl);

  return async () => {
    await stopEmbedded?.();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}
