import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  checklistItemCompletions,
  checklistItems,
  checklistLikes,
  checklists,
  clonedChecklists,
  follows,
  notificationsWithActor,
  notifications,
  profiles,
  savedChecklists,
  userListGroups,
  userListMemberships,
} from '../../src/server/db/schema';
import { cloneChecklist } from '../../src/server/checklists/checklists.actions';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { createTestDatabase } from '../setup/test-database';

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
});

/** The Postgres error code a statement fails with (23505 unique, 23514 check, 23503 foreign key). */
async function failureCode(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? (error as { code?: string }).code;
  }
}

const counters = async (id: string) => {
  const [row] = await db
    .select({ uses: checklists.usesCount, likes: checklists.likesCount, clones: checklists.clonesCount })
    .from(checklists)
    .where(eq(checklists.id, id));
  return row!;
};

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
    expect((await counters(list.id)).likes).toBe(1);
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

describe('search indexes (decision 031)', () => {
  it('every word index holds the tag keys too, so a word and a tag are one scan; public lists only', async () => {
    // A search reads every entry not yet merged into the index: at most 64 kB of them, not 4 MB.
    const pending = ['gin_pending_list_limit=64'];
    const result = await db.execute<{ name: string; columns: string; partial: string; options: string[] }>(sql`
      select i.relname as name, pg_get_expr(x.indpred, x.indrelid) as partial, i.reloptions as options,
             (select string_agg(pg_get_indexdef(x.indexrelid, k, true), ' + ' order by k)
              from generate_series(1, x.indnatts) k) as columns
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_am am on am.oid = i.relam
      where x.indrelid = 'checklists'::regclass and am.amname = 'gin' order by i.relname`);
    expect(result.rows).toEqual([
      { name: 'checklists_search_idx', columns: 'tag_keys + search_vector', partial: 'is_public', options: pending },
      {
        name: 'checklists_search_title_idx',
        columns: 'tag_keys + ts_filter(search_vector, \'{a}\'::"char"[])',
        partial: 'is_public',
        options: pending,
      },
      {
        name: 'checklists_search_title_tags_description_idx',
        columns: 'tag_keys + ts_filter(search_vector, \'{a,b,c}\'::"char"[])',
        partial: 'is_public',
        options: pending,
      },
      {
        name: 'checklists_search_title_tags_idx',
        columns: 'tag_keys + ts_filter(search_vector, \'{a,b}\'::"char"[])',
        partial: 'is_public',
        options: pending,
      },
    ]);
  });
});

