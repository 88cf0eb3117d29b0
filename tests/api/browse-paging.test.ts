import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { browseCursorMessages } from '../../src/domain/checklists/browse';
import { checklistLikes } from '../../src/server/db/schema';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { addWalrusLists, addZebraHerd, daysAgo, setUpBrowseTests, signedCursor } from '../setup/browse-fixtures';

// Keyset paging in every order (decision 018): a tag's or a search's pages in the listing orders,
// walked along the order's index or gathered first (decisions 035, 037), and Best match across its
// tiers; lists added between pages neither skip nor repeat.

const { t, statements, browse, rows, allPages } = setUpBrowseTests();

describe('keyset paging', () => {
  let pager: CreatedUser;
  beforeAll(async () => {
    // A search for "zebra" matches more than the count's cap (counted past it in Most Liked).
    await addZebraHerd(t.db);
    pager = await addWalrusLists(t.db);
  });

  const addLists = async () => {
    for (let index = 0; index < 3; index++)
      await makeChecklist(t.db, pager.id, { title: `Late walrus ${Math.random()}`, tags: ['walrus'] });
  };

  for (const query of [
    '?tag=walrus&order=newest',
    '?tag=walrus&order=most-liked',
    '?tag=walrus&order=most-used',
    '?q=walrus',
    '?q=walrus&order=newest',
    '?q=walrus&order=most-liked',
    '?q=walrus&order=most-used',
  ]) {
    it(`neither skips nor repeats a list while lists are added between pages (${query})`, async () => {
      const before = (await allPages(query)).sort();
      expect(new Set(before).size).toBe(before.length);
      const during = await allPages(query, addLists);
      expect(new Set(during).size).toBe(during.length); // no list twice
      for (const id of before) expect(during).toContain(id); // none skipped
    });
  }

  it('pages a search in a listing order in that order, reading along the index or gathering its matches first', async () => {
    // About 6,400 public lists. In Most Liked, words alone are gathered from the word index first
    // while their matches, squared, are fewer than ten times the public lists (about 250 here):
    // "gannet" (14) and "walrus" (30 and the ones added, about 165) are, "ptarmigan" (347) and
    // "zebra" (more than the count's cap) are read along the order's index. In Newest, and with a
    // tag, the walk's length decides: gathered when it would pass more than 5,000 lists, as
    // "gannet" would, while "walrus" would pass about 500.
    const filler = await createUser(t.db, { username: 'filler_author' });
    await t.db.execute(sql`
      insert into checklists (title, author_id, created_at)
      select 'Filler ' || g || case when g % 15 = 0 then ' ptarmigan' else '' end, ${filler.id},
             now() - make_interval(days => 50, mins => g)
      from generate_series(1, 5200) g`);
    const fans = [await createUser(t.db), await createUser(t.db)];
    for (let index = 0; index < 14; index++) {
      const list = await makeChecklist(t.db, pager.id, {
        title: `Gannet colony ${index}`,
        createdAt: daysAgo(index % 5),
      });
      for (const fan of fans.slice(0, index % 3))
        await t.db.insert(checklistLikes).values({ checklistId: list.id, userId: fan.id });
    }
    const byLikes = sql`likes_count desc, created_at desc, id desc`;
    const byDate = sql`created_at desc, id desc`;
    for (const [word, tag, order, sortKey, isGathered] of [
      ['gannet', null, 'most-liked', byLikes, true],
      ['gannet', null, 'newest', byDate, true],
      ['walrus', null, 'most-liked', byLikes, true],
      ['walrus', null, 'newest', byDate, false],
      ['walrus', 'walrus', 'most-liked', byLikes, false],
      ['ptarmigan', null, 'most-liked', byLikes, false],
      ['ptarmigan', null, 'newest', byDate, false],
      ['zebra', null, 'most-liked', byLikes, false],
    ] as const) {
      const expected = await rows<{ id: string }>(sql`
        select id from checklists
        where is_public and search_vector @@ ticklist_search_query(array[${word}], true)
          and (${tag}::text is null or tag_keys @> array[${tag}::text])
        order by ${sortKey} limit 60`);
      const label = `${word} ${tag ?? ''} ${order}`;
      const shown: string[] = [];
      let cursor: string | null = null;
      statements.length = 0;
      for (let page = 0; page < 5 && shown.length < expected.length; page++) {
        const result = await browse(
          `?q=${word}${tag ? `&tag=${tag}` : ''}&order=${order}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        shown.push(...result.checklists.map((card) => card.id));
        cursor = result.nextCursor;
      }
      expect(shown, label).toEqual(expected.map((row) => row.id));
      const gathered = statements.filter((statement) => statement.includes('matching as materialized'));
      expect(gathered.length > 0, label).toBe(isGathered);
    }
  });

  it("pages a tag in each order, gathering a rare tag's lists first and walking a common tag's order", async () => {
    // "heron" on 20 lists: 400 < the public lists, gathered; "dune" on 300: walked (decision 037).
    const owner = await createUser(t.db, { username: 'tag_pager' });
    const fans = [await createUser(t.db), await createUser(t.db)];
    await t.db.execute(sql`
      with made as (
        insert into checklists (title, author_id, created_at)
        select 'Dune walk ' || g, ${owner.id}, now() - make_interval(days => 20, mins => g * 7)
        from generate_series(1, 300) g returning id)
      insert into checklist_tags (checklist_id, tag, position) select id, 'Dune', 1 from made`);
    for (let index = 0; index < 20; index++) {
      await makeChecklist(t.db, owner.id, {
        title: `Heron pond ${index}`,
        tags: ['heron'],
        createdAt: daysAgo(index % 4),
      });
    }
    await t.db.execute(sql`
      insert into checklist_likes (checklist_id, user_id)
      select c.id, f.id from checklists c cross join (values (${fans[0]!.id}), (${fans[1]!.id})) f(id)
      where c.author_id = ${owner.id} and (hashtext(c.id::text || f.id) % 3 = 0)`);
    const sortKeys = {
      newest: sql`created_at desc, id desc`,
      'most-liked': sql`likes_count desc, created_at desc, id desc`,
      'most-used': sql`uses_count desc, created_at desc, id desc`,
    };
    for (const [tag, isGathered] of [
      ['heron', true],
      ['dune', false],
    ] as const) {
      for (const order of ['newest', 'most-liked', 'most-used'] as const) {
        const expected = await rows<{ id: string }>(sql`
          select id from checklists where is_public and tag_keys @> array[${tag}::text]
          order by ${sortKeys[order]} limit 48`);
        const label = `${tag} ${order}`;
        const shown: string[] = [];
        let cursor: string | null = null;
        statements.length = 0;
        for (let page = 0; page < 4 && shown.length < expected.length; page++) {
          const result = await browse(
            `?tag=${tag}&order=${order}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          shown.push(...result.checklists.map((card) => card.id));
          cursor = result.nextCursor;
        }
        expect(shown, label).toEqual(expected.map((row) => row.id));
        const gathered = statements.filter((statement) => statement.includes('matching as materialized'));
        expect(gathered.length > 0, label).toBe(isGathered);
      }
    }
  });

  describe('through a best match spanning every tier', () => {
    const tierOf = new Map<string, number>();
    const createdOf = new Map<string, number>();
    // Four lists per tier, nine in the last (37 lists): pages of 12 end in tiers 2, 5 and 7, so the
    // last page starts from a cursor in the last tier. The ages interleave across tiers.
    const inTier = [
      (n: number) => ({ title: `Puffin colony ${n}` }),
      (n: number) => ({ title: `Puffinry ${n}` }),
      (n: number) => ({ title: `Cliffs ${n}`, tags: ['puffin'] }),
      (n: number) => ({ title: `Cliffs ${n}`, tags: ['puffinwatch'] }),
      (n: number) => ({ title: `Boat ${n}`, description: 'A puffin tour' }),
      (n: number) => ({ title: `Boat ${n}`, description: 'Puffinry tour' }),
      (n: number) => ({ title: `Gear ${n}`, items: ['Puffin guide'] }),
      (n: number) => ({ title: `Gear ${n}`, items: ['Puffinwatch notes'] }),
    ];
    const add = async (tier: number, n: number, createdAt?: Date) => {
      const list = await makeChecklist(t.db, pager.id, { ...inTier[tier]!(n), createdAt });
      tierOf.set(list.id, tier);
      createdOf.set(list.id, list.createdAt.getTime());
    };
    beforeAll(async () => {
      for (let tier = 0; tier < 8; tier++) {
        for (let n = 0; n < (tier === 7 ? 9 : 4); n++) await add(tier, n, daysAgo(300 + ((n * 8 + tier) % 11)));
      }
    });

    it('pages in tier order, newest first within a tier, in at most three statements a page', async () => {
      statements.length = 0;
      const ids = await allPages('?q=puffin');
      expect(statements.length).toBeLessThanOrEqual(3 * 4);
      expect(ids).toHaveLength(37);
      const keys = ids.map((id) => [tierOf.get(id)!, -createdOf.get(id)!]);
      const sorted = [...keys].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
      expect(keys).toEqual(sorted);
    });

    it('neither skips nor repeats a list while lists are added to any tier between pages', async () => {
      const before = await allPages('?q=puffin');
      let added = 0;
      const during = await allPages('?q=puffin', async () => {
        for (const tier of [0, 3, 7]) await add(tier, 100 + added++);
      });
      expect(new Set(during).size).toBe(during.length); // no list twice
      for (const id of before) expect(during).toContain(id); // none skipped
      // The order holds for what was shown, new lists included.
      const shownBefore = during.filter((id) => before.includes(id));
      expect(shownBefore).toEqual(before);
    });
  });

  it('refuses a cursor that is not ours, or is for another order, with a clear message', async () => {
    const page = await browse('?tag=walrus&order=newest');
    for (const cursor of [
      'nonsense',
      page.nextCursor!,
      signedCursor({ o: 'most-liked', k: [1, 'yesterday', 'x'] } as never, { tag: 'walrus', order: 'most-liked' }),
    ]) {
      const response = await t
        .agent()
        .request(`/api/checklists?tag=walrus&order=most-liked&cursor=${encodeURIComponent(cursor)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: browseCursorMessages.invalid, code: 'invalid_input' });
    }
  });
});
