import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, migrationsFolder, type Database } from '../../src/server/db/client';

// Databases at a point of the migrations' history: for tests of what a migration does to a
// database an older version left, and of start-up on one.

type JournalEntry = { tag: string };

/** The journal drizzle-kit writes beside the migrations: one entry each, in the order they run. */
export const readJournal = () =>
  JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };

/** A new empty database (`prefix` and a random suffix) for `run`, dropped afterwards however `run` ends. */
export async function withScratchDatabase(prefix: string, run: (db: Database) => Promise<void>, max = 1) {
  const adminUrl = inject('adminDatabaseUrl');
  const scratch = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${scratch}`);
  const scratchUrl = new URL(adminUrl);
  scratchUrl.pathname = `/${scratch}`;
  const db = connectDatabase(scratchUrl.toString(), { max });
  try {
    await run(db);
  } finally {
    await db.$client.end();
    await admin.query(`drop database ${scratch} with (force)`);
    await admin.end();
  }
}

/** Applies only `entries` of the journal (its first ones), as a version that had no later migration would. */
export async function migrateOnly(db: Database, entries: JournalEntry[]) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  try {
    mkdirSync(path.join(folder, 'meta'));
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...readJournal(), entries }));
    for (const { tag } of entries)
      copyFileSync(path.join(migrationsFolder(), `${tag}.sql`), path.join(folder, `${tag}.sql`));
    await migrate(db, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Applies the migrations that come before `tag`, as a database made before that migration. */
async function migrateBefore(db: Database, tag: string) {
  const { entries } = readJournal();
  const index = entries.findIndex((entry) => entry.tag === tag);
  if (index < 1) throw new Error(`no migration ${tag} after the first`);
  await migrateOnly(db, entries.slice(0, index));
}

/**
 * A scratch database (two connections) made before migration `tag`, for `run` to write what an
 * older version left, apply the migrations and read what they made of it.
 */
export async function withDatabaseBefore(tag: string, run: (db: Database) => Promise<void>) {
  await withScratchDatabase(
    `ticklist_${tag.replace(/\W/g, '_')}`,
    async (db) => {
      await migrateBefore(db, tag);
      await run(db);
    },
    2,
  );
}

/**
 * A list with its items, written in SQL that names only the columns every version of the schema
 * has (the factories name every column of today's schema, which an older database lacks).
 */
export async function makeOldList(
  db: Database,
  authorId: string,
  {
    items = ['First thing', 'Second thing', 'Third thing'],
    isPublic = true,
  }: { items?: string[]; isPublic?: boolean } = {},
): Promise<{ id: string; items: { id: string; content: string }[] }> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into checklists (id, title, description, author_id, estimated_time, difficulty, is_public)
      values (${id}, ${`Old list ${id.slice(0, 8)}`}, 'Made before a migration.', ${authorId}, '15 minutes', 'medium', ${isPublic})`);
    await tx.execute(sql`
      insert into checklist_items (checklist_id, content, order_index)
      select ${id}, content, position from unnest(${sql.param(items)}::text[]) with ordinality as item(content, position)`);
  });
  const found = await db.execute<{ id: string; content: string }>(
    sql`select id, content from checklist_items where checklist_id = ${id} order by order_index`,
  );
  return { id, items: found.rows };
}

/** A user with a profile, written in SQL that names only the columns every version of the schema has. */
export async function makeOldUser(db: Database): Promise<{ id: string }> {
  const id = randomUUID();
  const username = `old_${id.slice(0, 8)}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
      values (${id}, ${username}, ${`${username}@example.test`}, true, now(), now())`);
    await tx.execute(sql`insert into profiles (id, username) values (${id}, ${username})`);
  });
  return { id };
}