describe("a clone's search fields (issue 11, migration 0030)", () => {
  type SearchFields = { lexemes: string[]; tag_keys: string[]; tag_names: string[]; items_count: number };
  /**
   * A list's kept search fields, and the same four computed now from its title, description, items
   * and tags. A document is compared as its lexemes, each with its weights (Best match's tiers read
   * them), not its positions (which depend on the order its items are joined in).
   */
  const weighted = (document: SQL) => sql`
    array(select d.lexeme || ':' || array_to_string(array(select distinct w from unnest(d.weights) w order by 1), '')
          from unnest(${document}) d order by 1)`;
  async function searchFields(id: string): Promise<{ kept: SearchFields; computed: SearchFields }> {
    const [row] = (
      await db.execute<{ kept: SearchFields; computed: SearchFields }>(sql`
        select json_build_object('lexemes', ${weighted(sql`search_vector`)}, 'tag_keys', tag_keys, 'tag_names', tag_names,
                                 'items_count', items_count) as kept,
               json_build_object('lexemes', ${weighted(sql`ticklist_search_document(id, title, description)`)},
                                 'tag_keys', ticklist_tag_keys(id), 'tag_names', ticklist_tag_names(id),
                                 'items_count', ticklist_items_count(id)) as computed
        from checklists where id = ${id}`)
    ).rows;
    return row!;
  }
  const content = {
    description: 'Everything for a café stop.',
    items: ['Boxes', 'Tape', 'Marker'],
    tags: ['Moving', 'home'],
  };

  it("takes its original's document, tag keys, tag names and item count, which are what computing them gives", async () => {
    const author = await createUser(db);
    const cloner = await createUser(db);
    const original = await makeChecklist(db, author.id, { title: 'Moving day', ...content });
    const cloned = await cloneChecklist(db, original.id, cloner.id);
    if (!cloned.ok) throw new Error('not cloned');
    const { kept, computed } = await searchFields(cloned.value);
    expect(kept).toEqual(computed);
    expect(kept.items_count).toBe(3);
    expect(kept.tag_keys).toEqual(['home', 'moving']);

    // Taken, not computed again: a word put into the original's document alone comes with the copy.
    await db.execute(sql`
      update checklists set search_vector = search_vector || 'zzmarked'::tsvector where id = ${original.id}`);
    const again = await cloneChecklist(db, original.id, cloner.id);
    if (!again.ok) throw new Error('not cloned');
    expect((await searchFields(again.value)).kept.lexemes.some((lexeme) => lexeme.startsWith('zzmarked'))).toBe(true);
  });

  it("computes its own when its text is not, at that moment, its original's", async () => {
    const author = await createUser(db);
    const cloner = await createUser(db);
    const original = await makeChecklist(db, author.id, { title: 'Moving day', ...content });
    await db.execute(sql`
      update checklists set search_vector = search_vector || 'zzmarked'::tsvector where id = ${original.id}`);
    // As a clone is written, but with an item, the items' order, a tag, a tag's case, the title or
    // the description that differs from the original's.
    const same = { title: 'Moving day', ...content };
    const copies = [
      { ...same, items: ['Boxes', 'Tape', 'Pens'] },
      { ...same, items: ['Tape', 'Boxes', 'Marker'] },
      { ...same, tags: ['Moving', 'house'] },
      { ...same, tags: ['moving', 'home'] },
      { ...same, title: 'Moving night' },
      { ...same, description: 'Everything for a tea stop.' },
    ];
    for (const copy of copies) {
      const id = await db.transaction(async (tx) => {
        const [row] = (await tx.execute<{ id: string }>(sql`select gen_random_uuid() as id`)).rows;
        for (const [index, item] of copy.items.entries()) {
          await tx.execute(sql`
            insert into checklist_items (checklist_id, content, order_index) values (${row!.id}, ${item}, ${index + 1})`);
        }
        for (const tag of copy.tags) {
          await tx.execute(sql`insert into checklist_tags (checklist_id, tag) values (${row!.id}, ${tag})`);
        }
        await tx.insert(clonedChecklists).values({
          originalChecklistId: original.id,
          originalTitle: 'Moving day',
          clonedChecklistId: row!.id,
          clonedBy: cloner.id,
        });
        await tx.execute(sql`
          insert into checklists (id, title, description, author_id, is_public)
          values (${row!.id}, ${copy.title}, ${copy.description}, ${cloner.id}, true)`);
        return row!.id;
      });
      const { kept, computed } = await searchFields(id);
      expect(kept, JSON.stringify(copy)).toEqual(computed);
      expect(kept.lexemes.some((lexeme) => lexeme.startsWith('zzmarked'))).toBe(false);
    }
  });
});

