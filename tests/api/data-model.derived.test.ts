import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  checklistItemCompletions,
  checklistItems,
  checklistLikes,
  checklists,
  clonedChecklists,
  notificationsWithActor,
  notifications,
  profiles,
} from '../../src/server/db/schema';
import { checklistInputSchema } from '../../src/domain/checklists/checklist-input';
import { cloneChecklist, createChecklist } from '../../src/server/checklists/checklists.actions';
import { duplicateChecklist } from '../../src/server/checklists/duplicate.actions';
import { makeChecklist, createUser } from '../../src/server/seed/factories';
import { counters } from '../setup/data-model';
import { createTestDatabase } from '../setup/test-database';

let db: Database;
beforeAll(async () => {
  ({ db } = await createTestDatabase());
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

describe("a clone's search fields", () => {
  type SearchFields = { lexemes: string[]; tag_keys: string[]; tag_names: string[]; items_count: number };
  /**
   * A list's stored search fields, and the same four computed now from its title, description, items
   * and tags. A document is compared as its lexemes, each with its weights (Best match's tiers read
   * them), not its positions (which depend on the order its items are joined in).
   */
  const weighted = (document: SQL) => sql`
    array(select d.lexeme || ':' || array_to_string(array(select distinct w from unnest(d.weights) w order by 1), '')
          from unnest(${document}) d order by 1)`;
  async function searchFields(id: string): Promise<{ stored: SearchFields; computed: SearchFields }> {
    const [row] = (
      await db.execute<{ stored: SearchFields; computed: SearchFields }>(sql`
        select json_build_object('lexemes', ${weighted(sql`search_vector`)}, 'tag_keys', tag_keys, 'tag_names', tag_names,
                                 'items_count', items_count) as stored,
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
    const { stored, computed } = await searchFields(cloned.value);
    expect(stored).toEqual(computed);
    expect(stored.items_count).toBe(3);
    expect(stored.tag_keys).toEqual(['home', 'moving']);

    // Taken, not computed again: a word put into the original's document alone comes with the copy.
    await db.execute(sql`
      update checklists set search_vector = search_vector || 'zzmarked'::tsvector where id = ${original.id}`);
    const again = await cloneChecklist(db, original.id, cloner.id);
    if (!again.ok) throw new Error('not cloned');
    expect((await searchFields(again.value)).stored.lexemes.some((lexeme) => lexeme.startsWith('zzmarked'))).toBe(true);
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
        for (const [index, tag] of copy.tags.entries()) {
          await tx.execute(sql`
            insert into checklist_tags (checklist_id, tag, position) values (${row!.id}, ${tag}, ${index + 1})`);
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
      const { stored, computed } = await searchFields(id);
      expect(stored, JSON.stringify(copy)).toEqual(computed);
      expect(stored.lexemes.some((lexeme) => lexeme.startsWith('zzmarked'))).toBe(false);
    }
  });
});

describe("a new list's search fields", () => {
  /** The stored search columns, and the same four read back from the list's rows (as an edit does). */
  async function storedAndReadBack(id: string) {
    const [row] = (
      await db.execute<{ same: boolean; items_count: number; tag_keys: string[]; tag_names: string[] }>(sql`
        select search_vector = ticklist_search_document(id, title, description)
               and tag_keys = ticklist_tag_keys(id) and tag_names = ticklist_tag_names(id)
               and items_count = ticklist_items_count(id) as same,
               items_count, tag_keys, tag_names
        from checklists where id = ${id}`)
    ).rows;
    return row!;
  }

  it('are written from its input, and are exactly what reading them back from its entries and tags gives', async () => {
    const author = await createUser(db);
    const input = checklistInputSchema.parse({
      title: 'Café move, day one',
      description: 'Everything for the new flat.',
      items: [
        { kind: 'heading', content: 'Kitchen' },
        { content: 'Wrap the plates', note: 'Use the towels' },
        'Empty the fridge',
        { kind: 'heading', content: 'Bedroom' },
        'Strip the bed',
      ],
      tags: ['Moving', 'home', 'Weekend'],
      difficulty: 'easy',
      estimatedTime: '30 minutes',
    });
    let id = '';
    for (const visibility of ['public', 'unlisted', 'private'] as const) {
      id = await createChecklist(db, author.id, { ...input, visibility });
      const row = await storedAndReadBack(id);
      expect(row.same, visibility).toBe(true);
      expect(row.items_count).toBe(3);
      expect(row.tag_keys).toEqual(['home', 'moving', 'weekend']);
      expect(row.tag_names).toEqual(['Moving', 'home', 'Weekend']);
    }
    // A duplicate's row comes without them, and gets them from its copied rows.
    const duplicated = await duplicateChecklist(db, id, author.id);
    if (!duplicated.ok) throw new Error('not duplicated');
    expect(await storedAndReadBack(duplicated.value)).toMatchObject({ same: true, items_count: 3 });
    // A new list's words are remembered for the suggestions of searches, as any list's are.
    const remembered = (
      await db.execute<{ lexeme: string }>(sql`
        select lexeme from search_lexemes where lexeme in ('cafe', 'fridg', 'bedroom', 'weekend') order by 1`)
    ).rows.map((row) => row.lexeme);
    expect(remembered).toEqual(['bedroom', 'cafe', 'fridg', 'weekend']);
  });

  it("with no words of its own, gets its columns from its rows, and an existing list's new entries still change its document", async () => {
    const author = await createUser(db);
    const id = await createChecklist(
      db,
      author.id,
      checklistInputSchema.parse({
        title: '!!!',
        description: '...',
        items: ['???'],
        tags: [],
        difficulty: 'easy',
        estimatedTime: '30 minutes',
      }),
    );
    expect(await storedAndReadBack(id)).toMatchObject({ same: true, items_count: 1, tag_keys: [] });
    await db.execute(sql`
      insert into checklist_items (checklist_id, content, order_index) values (${id}, 'Lanterns', 2)`);
    await db.execute(sql`insert into checklist_tags (checklist_id, tag, position) values (${id}, 'Camping', 1)`);
    expect(await storedAndReadBack(id)).toMatchObject({ same: true, items_count: 2, tag_keys: ['camping'] });
    // So do they after a new list was written earlier in the same transaction.
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        select ticklist_insert_list(gen_random_uuid(), ${author.id}, 'Other', 'Other list', null, 'easy', false, false,
          array['One'], array['item'], array[''], array[]::text[], 1)`);
      await tx.execute(sql`
        insert into checklist_items (checklist_id, content, order_index) values (${id}, 'Matches', 3)`);
    });
    expect(await storedAndReadBack(id)).toMatchObject({ same: true, items_count: 3 });
  });
});

