import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { applyMigrations, connectDatabase, migrationsFolder, type Database } from '../../src/server/db/client';
import { createUser, makeChecklist } from '../../src/server/seed/factories';

// The migration that keeps a case's report counts and preview on the case carries the cases open
// before it over: their counts are their reports', their preview their snapshot's first entries.

const name = `ticklist_case_counts_${randomBytes(5).toString('hex')}`;
const adminUrl = inject('adminDatabaseUrl');
let db: Database;

/** Applies the migrations before `tag` only, as a database made before it was written. */
async function migrateBefore(tag: string) {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const earlier = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  expect(earlier.length).toBeGreaterThan(0);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-before-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: earlier }));
    for (const entry of earlier)
      copyFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  db = connectDatabase(url.toString(), { max: 2 });
});

afterAll(async () => {
  await db.$client.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

it('counts the reports of every case open before it, and previews their snapshots', async () => {
  await migrateBefore('0003_moderation-queue-counts');
  const author = await createUser(db);
  const reporters = [await createUser(db), await createUser(db), await createUser(db)];
  const list = await makeChecklist(db, author.id);
  const entries = Array.from({ length: 7 }, (_, index) => ({
    kind: 'item',
    content: `Entry ${index + 1}`,
    note: null,
  }));
  const opened = await db.execute<{ id: string }>(sql`
    insert into moderation_cases (target_type, target_id, owner_id, snapshot)
    values ('checklist', ${list.id}, ${author.id}, ${JSON.stringify({ type: 'checklist', title: 'Old', entries })}::jsonb),
           ('profile', ${author.id}, ${author.id}, '{"type": "profile", "username": "someone"}'::jsonb)
    returning id`);
  const [listCase, profileCase] = opened.rows.map((row) => row.id);
  await db.execute(sql`
    insert into reports (case_id, reporter_id, reason) values
      (${listCase}, ${reporters[0]!.id}, 'spam'), (${listCase}, ${reporters[1]!.id}, 'spam'),
      (${listCase}, ${reporters[2]!.id}, 'other')`);

  await applyMigrations(db);

  const cases = await db.execute<{ id: string; report_count: number; reason_counts: unknown; preview: unknown }>(
    sql`select id, report_count, reason_counts, preview from moderation_cases`,
  );
  expect(cases.rows).toEqual(
    expect.arrayContaining([
      {
        id: listCase,
        report_count: 3,
        reason_counts: { spam: 2, other: 1 },
        preview: { type: 'checklist', title: 'Old', entries: entries.slice(0, 5), entryCount: 7 },
      },
      {
        id: profileCase,
        report_count: 0,
        reason_counts: {},
        preview: { type: 'profile', username: 'someone' },
      },
    ]),
  );
});
