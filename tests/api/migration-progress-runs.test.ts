import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { applyMigrations } from '../../src/server/db/client';
import { makeOldList, makeOldUser, withDatabaseBefore } from '../setup/migrations';

// The migration that has each progress row say whether its run is complete and whether its user
// may still see the list carries every row over: complete where every item is ticked, not visible
// where the list went private under a reader, visible on the user's own private list.

it('marks each progress row complete and visible as its list and ticks say', async () => {
  await withDatabaseBefore('0004_progress-knows-its-run', async (db) => {
    const [author, reader] = [await makeOldUser(db), await makeOldUser(db)];
    const finished = await makeOldList(db, author.id, { items: ['a', 'b'] });
    const closed = await makeOldList(db, author.id, { items: ['a', 'b', 'c'] });
    const own = await makeOldList(db, author.id, { isPublic: false, items: ['a', 'b'] });
    const tick = (userId: string, list: { id: string }, itemIds: string[]) =>
      db.execute(sql`insert into checklist_item_completions (checklist_item_id, checklist_id, user_id)
        select unnest(${sql.param(itemIds)}::uuid[]), ${list.id}, ${userId}`);
    await tick(
      reader.id,
      finished,
      finished.items.map((item) => item.id),
    );
    await tick(reader.id, closed, [closed.items[0]!.id]);
    await tick(author.id, own, [own.items[0]!.id]);
    await db.execute(sql`update checklists set is_public = false where id = ${closed.id}`);

    await applyMigrations(db);

    const rows = await db.execute<{
      checklist_id: string;
      user_id: string;
      complete: boolean;
      list_visible: boolean;
    }>(sql`select checklist_id, user_id, complete, list_visible from checklist_progress`);
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { checklist_id: finished.id, user_id: reader.id, complete: true, list_visible: true },
        { checklist_id: closed.id, user_id: reader.id, complete: false, list_visible: false },
        { checklist_id: own.id, user_id: author.id, complete: false, list_visible: true },
      ]),
    );
    expect(rows.rows).toHaveLength(3);
  });
});
