import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { itemSuggestionsSchema } from '../../src/domain/checklists/item-suggestions';
import { refreshItemSuggestions } from '../../src/server/checklists/item-suggestions.actions';
import { makeChecklist } from '../../src/server/seed/factories';
import { rateKey, rateRules } from '../../src/server/security/rate-limit';
import { createAppWithUsers } from '../setup/sign-in';

const {
  t,
  users: { author, writer },
  agents: { writer: asWriter },
} = await createAppWithUsers({ author: {}, writer: {} });

beforeAll(async () => {
  for (const title of ['Camping weekend', 'Wild camping', 'Camping with kids'])
    await makeChecklist(t.db, author.id, { title, items: ['Tent', 'Sleeping bag', 'Head torch', 'Kite'].slice(0, 3) });
  await makeChecklist(t.db, author.id, { title: 'Beach day', tags: ['camping'], items: ['Sleeping bag!', 'Kite'] });
  for (const title of ['Camping secrets', 'Camping plans'])
    await makeChecklist(t.db, author.id, { title, items: ['Secret item'], isPublic: false });
  expect(await refreshItemSuggestions(t.db)).toBe(true);
});

async function suggest(body: unknown) {
  const response = await asWriter.post('/api/checklists/suggestions', body);
  expect(response.status).toBe(200);
  return itemSuggestionsSchema.parse(await response.json()).suggestions;
}

describe('lists like this usually include', () => {
  it('suggests what similar public lists commonly have and this one lacks, most common first', async () => {
    expect(await suggest({ title: 'Camping trip', tags: [], items: ['Tent'] })).toEqual([
      { content: 'Sleeping bag', lists: 4 },
      { content: 'Head torch', lists: 3 },
    ]);
  });

  it('finds similar lists by a tag too, and suggests nothing without a title word or a tag', async () => {
    const byTag = await suggest({ title: 'Holiday', tags: ['Camping'], items: [] });
    expect(byTag.map((suggestion) => suggestion.content)).toEqual(['Sleeping bag', 'Head torch', 'Tent']);
    expect(await suggest({ title: '', tags: [], items: [] })).toEqual([]);
    expect(await suggest({ title: 'On', tags: [], items: [] })).toEqual([]);
  });

  it('is worked out ahead: a new list counts from the next refresh, and a word no public list has any more suggests nothing', async () => {
    const author = (await t.db.execute<{ id: string }>(sql`select author_id as id from checklists limit 1`)).rows[0]!
      .id;
    const [first] = await Promise.all(
      ['Kayak river run', 'Kayak sea tour'].map((title) =>
        makeChecklist(t.db, author, { title, items: ['Spray deck', 'Paddle float'] }),
      ),
    );
    const kayak = { title: 'Kayak', tags: [], items: [] };
    expect(await suggest(kayak)).toEqual([]);
    await refreshItemSuggestions(t.db);
    expect(await suggest(kayak)).toEqual([
      { content: 'Paddle float', lists: 2 },
      { content: 'Spray deck', lists: 2 },
    ]);
    await t.db.execute(sql`update checklists set is_public = false where id = ${first!.id}`);
    await refreshItemSuggestions(t.db);
    expect(await suggest(kayak)).toEqual([]);
    const rows = await t.db.execute(sql`select 1 from item_suggestion_words where word = 'kayak'`);
    expect(rows.rows).toHaveLength(0);
  });

  it('ranks an item common under several of the draft’s words above one common under one', async () => {
    // "camping" lists have Sleeping bag (4) above Head torch (3); "torch" lists add Head torch twice more.
    const author = (await t.db.execute<{ id: string }>(sql`select author_id as id from checklists limit 1`)).rows[0]!
      .id;
    for (const title of ['Torch night walk', 'Torch caving'])
      await makeChecklist(t.db, author, { title, items: ['Head torch (spare)', 'Map'] });
    await refreshItemSuggestions(t.db);
    const found = await suggest({ title: 'Camping by torch', tags: [], items: [] });
    expect(found.map((suggestion) => suggestion.content).slice(0, 2)).toEqual(['Head torch', 'Sleeping bag']);
    expect(found[0]!.lists).toBe(3);
  });

  it('is rebuilt by one process at a time: a refresh while another runs does nothing', async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('item_suggestion_words', 0))`);
      expect(await refreshItemSuggestions(t.db)).toBe(false);
    });
    expect(await refreshItemSuggestions(t.db)).toBe(true);
  });

  it('is rate limited per user: past the limit, 429 with Retry-After', async () => {
    const key = rateKey('itemSuggestionsPerUser', writer.id);
    await t.db.execute(sql`
      insert into rate_limits (key, window_start, count) values (${key}, now(), ${rateRules.itemSuggestionsPerUser.max})
      on conflict (key) do update set window_start = now(), count = excluded.count`);
    const refused = await asWriter.post('/api/checklists/suggestions', { title: 'Camping', tags: [], items: [] });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    await t.db.execute(sql`delete from rate_limits where key = ${key}`);
  });

  it('is for signed-in writers, and refuses bad input', async () => {
    expect(
      (await t.agent().post('/api/checklists/suggestions', { title: 'Camping', tags: [], items: [] })).status,
    ).toBe(401);
    for (const body of [{}, { title: 'x'.repeat(121), tags: [], items: [] }, { title: 'a', tags: 'x', items: [] }]) {
      expect((await asWriter.post('/api/checklists/suggestions', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});
