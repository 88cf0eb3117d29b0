import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  checklistItemCompletions,
  checklistItems,
  checklistLikes,
  checklists,
  follows,
  savedChecklists,
  userListGroups,
  userListMemberships,
} from '../../src/server/db/schema';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { counters, failureCode } from '../setup/data-model';
import { createTestDatabase } from '../setup/test-database';

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

describe('the database refuses contradictions', () => {
  it('usernames: unique case-insensitively, 3-20 of letters, digits and underscore', async () => {
    await createUser(db, { username: 'Donna_Noble' });
    expect(await failureCode(createUser(db, { username: 'donna_noble' }))).toBe('23505');
    expect(await failureCode(createUser(db, { username: 'ab' }))).toBe('23514');
    expect(await failureCode(createUser(db, { username: 'a'.repeat(21) }))).toBe('23514');
    expect(await failureCode(createUser(db, { username: 'bad-name' }))).toBe('23514');
  });

  it('checklists: difficulty is easy, medium or hard; order_index starts at 1', async () => {
    const author = await createUser(db);
    expect(
      await failureCode(db.insert(checklists).values({ title: 'x', authorId: author.id, difficulty: 'extreme' })),
    ).toBe('23514');
    const list = await makeChecklist(db, author.id);
    expect(
      await failureCode(db.insert(checklistItems).values({ checklistId: list.id, content: 'zero', orderIndex: 0 })),
    ).toBe('23514');
    expect(list.items.map((item) => item.orderIndex)).toEqual([1, 2, 3]);
  });

  it('one like per list and user; one follow per pair and none of oneself', async () => {
    const [a, b] = [await createUser(db), await createUser(db)];
    const list = await makeChecklist(db, a.id);
    await db.insert(checklistLikes).values({ checklistId: list.id, userId: b.id });
    expect(await failureCode(db.insert(checklistLikes).values({ checklistId: list.id, userId: b.id }))).toBe('23505');
    await db.insert(follows).values({ followerId: a.id, followedId: b.id });
    expect(await failureCode(db.insert(follows).values({ followerId: a.id, followedId: b.id }))).toBe('23505');
    expect(await failureCode(db.insert(follows).values({ followerId: a.id, followedId: a.id }))).toBe('23514');
  });

  it('no like of one’s own list, however it is written (trigger checklist_likes_not_self)', async () => {
    const [author, fan] = [await createUser(db), await createUser(db)];
    const list = await makeChecklist(db, author.id);
    expect(await failureCode(db.insert(checklistLikes).values({ checklistId: list.id, userId: author.id }))).toBe(
      '23514',
    );
    await db.insert(checklistLikes).values({ checklistId: list.id, userId: fan.id });
    expect(
      await failureCode(
        db.update(checklistLikes).set({ userId: author.id }).where(eq(checklistLikes.checklistId, list.id)),
      ),
    ).toBe('23514');
    expect((await counters(db, list.id)).likes).toBe(1);
  });

  it('library: one membership per (user, list, group), only in one’s own groups; one save per (user, list)', async () => {
    const [owner, other] = [await createUser(db), await createUser(db)];
    const list = await makeChecklist(db, other.id);
    const [group] = await db.insert(userListGroups).values({ userId: owner.id, name: 'Weekend' }).returning();
    await db.insert(userListMemberships).values({ userId: owner.id, checklistId: list.id, listGroupId: group!.id });
    expect(
      await failureCode(
        db.insert(userListMemberships).values({ userId: owner.id, checklistId: list.id, listGroupId: group!.id }),
      ),
    ).toBe('23505');
    expect(
      await failureCode(
        db.insert(userListMemberships).values({ userId: other.id, checklistId: list.id, listGroupId: group!.id }),
      ),
    ).toBe('23503');
    expect(await failureCode(db.insert(userListGroups).values({ userId: owner.id, name: '   ' }))).toBe('23514');
    await db.insert(savedChecklists).values({ userId: owner.id, checklistId: list.id });
    expect(await failureCode(db.insert(savedChecklists).values({ userId: owner.id, checklistId: list.id }))).toBe(
      '23505',
    );
  });

  it('completions: one per (user, item), and the item must belong to the named checklist', async () => {
    const [author, user] = [await createUser(db), await createUser(db)];
    const [first, second] = [await makeChecklist(db, author.id), await makeChecklist(db, author.id)];
    const item = first.items[0]!;
    await db
      .insert(checklistItemCompletions)
      .values({ userId: user.id, checklistItemId: item.id, checklistId: first.id });
    expect(
      await failureCode(
        db
          .insert(checklistItemCompletions)
          .values({ userId: user.id, checklistItemId: item.id, checklistId: first.id }),
      ),
    ).toBe('23505');
    expect(
      await failureCode(
        db
          .insert(checklistItemCompletions)
          .values({ userId: author.id, checklistItemId: item.id, checklistId: second.id }),
      ),
    ).toBe('23503');
  });
});

describe('references checked at commit (decision 030)', () => {
  it('the items, tags and clone records of a list refer to it deferred, so it can be written after them', async () => {
    const result = await db.execute<{ conname: string; deferrable: boolean; deferred: boolean }>(sql`
      select conname, condeferrable as deferrable, condeferred as deferred from pg_constraint
      where contype = 'f' and confrelid = 'checklists'::regclass and condeferrable order by conname`);
    expect(result.rows).toEqual([
      { conname: 'checklist_items_checklist_id_checklists_id_fk', deferrable: true, deferred: true },
      { conname: 'checklist_tags_checklist_id_checklists_id_fk', deferrable: true, deferred: true },
      { conname: 'cloned_checklists_cloned_checklist_id_checklists_id_fk', deferrable: true, deferred: true },
    ]);
  });

  it('still refuses, at commit, an item of a list that is never written', async () => {
    const orphan = db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into checklist_items (checklist_id, content, order_index) values (gen_random_uuid(), 'Orphan', 1)`);
    });
    expect(await failureCode(orphan)).toBe('23503');
    const [left] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from checklist_items where content = 'Orphan'`)
    ).rows;
    expect(left!.n).toBe(0);
  });
});

describe('references at scale', () => {
  it('every foreign key leads an index, so deleting a list or an account never reads a whole table', async () => {
    const { rows } = await db.execute<{ reference: string }>(sql`
      select c.conrelid::regclass || '.' || a.attname as reference
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
                          and i.indpred is null and i.indisvalid)
      order by 1`);
    expect(rows.map((row) => row.reference)).toEqual([]);
  });
});
