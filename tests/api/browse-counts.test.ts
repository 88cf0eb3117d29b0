import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_COUNT_SLOTS } from '../../src/server/db/schema';
import { foldTagCounts, popularTags } from '../../src/server/browse/browse.queries';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { addZebraHerd, setUpBrowseTests } from '../setup/browse-fixtures';
import { withSessionsInTwoSlots } from '../setup/count-slots';
import { signedInAgent } from '../setup/sign-in';

// Y of "Showing X of Y" (decision 018): a search counted up to 1,000 and then "1,000+"; all public
// lists and each tag from the counters the database maintains, through every write that moves them;
// and the tags and item count a card reads from its list's row.

const { t, author, database, browse, countOf, rows } = setUpBrowseTests();

describe('counts', () => {
  beforeAll(async () => {
    await addZebraHerd(t.db);
  });

  it('counts a search exactly up to 1,000 matches, then says 1,000+', async () => {
    // Its first page comes before the count, which is asked for apart (decision 054).
    expect(await browse('?q=zebra')).toMatchObject({ total: null, hasMore: true });
    expect(await countOf('?q=zebra')).toEqual({ total: 1000, totalCapped: true, searchedFor: null });
    expect(await browse('?q=zebra')).toMatchObject({ total: 1000, totalCapped: true, hasMore: true });
    expect(await browse('?q=zebra%201004')).toMatchObject({ total: 1, totalCapped: false });
  });

  it('counts all public lists and each tag exactly, from the counters', async () => {
    const [{ publicLists }] = (await rows<{ publicLists: number }>(
      sql`select count(*)::int as "publicLists" from checklists where is_public`,
    )) as [{ publicLists: number }];
    expect(await browse('')).toMatchObject({ total: publicLists, totalCapped: false });
    expect(await browse('?tag=herd')).toMatchObject({ total: 1005, totalCapped: false });
    expect(await countOf('?tag=HERD&q=zebra')).toMatchObject({ total: 1000, totalCapped: true });
    const { tags } = await (await t.agent().request('/api/checklists/tags')).json();
    expect(tags[0]).toEqual({ tag: 'Herd', count: 1005 });
  });
});

/** The counters agree with counting everything (the invariant the triggers keep). */
async function expectCountersRight() {
  const counted = await rows<{ tag_key: string; count: number }>(sql`
    select lower(t.tag) as tag_key, count(distinct c.id)::int as count
    from checklists c join checklist_tags t on t.checklist_id = c.id
    where c.is_public group by lower(t.tag) order by 1`);
  // A tag's count is its folded row and its changes waiting, in whichever slots they were made.
  const kept = await rows<{ tag_key: string; count: number }>(sql`
    select k.tag_key, (coalesce(c.count, 0) + coalesce(w.change, 0))::int as count
    from (select tag_key from tag_counts union select tag_key from tag_count_changes) k
    left join tag_counts c on c.tag_key = k.tag_key
    left join (select tag_key, sum(change) as change from tag_count_changes group by tag_key) w on w.tag_key = k.tag_key
    where coalesce(c.count, 0) + coalesce(w.change, 0) <> 0 order by 1`);
  expect(kept).toEqual(counted);
  // Folded, tag_counts alone says it, with no tag at zero and nothing left waiting.
  await foldTagCounts(t.db);
  expect(await rows(sql`select tag_key, count from tag_counts order by tag_key`)).toEqual(counted);
  expect(await rows(sql`select tag_key from tag_count_changes`)).toEqual([]);
  const [totals] = await rows<{ kept: number; counted: number }>(sql`
    select (select sum(public_count)::int from checklist_totals) as kept,
           (select count(*)::int from checklists where is_public) as counted`);
  expect(totals!.kept).toBe(totals!.counted);
  await expectCardFieldsRight();
}

/** Every list's kept tag names and item count agree with its rows. */
async function expectCardFieldsRight() {
  const wrong = await rows<{ id: string }>(sql`
    select c.id from checklists c
    where c.tag_names is distinct from (select coalesce(array_agg(t.tag order by t.position, lower(t.tag), t.tag), '{}')
                                        from checklist_tags t where t.checklist_id = c.id)
       or c.items_count <> (select count(*) from checklist_items i where i.checklist_id = c.id)`);
  expect(wrong).toEqual([]);
}