describe('counters maintained by triggers', () => {
  it('uses = distinct users with at least one completed item', async () => {
    const [author, ana, ben] = [await createUser(db), await createUser(db), await createUser(db)];
    const list = await makeChecklist(db, author.id, { items: ['a', 'b', 'c'] });
    const complete = (userId: string, index: number) =>
      db
        .insert(checklistItemCompletions)
        .values({ userId, checklistItemId: list.items[index]!.id, checklistId: list.id });
    await complete(ana.id, 0);
    await complete(ana.id, 1);
    expect((await counters(db, list.id)).uses).toBe(1);
    await complete(ben.id, 2);
    expect((await counters(db, list.id)).uses).toBe(2);
    await db.delete(checklistItemCompletions).where(eq(checklistItemCompletions.userId, ana.id));
    expect((await counters(db, list.id)).uses).toBe(1);
    // Deleting an item removes its completions for everyone, and a user with nothing completed stops counting.
    await db.delete(checklistItems).where(eq(checklistItems.id, list.items[2]!.id));
    expect((await counters(db, list.id)).uses).toBe(0);
  });

  it('counts concurrent first completions by one user once', async () => {
    const [author, user] = [await createUser(db), await createUser(db)];
    const list = await makeChecklist(db, author.id, { items: ['a', 'b', 'c', 'd', 'e', 'f'] });
    await Promise.all(
      list.items.map((item) =>
        db.insert(checklistItemCompletions).values({ userId: user.id, checklistItemId: item.id, checklistId: list.id }),
      ),
    );
    expect((await counters(db, list.id)).uses).toBe(1);
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
    expect(await counters(db, original.id)).toEqual({ uses: 0, likes: 2, clones: 1 });
    await db.delete(checklistLikes).where(eq(checklistLikes.userId, fan.id));
    expect((await counters(db, original.id)).likes).toBe(1);

    await db.delete(checklists).where(eq(checklists.id, original.id));
    const [link] = await db.select().from(clonedChecklists).where(eq(clonedChecklists.clonedChecklistId, copy.id));
    expect(link!.originalChecklistId).toBeNull();
    expect(link!.originalTitle).toBe('Original');
    expect(await counters(db, copy.id)).toEqual({ uses: 0, likes: 0, clones: 0 });
  });

  it('a deleted checklist takes its items, completions, likes and progress with it', async () => {
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
