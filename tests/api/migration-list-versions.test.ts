import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { applyMigrations } from '../../src/server/db/client';
import { makeOldList, makeOldUser, withDatabaseBefore } from '../setup/migrations';

// The migration that gives entries keys and lists versions rewrites no row: an entry's key is its
// id until it has another, a list with no version is at version 1, and a clone made before it
// copied version 1 of its original and knows no sources (its entries are matched by text).

it('leaves every entry its id as key, and every clone at version 1 of its original', async () => {
  await withDatabaseBefore('0005_list-versions', async (db) => {
    const [author, cloner] = [await makeOldUser(db), await makeOldUser(db)];
    const original = await makeOldList(db, author.id, { items: ['Tent', 'Stove'] });
    const clone = await makeOldList(db, cloner.id, { items: ['Tent', 'Stove'] });
    await db.execute(sql`
      insert into cloned_checklists (original_checklist_id, original_title, cloned_checklist_id, cloned_by)
      values (${original.id}, 'Old', ${clone.id}, ${cloner.id})`);

    await applyMigrations(db);

    const items = await db.execute<{ key: string | null; source_key: string | null }>(
      sql`select key, source_key from checklist_items`,
    );
    expect(items.rows).toHaveLength(4);
    expect(items.rows.every((row) => row.key === null && row.source_key === null)).toBe(true);
    const record = await db.execute(sql`select base_version, reviewed_version from cloned_checklists`);
    expect(record.rows).toEqual([{ base_version: 1, reviewed_version: 1 }]);
    expect((await db.execute(sql`select 1 from checklist_versions`)).rows).toEqual([]);
  });
});
