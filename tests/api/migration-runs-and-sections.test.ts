import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, migrationsFolder, type Database } from '../../src/server/db/client';

// The migration that brought headings, notes and runs must leave every list, item, tick and
// progress row meaning what it meant: data written under the schema before it is read back after.

const LAST_BEFORE = '0034_tags-in-authors-order';

let db: Database;
let name: string;
let earlier: string;

/** The committed migrations up to and including `last`, in a folder of their own. */
function migrationsUpTo(last: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ticklist-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const lastIndex = journal.entries.findIndex((entry) => entry.tag === last);
  expect(lastIndex).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, lastIndex + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** Every row that says what a list holds and who ticked what, in a stable order. */
async function snapshot() {
  const read = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
  return {
    lists: await read(
      sql`select id, title, items_count, uses_count, clones_count, tag_names from checklists order by id`,
    ),
    items: await read(sql`select id, checklist_id, content, order_index from checklist_items order by id`),
    ticks: await read(
      sql`select user_id, checklist_item_id, checklist_id from checklist_item_completions order by 1, 2`,
    ),
    progress: await read(
      sql`select checklist_id, user_id, completed_count, started_at from checklist_progress order by 1, 2`,
    ),
    clones: await read(
      sql`select original_checklist_id, original_title, cloned_checklist_id from cloned_checklists order by 3`,
    ),
  };
}

beforeAll(async () => {
  name = `ticklist_migration_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  db = connectDatabase(url.toString(), { max: 2 });
  earlier = migrationsUpTo(LAST_BEFORE);
  await migrate(db, { migrationsFolder: earlier });

  // Written as the schema before the migration had it: two users, a list and its clone, ticks.
  await db.execute(sql`
    insert into users (id, name, email) values ('u-author', 'Author', 'a@example.com'), ('u-reader', 'Reader', 'r@example.com');
    insert into profiles (id, username) values ('u-author', 'author_one'), ('u-reader', 'reader_one');
    insert into checklist_items (id, checklist_id, content, order_index) values
      ('00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000001', 'Tent', 1),
      ('00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000001', 'Stove', 2),
      ('00000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000001', 'Map', 3);
    insert into checklist_tags (checklist_id, tag, position) values ('00000000-0000-4000-8000-000000000001', 'camping', 1);
    insert into checklists (id, title, description, author_id) values
      ('00000000-0000-4000-8000-000000000001', 'Camping', 'Two nights', 'u-author');
    insert into checklist_item_completions (user_id, checklist_item_id, checklist_id) values
      ('u-reader', '00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000001'),
      ('u-reader', '00000000-0000-4000-8000-000000000012', '00000000-0000-4000-8000-000000000001'),
      ('u-author', '00000000-0000-4000-8000-000000000013', '00000000-0000-4000-8000-000000000001');
  `);
});

afterAll(async () => {
  await db?.$client.end();
  if (name) await admin(`drop database if exists ${name} with (force)`);
  if (earlier) rmSync(earlier, { recursive: true, force: true });
});

describe('the migration to sections, notes and runs', () => {
  it('keeps every list, item, tick and progress row as it was', async () => {
    const before = await snapshot();
    expect(before.progress).toHaveLength(2);
    await migrate(db, { migrationsFolder: migrationsFolder() });
    expect(await snapshot()).toEqual(before);

    const added = await db.execute<{ kinds: string[]; notes: string[]; closed: number[] }>(sql`
      select (select array_agg(distinct kind) from checklist_items) as kinds,
             (select array_agg(distinct note) from checklist_items) as notes,
             (select array_agg(distinct closed_runs) from checklist_progress) as closed`);
    expect(added.rows[0]).toEqual({ kinds: ['item'], notes: [''], closed: [0] });
  });

  it('then counts and forgets ticks as before for a user with no closed run', async () => {
    const uses = async () =>
      (await db.execute<{ uses_count: number }>(sql`select uses_count from checklists`)).rows[0]!.uses_count;
    expect(await uses()).toBe(2);
    await db.execute(sql`delete from checklist_item_completions where user_id = 'u-author'`);
    expect(await uses()).toBe(1);
    const left = await db.execute(sql`select 1 from checklist_progress where user_id = 'u-author'`);
    expect(left.rows).toHaveLength(0);
  });
});