describe('the count of public lists and of a tag', () => {
  it('does not make lists created at the same moment, with a tag in common, wait on one another', async () => {
    const owner = await createUser(t.db, { username: 'slot_owner' });
    // The default description's and items' words, and the tag's, already in the search lexicon, as
    // on any site with lists: two transactions adding the same new word to it would wait on one
    // another there.
    await makeChecklist(t.db, owner.id, { title: 'Counted before', tags: ['Slotted'] });
    await withSessionsInTwoSlots(database.url, async (first, second) => {
      await first.transaction(async (tx) => {
        await makeChecklist(tx, owner.id, { title: 'Held open', tags: ['Slotted'] });
        // With one counter row (for all lists, or for the tag) this insert waits for the first
        // transaction, and times out.
        await makeChecklist(second, owner.id, { title: 'Not kept waiting', tags: ['Slotted'] });
      });
    });
    await expectCountersRight();
    const [{ total }] = (await rows<{ total: number }>(sql`select count(*)::int as total from checklist_totals`)) as [
      { total: number },
    ];
    expect(total).toBe(PUBLIC_COUNT_SLOTS);
  });
});

describe('a counter written by its rows’ trigger', () => {
  it('leaves the counts alone, and a visibility change after it in the same transaction is still counted', async () => {
    const owner = await createUser(t.db, { username: 'counter_owner' });
    const liker = await createUser(t.db, { username: 'counter_liker' });
    const list = await makeChecklist(t.db, owner.id, { title: 'Counted lanterns', tags: ['Counter tag'] });
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into checklist_likes (checklist_id, user_id) values (${list.id}, ${liker.id})`);
      await tx.execute(sql`update checklists set is_public = false where id = ${list.id}`);
    });
    await expectCountersRight();
    const [{ likes }] = (await rows<{ likes: number }>(
      sql`select likes_count as likes from checklists where id = ${list.id}`,
    )) as [{ likes: number }];
    expect(likes).toBe(1);
  });
});

describe("the chips' top tags", () => {
  const truth = (limit: number) =>
    rows<{ key: string; count: number }>(sql`
      select lower(t.tag) as key, count(distinct c.id)::int as count
      from checklists c join checklist_tags t on t.checklist_id = c.id
      where c.is_public group by 1 order by 2 desc, 1 limit ${limit}`);
  const shown = async (limit: number) =>
    (await popularTags(t.db, limit)).map(({ tag, count }) => ({ key: tag.toLowerCase(), count }));

  it('are the tags on the most public lists, with their changes waiting or folded', async () => {
    const owner = await createUser(t.db, { username: 'chip_owner' });
    await foldTagCounts(t.db);
    const pLists = [];
    for (let i = 0; i < 3; i++) pLists.push(await makeChecklist(t.db, owner.id, { tags: ['Chip P'] }));
    for (let i = 0; i < 2; i++) await makeChecklist(t.db, owner.id, { tags: ['Chip Q'] });
    // Waiting, then folded.
    for (const limit of [1, 5, 50]) expect(await shown(limit), `waiting, top ${limit}`).toEqual(await truth(limit));
    await foldTagCounts(t.db);
    for (const limit of [1, 5, 50]) expect(await shown(limit), `folded, top ${limit}`).toEqual(await truth(limit));

    // The last of a top falls behind the next tag, folded with no change waiting: that tag comes up.
    const top = await truth(1000);
    const last = top.findIndex((row) => row.key === 'chip p') + 1;
    const next = top[last]!;
    await t.db.execute(sql`update checklists set is_public = false where id in (${pLists[0]!.id}, ${pLists[1]!.id})`);
    expect((await shown(last)).at(-1)).toEqual(next);
    expect(await shown(last)).toEqual(await truth(last));
  });
});

describe("a card's tags and item count, kept on its list's row", () => {
  it('follow a create, an edit, a clone and items written or taken away directly', async () => {
    const owner = await createUser(t.db, { username: 'card_owner' });
    const asOwner = await signedInAgent(t, owner);
    const input = (items: string[], tags: string[]) => ({
      title: 'Zanzibar card fields',
      description: 'Kept',
      items,
      tags,
      estimatedTime: '30 minutes',
      difficulty: 'easy',
    });
    const card = async (id: string) => (await browse('?q=zanzibar&order=newest')).checklists.find((c) => c.id === id)!;
    const created = await asOwner.post(
      '/api/checklists',
      input(['One', 'Two', 'Three'], ['zanriver', 'Alpine', 'bay']),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // The card's chips in the author's order.
    expect(await card(id)).toMatchObject({ tags: ['zanriver', 'Alpine', 'bay'], itemsCount: 3 });

    const edited = await asOwner.request(`/api/checklists/${id}`, {
      method: 'PUT',
      json: input(['One', 'Two', 'Three', 'Four', 'Five'], ['Zed', 'apple']),
    });
    expect(edited.status).toBe(200);
    expect(await card(id)).toMatchObject({ tags: ['Zed', 'apple'], itemsCount: 5 });

    const clone = await (await signedInAgent(t, author)).request(`/api/checklists/${id}/clone`, { method: 'POST' });
    expect(clone.status).toBe(201);
    const cloneId = ((await clone.json()) as { id: string }).id;
    const detail = (await (await asOwner.request(`/api/checklists/${cloneId}`)).json()) as { tags: string[] };
    expect(detail.tags).toEqual(['Zed', 'apple']);

    await t.db.execute(sql`delete from checklist_items where checklist_id = ${id} and order_index > 1`);
    await t.db.execute(sql`delete from checklist_tags where checklist_id = ${id} and tag = 'Zed'`);
    expect(await card(id)).toMatchObject({ tags: ['apple'], itemsCount: 1 });
    await expectCardFieldsRight();
  });
});

describe('tag counts kept by the database', () => {
  const tagCount = async (tag: string) => {
    const { tags } = (await (await t.agent().request('/api/checklists/tags')).json()) as {
      tags: { tag: string; count: number }[];
    };
    return tags.find((entry) => entry.tag.toLowerCase() === tag)?.count ?? 0;
  };
  const input = (tags: string[]) => ({
    title: 'Counted list',
    description: 'Counted',
    items: ['One'],
    tags,
    estimatedTime: '30 minutes',
    difficulty: 'easy',
  });

  it('through create, edit, delete, visibility changes and bulk actions', async () => {
    const owner = await createUser(t.db, { username: 'counted_owner' });
    const asOwner = await signedInAgent(t, owner);
    const create = async (tags: string[]) => {
      const response = await asOwner.post('/api/checklists', input(tags));
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const totalBefore = (await browse('')).total!;

    const first = await create(['Kayak', 'river']);
    const second = await create(['kayak']);
    expect(await tagCount('kayak')).toBe(2);
    expect(await tagCount('river')).toBe(1);
    expect((await browse('?tag=Kayak')).total).toBe(2);
    expect((await browse('')).total).toBe(totalBefore + 2);
    await expectCountersRight();

    // Edit: a tag dropped, one added, one kept in another case.
    expect(
      (await asOwner.request(`/api/checklists/${first}`, { method: 'PUT', json: input(['KAYAK', 'lake']) })).status,
    ).toBe(200);
    expect(await tagCount('kayak')).toBe(2);
    expect(await tagCount('river')).toBe(0);
    expect(await tagCount('lake')).toBe(1);
    await expectCountersRight();

    // Private lists are not counted; public again, they are.
    await asOwner.request(`/api/checklists/${second}/visibility`, { method: 'PATCH', json: { isPublic: false } });
    expect(await tagCount('kayak')).toBe(1);
    expect((await browse('')).total).toBe(totalBefore + 1);
    await asOwner.request(`/api/checklists/${second}/visibility`, { method: 'PATCH', json: { isPublic: true } });
    expect(await tagCount('kayak')).toBe(2);
    await expectCountersRight();

    // Bulk visibility and bulk delete.
    const third = await create(['kayak', 'sea']);
    expect(
      (await asOwner.post('/api/checklists/bulk-visibility', { ids: [first, third], isPublic: false })).status,
    ).toBe(200);
    expect(await tagCount('kayak')).toBe(1);
    expect(await tagCount('lake')).toBe(0);
    await expectCountersRight();
    expect(
      (await asOwner.post('/api/checklists/bulk-visibility', { ids: [first, third], isPublic: true })).status,
    ).toBe(200);
    expect(await tagCount('kayak')).toBe(3);
    expect((await asOwner.post('/api/checklists/bulk-delete', { ids: [first, second] })).status).toBe(200);
    expect(await tagCount('kayak')).toBe(1);
    expect(await tagCount('sea')).toBe(1);
    await expectCountersRight();

    // Delete.
    expect((await asOwner.request(`/api/checklists/${third}`, { method: 'DELETE' })).status).toBe(200);
    expect(await tagCount('kayak')).toBe(0);
    expect((await browse('')).total).toBe(totalBefore);
    await expectCountersRight();
  });

  it('through clones and account deletion (kept public lists stay counted, the rest go)', async () => {
    const leaver = await createUser(t.db, { username: 'counted_leaver' });
    const cloner = await createUser(t.db, { username: 'counted_cloner' });
    const kept = await makeChecklist(t.db, leaver.id, { tags: ['canoe'] });
    await makeChecklist(t.db, leaver.id, { tags: ['canoe'], isPublic: false });
    const asCloner = await signedInAgent(t, cloner);
    expect((await asCloner.request(`/api/checklists/${kept.id}/clone`, { method: 'POST' })).status).toBe(201);
    expect(await tagCount('canoe')).toBe(2);
    await expectCountersRight();

    const deleteAccount = async (user: CreatedUser, keepPublicContent: boolean) => {
      const asUser = await signedInAgent(t, user);
      const deletion = await asUser.post('/api/accounts/me/delete', { password: user.password, keepPublicContent });
      expect(deletion.status).toBe(200);
    };
    await deleteAccount(leaver, true);
    expect(await tagCount('canoe')).toBe(2);
    await expectCountersRight();

    await deleteAccount(cloner, false);
    expect(await tagCount('canoe')).toBe(1);
    await expectCountersRight();
  });
});