describe('counters kept by triggers', () => {
  it('uses = distinct users with at least one ticked item', async () => {
    const [author, ana, ben] = [await createUser(db), await createUser(db), await createUser(db)];
    const list = await makeChecklist(db, author.id, { items: ['a', 'b', 'c'] });
    const tick = (userId: string, index: number) =>
      db
        .insert(checklistItemCompletions)
        .values({ userId, checklistItemId: list.items[index]!.id, checklistId: list.id });
    await tick(ana.id, 0);
    await tick(ana.id, 1);
    expect((await counters(list.id)).uses).toBe(1);
    await tick(ben.id, 2);
    expect((await counters(list.id)).uses).toBe(2);
    await db.delete(checklistItemCompletions).where(eq(checklistItemCompletions.userId, ana.id));
    expect((await counters(list.id)).uses).toBe(1);
    // Deleting an item un-ticks it for everyone, and a user with nothing ticked stops counting.
    await db.delete(checklistItems).where(eq(checklistItems.id, list.items[2]!.id));
    expect((await counters(list.id)).uses).toBe(0);
  });

  it('counts concurrent first ticks by one user once', async () => {
    const [author, user] = [await createUser(db), await createUser(db)];
    const list = await makeChecklist(db, author.id, { items: ['a', 'b', 'c', 'd', 'e', 'f'] });
    await Promise.all(
      list.items.map((item) =>
        db.insert(checklistItemCompletions).values({ userId: user.id, checklistItemId: item.id, checklistId: list.id }),
      ),
    );
    expect((await counters(list.id)).uses).toBe(1);
  });

  it('likes and clones follow their rows; a deleted original leaves its clones, with the link cleared', async () => {
    const [author, fan, cloner] = [await createUser(db), await createUser(db), await createUser(db)];
    const original = await makeChecklist(db, author.id, { title: 'Original' });
    await db.insert(checklistLikes).values([
      { checklistId: original.id, userId: fan.id },
      { checklistId: original.id, userId: cloner.id },
    ]);
    const copy = await makeChecklist(db, cloner.id, { title: 'Original' });
    await db.insert(clonedChecklists).values({
      originalChecklistId: original.id,
      originalTitle: 'Original',
      clonedChecklistId: copy.id,
      clonedBy: cloner.id,
    });
    expect(await counters(original.id)).toEqual({ uses: 0, likes: 2, clones: 1 });
    await db.delete(checklistLikes).where(eq(checklistLikes.userId, fan.id));
    expect((await counters(original.id)).likes).toBe(1);

    await db.delete(checklists).where(eq(checklists.id, original.id));
    const [link] = await db.select().from(clonedChecklists).where(eq(clonedChecklists.clonedChecklistId, copy.id));
    expect(link!.originalChecklistId).toBeNull();
    expect(link!.originalTitle).toBe('Original');
    expect(await counters(copy.id)).toEqual({ uses: 0, likes: 0, clones: 0 });
  });

  it('a deleted checklist takes its items, ticks, likes and progress with it', async () => {
    const [author, user] = [await createUser(db), await createUser(db)];
    const list = await makeChecklist(db, author.id);
    await db
      .insert(checklistItemCompletions)
      .values({ userId: user.id, checklistItemId: list.items[0]!.id, checklistId: list.id });
    await db.insert(checklistLikes).values({ checklistId: list.id, userId: user.id });
    await db.delete(checklists).where(eq(checklists.id, list.id));
    const [left] = await db
      .execute<{ n: number }>(
        sql`
      select (select count(*) from checklist_items where checklist_id = ${list.id})
           + (select count(*) from checklist_item_completions where checklist_id = ${list.id})
           + (select count(*) from checklist_likes where checklist_id = ${list.id})
           + (select count(*) from checklist_progress where checklist_id = ${list.id}) as n`,
      )
      .then((r) => r.rows);
    expect(Number(left!.n)).toBe(0);
  });
});

describe('references at scale (issue 11)', () => {
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

describe('read models', () => {
  it('notifications_with_actor adds the actor’s username, name and avatar', async () => {
    const [recipient, actor] = [await createUser(db), await createUser(db, { profileName: 'Sam', avatarUrl: '🦊' })];
    await db
      .insert(notifications)
      .values({ userId: recipient.id, actorId: actor.id, type: 'follow', message: 'Sam followed you' });
    const [row] = await db.select().from(notificationsWithActor).where(eq(notificationsWithActor.userId, recipient.id));
    expect(row).toMatchObject({
      actorUsername: actor.username,
      actorName: 'Sam',
      actorAvatar: '🦊',
      type: 'follow',
      readAt: null,
    });
  });

  it('a profile is 1:1 with its user and goes with it', async () => {
    const user = await createUser(db);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile!.isPublic).toBe(true);
  });
});
