import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BROWSE_CURSOR_MAX_LENGTH,
  browseCursorMessages,
  browsePageSchema,
  browseQuerySchema,
  SEARCH_COUNT_CAP,
  type BrowseCursor,
  type BrowsePage,
} from '../../src/domain/checklists/browse';
import {
  COUNTED_ORDER_PAGE_MS,
  createBrowseCursors,
  SEARCH_COUNT_MS,
  SEARCH_PAGE_MS,
  SPARSE_COUNT_LIMIT,
} from '../../src/server/browse/browse.queries';
import { executeNamed, migrationsFolder } from '../../src/server/db/client';
import { checklistLikes, PUBLIC_COUNT_SLOTS } from '../../src/server/db/schema';
import { VISITOR_CACHE_CONTROL } from '../../src/server/security/no-store';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { withSessionsInTwoSlots } from '../setup/count-slots';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, TEST_SECRET, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// Decision 018: relevance, word forms, accents, near spellings, counts kept by the database,
// keyset paging and what caches may keep.

let t: TestApp;
let statements: string[] = [];
let author: CreatedUser;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

let databaseUrl = '';

beforeAll(async () => {
  const { db, url } = await createTestDatabase({ onQuery: (query) => statements.push(query) });
  databaseUrl = url;
  t = await createTestApp({ db });
  author = await createUser(t.db, { username: 'search_author' });
});

async function browse(query: string, agent: Agent = t.agent()): Promise<BrowsePage> {
  const response = await agent.request(`/api/checklists${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return browsePageSchema.parse(await response.json());
}
const titles = (page: BrowsePage) => page.checklists.map((card) => card.title);
/** A cursor this server would have signed for the search `params`, saying what `cursor` says. */
const signedCursor = (cursor: BrowseCursor, params: Record<string, string>) =>
  createBrowseCursors(TEST_SECRET).encode(cursor, browseQuerySchema.parse(params))!;
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as T[];

/** Every page of a browse, following the cursor; `between` runs after each page. */
async function allPages(query: string, between: () => Promise<void> = async () => {}) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await browse(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    ids.push(...page.checklists.map((card) => card.id));
    cursor = page.nextCursor;
    expect(page.hasMore).toBe(cursor !== null);
    pages++;
    await between();
  } while (cursor && pages < 50);
  return ids;
}

describe('Best match', () => {
  beforeAll(async () => {
    // The newest list only mentions the word in an item; date order would put it first.
    await makeChecklist(t.db, author.id, { title: 'Weekend away', items: ['Pack the lantern'], createdAt: daysAgo(1) });
    await makeChecklist(t.db, author.id, {
      title: 'Garden shed',
      description: 'Where the lantern hangs',
      createdAt: daysAgo(2),
    });
    await makeChecklist(t.db, author.id, { title: 'Night walk', tags: ['lantern'], createdAt: daysAgo(3) });
    await makeChecklist(t.db, author.id, { title: 'Lanterns for a festival', createdAt: daysAgo(4) });
    await makeChecklist(t.db, author.id, { title: 'Lanternfish aquarium', createdAt: daysAgo(5) });
  });

  it('puts a title hit above tag, description and item hits, and a whole word above a prefix', async () => {
    const page = await browse('?q=lantern');
    expect(titles(page)).toEqual([
      'Lanterns for a festival', // title, the word (in a form of it)
      'Lanternfish aquarium', // title, only a prefix
      'Night walk', // tag
      'Garden shed', // description
      'Weekend away', // item
    ]);
  });

  it('is the default order while a search is typed; the spec’s orders stay available', async () => {
    expect(titles(await browse('?q=lantern&order=best'))[0]).toBe('Lanterns for a festival');
    expect(titles(await browse('?q=lantern&order=newest'))[0]).toBe('Weekend away');
    // Without a search there is nothing to match: Best match falls back to Newest.
    const plain = await browse('?order=best');
    expect(titles(plain)).toEqual(titles(await browse('?order=newest')));
  });
});

describe('Best match tiers (decision 027)', () => {
  // Words no other test uses, so each search sees only its own lists. Dates run against the tiers:
  // the better a list matches, the older it is, so newest-first would give the reverse order.
  it('puts an exact word above a prefix-only match in the same field', async () => {
    await makeChecklist(t.db, author.id, { title: 'Otter pond', createdAt: daysAgo(40) });
    await makeChecklist(t.db, author.id, { title: 'Ottermans ferry', createdAt: daysAgo(30) });
    await makeChecklist(t.db, author.id, { title: 'Rainy day', items: ['Watch the otter'], createdAt: daysAgo(20) });
    await makeChecklist(t.db, author.id, {
      title: 'Dog show',
      items: ['Brush the otterhound'],
      createdAt: daysAgo(10),
    });
    expect(titles(await browse('?q=otter'))).toEqual(['Otter pond', 'Ottermans ferry', 'Rainy day', 'Dog show']);
  });

  it('puts a title match above a tag, a tag above a description, a description above an item', async () => {
    await makeChecklist(t.db, author.id, { title: 'Quokka selfies', createdAt: daysAgo(44) });
    await makeChecklist(t.db, author.id, { title: 'Island trip A', tags: ['quokka'], createdAt: daysAgo(43) });
    await makeChecklist(t.db, author.id, {
      title: 'Island trip B',
      description: 'Say hello to a quokka',
      createdAt: daysAgo(42),
    });
    await makeChecklist(t.db, author.id, { title: 'Island trip C', items: ['Find a quokka'], createdAt: daysAgo(41) });
    // Field comes before exactness: a prefix in the title is above the whole word in a tag.
    await makeChecklist(t.db, author.id, { title: 'Quokkaland tickets', createdAt: daysAgo(45) });
    expect(titles(await browse('?q=quokka'))).toEqual([
      'Quokka selfies',
      'Quokkaland tickets',
      'Island trip A',
      'Island trip B',
      'Island trip C',
    ]);
  });

  it('shows the newest first within a tier, across pages', async () => {
    // More lists in the tier than a page holds, created out of date order.
    const ages = [52, 50, 63, 54, 51, 60, 53, 58, 55, 62, 57, 59, 56, 61];
    for (const days of ages) {
      await makeChecklist(t.db, author.id, { title: `Wombat walk ${days}`, createdAt: daysAgo(days) });
    }
    await makeChecklist(t.db, author.id, { title: 'Burrow', tags: ['wombat'], createdAt: daysAgo(1) });
    const first = await browse('?q=wombat');
    const second = await browse(`?q=wombat&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const byAge = [...ages].sort((a, b) => a - b).map((days) => `Wombat walk ${days}`);
    expect(titles(first)).toEqual(byAge.slice(0, 12));
    expect(titles(second)).toEqual([...byAge.slice(12), 'Burrow']);
  });

  it('puts a list with every typed word in the title above one with a word only in an item', async () => {
    await makeChecklist(t.db, author.id, { title: 'Heron and egret count', createdAt: daysAgo(61) });
    await makeChecklist(t.db, author.id, { title: 'Heron watch', items: ['Spot an egret'], createdAt: daysAgo(60) });
    // One word alone is not a match.
    await makeChecklist(t.db, author.id, { title: 'Heron only', createdAt: daysAgo(59) });
    expect(titles(await browse('?q=heron%20egret'))).toEqual(['Heron and egret count', 'Heron watch']);
    expect(titles(await browse('?q=egret%20heron'))).toEqual(['Heron and egret count', 'Heron watch']);
  });

  it('reads the first two tiers first and the rest only for a page they do not fill', async () => {
    const birder = await createUser(t.db, { username: 'ibis_author' });
    // 1,005 lists with the word in the title (tier 0), then 4 with it only in a tag (tier 2), newer
    // than all of them.
    await t.db.execute(sql`
      insert into checklists (title, author_id, created_at)
      select 'Ibis count ' || g, ${birder.id}, now() - make_interval(days => 120, mins => g)
      from generate_series(1, 1005) g`);
    for (let index = 0; index < 4; index++) {
      await makeChecklist(t.db, birder.id, { title: `Marsh ${index}`, tags: ['ibis'], createdAt: daysAgo(index) });
    }
    const tiersRead = () => statements.filter((statement) => statement.includes('union all'));
    let page = await browse('?q=ibis');
    expect(page).toMatchObject({ total: 1000, totalCapped: true });
    const shown = titles(page);
    let pages = 1;
    while (page.nextCursor && pages < 100) {
      statements = [];
      page = await browse(`?q=ibis&cursor=${encodeURIComponent(page.nextCursor)}`);
      shown.push(...titles(page));
      pages++;
      // Within tier 0 one statement of two tiers fills each page (and tells whether more follow); a
      // page they do not fill reads the other tiers too; every page takes at most three statements.
      const titleMatches = titles(page).filter((title) => title.startsWith('Ibis')).length;
      expect(tiersRead(), `page ${pages}`).toHaveLength(titleMatches === 12 ? 1 : 2);
      expect(statements.length).toBeLessThanOrEqual(3);
    }
    expect(shown).toEqual([
      ...Array.from({ length: 1005 }, (_, index) => `Ibis count ${index + 1}`),
      ...['Marsh 0', 'Marsh 1', 'Marsh 2', 'Marsh 3'],
    ]);
  });

  it('refuses a best-match cursor from before the tiers (a score, not a tier)', async () => {
    const cursor = signedCursor(
      {
        o: 'best',
        k: [0.0607927, '2026-01-01T10:00:00.123456+00:00', '00000000-0000-4000-8000-000000000000'],
      } as never,
      { q: 'quokka' },
    );
    const response = await t.agent().request(`/api/checklists?q=quokka&cursor=${encodeURIComponent(cursor)}`);
    expect(response.status).toBe(400);
  });
});

describe('matching words', () => {
  beforeAll(async () => {
    await makeChecklist(t.db, author.id, { title: 'How to move a piano', createdAt: daysAgo(10) });
    await makeChecklist(t.db, author.id, { title: 'Label every box', createdAt: daysAgo(11) });
    await makeChecklist(t.db, author.id, { title: 'Café crawl', createdAt: daysAgo(12) });
    await makeChecklist(t.db, author.id, { title: 'Cooking crêpes', tags: ['Pâtisserie'], createdAt: daysAgo(13) });
    await makeChecklist(t.db, author.id, { title: 'Camping trip', createdAt: daysAgo(14) });
    // "camp" is as near to "campng" in trigrams as "camping"; the length decides.
    await makeChecklist(t.db, author.id, { title: 'Base camp', createdAt: daysAgo(15) });
  });

  it('finds the forms of a word: "moving" finds "move", "boxes" finds "box"', async () => {
    expect(titles(await browse('?q=moving'))).toEqual(['How to move a piano']);
    expect(titles(await browse('?q=boxes'))).toEqual(['Label every box']);
    // Still a prefix while the word is being typed.
    expect(titles(await browse('?q=pian'))).toEqual(['How to move a piano']);
  });

  it('ignores accents either way: "cafe" finds "café", "crêpe" finds "crêpes"', async () => {
    expect(titles(await browse('?q=cafe'))).toEqual(['Café crawl']);
    expect(titles(await browse('?q=CAFÉ'))).toEqual(['Café crawl']);
    expect(titles(await browse('?q=crepe'))).toEqual(['Cooking crêpes']);
    expect(titles(await browse('?q=patisserie'))).toEqual(['Cooking crêpes']);
  });

  it('tries the nearest spelling when nothing matches, and says which word it searched for', async () => {
    const page = await browse('?q=campng');
    expect(titles(page)).toEqual(['Camping trip', 'Base camp']);
    expect(page).toMatchObject({ total: 2, totalCapped: false, searchedFor: 'camping' });
    // A word that matches stays as typed; only the one nothing has is replaced.
    expect(await browse('?q=piano%20moove')).toMatchObject({ searchedFor: 'piano move', total: 1 });
    // Nothing near: no results, and no other word claimed.
    expect(await browse('?q=qzxwvj')).toMatchObject({ total: 0, searchedFor: null, checklists: [] });
    // A correct search is not "corrected".
    expect((await browse('?q=camping')).searchedFor).toBeNull();
  });

  it('never suggests a word that only a private list has', async () => {
    await makeChecklist(t.db, author.id, { title: 'Zanzibar secrets', isPublic: false });
    expect(await browse('?q=zanzibr')).toMatchObject({ total: 0, searchedFor: null });
  });

  it('answers a corrected search in at most 3 SQL statements', async () => {
    statements = [];
    await browse('?q=campng');
    expect(statements.length).toBeLessThanOrEqual(3);
  });
});

describe('a typed word searched as the lexemes it begins (decision 034)', () => {
  const prefixQuery = async (word: string) =>
    (await rows<{ query: string }>(sql`select ticklist_search_query(array[${word}]::text[], true)::text as query`))[0]!
      .query;
  const found = async (word: string) => titles(await browse(`?q=${word}&order=newest`));

  it('names the few lexemes a word begins, and keeps the prefix when there are many or none', async () => {
    await makeChecklist(t.db, author.id, { title: 'Quillfish and quillwort' });
    expect(await prefixQuery('quill')).toBe("'quillfish' | 'quillwort'");
    expect(await found('quill')).toEqual(['Quillfish and quillwort']);
    // Two words: each named, both needed.
    expect(
      (
        await rows<{ query: string }>(sql`select ticklist_search_query(array['quill', 'quillw'], true)::text as query`)
      )[0]!.query,
    ).toBe("( 'quillfish' | 'quillwort' ) & 'quillwort'");
    // Sixteen words begin "zyq" (each its own stem): all named. A seventeenth: more than it names.
    const many = [...'bcdfghjkmnprtvwx'].map((letter) => `zyq${letter}`);
    await makeChecklist(t.db, author.id, { title: 'Many', items: many });
    expect(await prefixQuery('zyq')).toBe(many.map((word) => `'${word}'`).join(' | '));
    await makeChecklist(t.db, author.id, { title: 'One more', items: ['zyqz'] });
    expect(await prefixQuery('zyq')).toBe("'zyq':*");
    expect(await found('zyq')).toEqual(['One more', 'Many']);
    expect(await prefixQuery('zyqb')).toBe("'zyqb'");
    // None: the prefix, which finds nothing.
    expect(await prefixQuery('qqxzv')).toBe("'qqxzv':*");
    // A lexeme with a quote or a backslash is written as a tsquery's text wants it.
    await t.db.execute(sql`insert into search_lexemes (lexeme) values ('zyx''s'), ('zyx\\y')`);
    expect(await prefixQuery('zyx')).toBe("'zyx''s' | 'zyx\\\\y'");
  });

  it('finds a new word as soon as any write puts it in a list: created, retitled, in an item, in a tag', async () => {
    const owner = await createUser(t.db, { username: 'lexeme_owner' });
    const asOwner = await signedInAgent(t, owner);
    const input = { description: 'Plain', items: ['One'], tags: [], estimatedTime: '30 minutes', difficulty: 'easy' };
    const create = async (title: string) => {
      const response = await asOwner.post('/api/checklists', { ...input, title });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const edit = async (id: string, changes: Record<string, unknown>) =>
      expect(
        (await asOwner.request(`/api/checklists/${id}`, { method: 'PUT', json: { ...input, ...changes } })).status,
      ).toBe(200);
    // Each list has the letters "gorz" in one new word only; every search for "gorz" names its
    // lexemes, so a word the lexicon missed would not be found.
    await create('Gorzback trip');
    expect(await found('gorz')).toEqual(['Gorzback trip']);
    const retitled = await create('Plain one');
    await edit(retitled, { title: 'Gorzcap plan' });
    expect(await found('gorz')).toEqual(['Gorzcap plan', 'Gorzback trip']);
    const itemed = await create('Plain two');
    await edit(itemed, { title: 'Plain two', items: ['One', 'Check the gorzdrum'] });
    expect(await found('gorz')).toEqual(['Plain two', 'Gorzcap plan', 'Gorzback trip']);
    const tagged = await create('Plain three');
    await edit(tagged, { title: 'Plain three', tags: ['gorzet'] });
    expect(await found('gorz')).toEqual(['Plain three', 'Plain two', 'Gorzcap plan', 'Gorzback trip']);
    expect(await prefixQuery('gorz')).not.toContain(':*');
    // Taking an item away can add a word: the text parser reads "<b … x>" as a tag.
    const unclosed = await create('Plain four');
    await edit(unclosed, { title: 'Plain four', items: ['<b gorzend', 'x>'] });
    expect(await prefixQuery('gorzend')).toBe("'gorzend':*");
    await edit(unclosed, { title: 'Plain four', items: ['<b gorzend'] });
    expect(await found('gorz')).toContain('Plain four');
  });

  it('never shows, in a page or its cursor, a word that only a private list has', async () => {
    for (let index = 0; index < 13; index++) {
      await makeChecklist(t.db, author.id, { title: `Hunting trip ${index}`, createdAt: daysAgo(40 + index) });
    }
    await makeChecklist(t.db, author.id, { title: 'Mine', items: ['Huntersecretword'], isPublic: false });
    expect(await prefixQuery('hunt')).toContain('huntersecretword');
    for (const order of ['best', 'newest']) {
      const response = await t.agent().request(`/api/checklists?q=hunt&order=${order}`);
      const text = await response.text();
      const page = browsePageSchema.parse(JSON.parse(text));
      expect(page.nextCursor).not.toBeNull();
      const [payload] = page.nextCursor!.split('.') as [string];
      expect(`${text} ${Buffer.from(payload, 'base64url').toString('utf8')}`.toLowerCase()).not.toContain('secret');
    }
  });
});

describe('counts', () => {
  let bulkAuthor: CreatedUser;
  beforeAll(async () => {
    bulkAuthor = await createUser(t.db, { username: 'bulk_author' });
    // 1,005 public lists with the word "zebra", and the tag "herd" on each.
    await t.db.execute(sql`
      insert into checklists (title, author_id, created_at)
      select 'Zebra crossing ' || g, ${bulkAuthor.id}, now() - make_interval(days => 100, mins => g)
      from generate_series(1, 1005) g`);
    await t.db.execute(sql`
      insert into checklist_tags (checklist_id, tag) select id, 'Herd' from checklists where author_id = ${bulkAuthor.id}`);
  });

  it('counts a search exactly up to 1,000 matches, then says 1,000+', async () => {
    expect(await browse('?q=zebra')).toMatchObject({ total: 1000, totalCapped: true, hasMore: true });
    expect(await browse('?q=zebra%201004')).toMatchObject({ total: 1, totalCapped: false });
  });

  it('counts all public lists and each tag exactly, from the counters', async () => {
    const [{ publicLists }] = (await rows<{ publicLists: number }>(
      sql`select count(*)::int as "publicLists" from checklists where is_public`,
    )) as [{ publicLists: number }];
    expect(await browse('')).toMatchObject({ total: publicLists, totalCapped: false });
    expect(await browse('?tag=herd')).toMatchObject({ total: 1005, totalCapped: false });
    expect(await browse('?tag=HERD&q=zebra')).toMatchObject({ total: 1000, totalCapped: true });
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
  const kept = await rows<{ tag_key: string; count: number }>(
    sql`select tag_key, count from tag_counts order by tag_key`,
  );
  expect(kept).toEqual(counted);
  const [totals] = await rows<{ kept: number; counted: number }>(sql`
    select (select sum(public_count)::int from checklist_totals) as kept,
           (select count(*)::int from checklists where is_public) as counted`);
  expect(totals!.kept).toBe(totals!.counted);
  await expectCardFieldsRight();
}

/** Every list's kept tag names and item count agree with its rows (migration 0026). */
async function expectCardFieldsRight() {
  const wrong = await rows<{ id: string }>(sql`
    select c.id from checklists c
    where c.tag_names is distinct from (select coalesce(array_agg(t.tag order by lower(t.tag), t.tag), '{}')
                                        from checklist_tags t where t.checklist_id = c.id)
       or c.items_count <> (select count(*) from checklist_items i where i.checklist_id = c.id)`);
  expect(wrong).toEqual([]);
}

describe('the count of public lists', () => {
  it('does not make lists created at the same moment wait on one another (issue 11: writes)', async () => {
    const owner = await createUser(t.db, { username: 'slot_owner' });
    await withSessionsInTwoSlots(databaseUrl, async (first, second) => {
      await first.transaction(async (tx) => {
        await makeChecklist(tx, owner.id, { title: 'Held open' });
        // With one counter row this insert waits for the first transaction, and times out.
        await makeChecklist(second, owner.id, { title: 'Not kept waiting' });
      });
    });
    await expectCountersRight();
    const [{ total }] = (await rows<{ total: number }>(sql`select count(*)::int as total from checklist_totals`)) as [
      { total: number },
    ];
    expect(total).toBe(PUBLIC_COUNT_SLOTS);
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
    expect(await card(id)).toMatchObject({ tags: ['Alpine', 'bay', 'zanriver'], itemsCount: 3 });

    const edited = await asOwner.request(`/api/checklists/${id}`, {
      method: 'PUT',
      json: input(['One', 'Two', 'Three', 'Four', 'Five'], ['Zed', 'apple']),
    });
    expect(edited.status).toBe(200);
    expect(await card(id)).toMatchObject({ tags: ['apple', 'Zed'], itemsCount: 5 });

    const clone = await (await signedInAgent(t, author)).request(`/api/checklists/${id}/clone`, { method: 'POST' });
    expect(clone.status).toBe(201);
    const cloneId = ((await clone.json()) as { id: string }).id;
    const detail = (await (await asOwner.request(`/api/checklists/${cloneId}`)).json()) as { tags: string[] };
    expect(detail.tags).toEqual(['apple', 'Zed']);

    await t.db.execute(sql`delete from checklist_items where checklist_id = ${id} and order_index > 1`);
    await t.db.execute(sql`delete from checklist_tags where checklist_id = ${id} and tag = 'Zed'`);
    expect(await card(id)).toMatchObject({ tags: ['apple'], itemsCount: 1 });
    await expectCardFieldsRight();
  });
});

describe("a card's fields on lists that were there before migration 0026", () => {
  it("are filled by the migration's last statement", async () => {
    const owner = await createUser(t.db, { username: 'card_before' });
    const lists = [
      await makeChecklist(t.db, owner.id, { tags: ['Zorblax', 'gribnif'] }),
      await makeChecklist(t.db, owner.id, { tags: [] }),
    ];
    // As they were before it: the new fields at their defaults.
    const ids = lists.map((list) => list.id);
    await t.db.execute(
      sql`update checklists set tag_names = '{}', items_count = 0 where id = any(${sql.param(ids)}::uuid[])`,
    );
    const migration = readFileSync(path.join(migrationsFolder(), '0026_card-fields-kept.sql'), 'utf8');
    await t.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    const filled = await rows<{ tag_names: string[]; items_count: number }>(
      sql`select tag_names, items_count from checklists where id = any(${sql.param(ids)}::uuid[]) order by items_count desc, cardinality(tag_names) desc`,
    );
    expect(filled[0]!.tag_names).toEqual(['gribnif', 'Zorblax']);
    expect(filled.every((row) => row.items_count > 0)).toBe(true);
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
    const totalBefore = (await browse('')).total;

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

    const asLeaver = await signedInAgent(t, leaver);
    const deletion = await asLeaver.post('/api/accounts/me/delete', {
      password: leaver.password,
      keepPublicContent: true,
    });
    expect(deletion.status).toBe(200);
    expect(await tagCount('canoe')).toBe(2);
    await expectCountersRight();

    const asClonerAgain = await signedInAgent(t, cloner);
    const gone = await asClonerAgain.post('/api/accounts/me/delete', {
      password: cloner.password,
      keepPublicContent: false,
    });
    expect(gone.status).toBe(200);
    expect(await tagCount('canoe')).toBe(1);
    await expectCountersRight();
  });
});

describe('keyset paging', () => {
  let pager: CreatedUser;
  beforeAll(async () => {
    pager = await createUser(t.db, { username: 'pager' });
    const fans = [await createUser(t.db), await createUser(t.db)];
    for (let index = 0; index < 30; index++) {
      const list = await makeChecklist(t.db, pager.id, {
        title: `Paging walrus ${index}`,
        tags: ['walrus'],
        createdAt: daysAgo(200 + (index % 7)), // ties on created_at are broken by id
        items: index % 2 ? ['Walrus facts'] : ['Other'],
      });
      for (const fan of fans.slice(0, index % 3))
        await t.db.insert(checklistLikes).values({ checklistId: list.id, userId: fan.id });
    }
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
    // About 6,600 public lists. In Most Liked, words alone are gathered from the word index first
    // while their matches, squared, are fewer than ten times the public lists (about 257 here):
    // "gannet" (14) and "walrus" (30 and the ones added) are, "ptarmigan" (347) and "zebra" (more
    // than the count's cap) are read along the order's index. In Newest, and with a tag, the walk's
    // length decides: gathered when it would pass more than 5,000 lists, as "gannet" would, while
    // "walrus" would pass about 2,600.
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
      statements = [];
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
      insert into checklist_tags (checklist_id, tag) select id, 'Dune' from made`);
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
        statements = [];
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
      statements = [];
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

  it('reads a deep page in as many statements as the first', async () => {
    statements = [];
    const first = await browse('?tag=walrus&order=most-liked');
    const firstCount = statements.length;
    const second = await browse(`?tag=walrus&order=most-liked&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(statements.length - firstCount).toBe(firstCount);
    expect(firstCount).toBeLessThanOrEqual(3);
    expect(second.page).toBe(0);
    expect(second.checklists[0]!.id).not.toBe(first.checklists[0]!.id);
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

describe('a search’s later pages', () => {
  beforeAll(async () => {
    for (let index = 0; index < 14; index++) {
      await makeChecklist(t.db, author.id, { title: `Narwhal tour ${index}`, createdAt: daysAgo(40 + index) });
    }
  });
  // The count of a search's matches (countMatches) starts so; a card's own counts are other statements.
  const counts = () => statements.filter((statement) => /^\s*with found as/.test(statement));

  it('say what the first page counted, without counting again: one statement in a listing order', async () => {
    const first = await browse('?q=narwhal&order=newest');
    expect(first.total).toBe(14);
    // Published meanwhile, older than every other: it is on the next page, but not in its count.
    await makeChecklist(t.db, author.id, { title: 'Narwhal tour late', createdAt: daysAgo(100) });
    statements = [];
    const second = await browse(`?q=narwhal&order=newest&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(statements).toHaveLength(1);
    expect(counts()).toEqual([]);
    expect(second.total).toBe(14);
    expect(titles(second)).toEqual(['Narwhal tour 12', 'Narwhal tour 13', 'Narwhal tour late']);
    // A new search counts afresh.
    expect((await browse('?q=narwhal&order=newest')).total).toBe(15);
  });

  it('in Best match, only the page’s reads: its tiers are read with the words’ queries the cursor carries', async () => {
    const first = await browse('?q=narwhal&order=best');
    const [payload] = first.nextCursor!.split('.') as [string];
    const carried = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as BrowseCursor;
    expect(carried).toMatchObject({ o: 'best', q: { w: "'narwhal'", x: true } });
    // Not the prefixes' tsquery, which may name lexemes only private lists have (decision 034).
    expect(carried.o === 'best' && carried.q).not.toHaveProperty('p');
    statements = [];
    const second = await browse(`?q=narwhal&order=best&cursor=${encodeURIComponent(first.nextCursor!)}`);
    // A search of at most the cap reads all its tiers in one statement (decision 036).
    expect(statements).toHaveLength(1);
    expect(statements.every((statement) => /^\s*with picked as/.test(statement))).toBe(true);
    expect(second.total).toBe(first.total);
    const shown = [...titles(first), ...titles(second)];
    expect(new Set(shown).size).toBe(first.total);
    // The same page from a cursor without them (made before cursors carried them): the words are
    // read in a statement of their own, and the page is the same.
    const { q: _words, ...withoutWords } = carried as BrowseCursor & { q?: unknown };
    statements = [];
    const again = await browse(
      `?q=narwhal&order=best&cursor=${encodeURIComponent(signedCursor(withoutWords as BrowseCursor, { q: 'narwhal', order: 'best' }))}`,
    );
    expect(statements).toHaveLength(2);
    expect(statements.filter((statement) => !/^\s*with picked as/.test(statement))).toHaveLength(1);
    expect(titles(again)).toEqual(titles(second));
    // Words the cursor carries are the server's: changed, they are refused like any changed cursor.
    const [, minute, signature] = first.nextCursor!.split('.') as [string, string, string];
    const changed = Buffer.from(JSON.stringify({ ...carried, q: { w: "'walrus'", p: "'walrus':*", x: true } }));
    const response = await t
      .agent()
      .request(`/api/checklists?q=narwhal&order=best&cursor=${changed.toString('base64url')}.${minute}.${signature}`);
    expect(response.status).toBe(400);
  });

  it('in Best match, carry the words of the longest search too, so a later page reads no words', async () => {
    // Eight words, a hundred characters with their spaces (the longest search), each with a stem of
    // its own: with their prefixes' query as well (before decision 034), the cursor went past
    // 1,000 characters and the words were read again. The whole words' query alone fits.
    const words = [
      'quillbrookes',
      'marshlighted',
      'thornfieldes',
      'copperwelled',
      'lanternmoths',
      'fernhollows',
      'willowmarks',
      'stonebridgs',
    ];
    for (let index = 0; index < 14; index++) {
      await makeChecklist(t.db, author.id, { title: `${words.join(' ')} ${index}` });
    }
    const search = `?q=${words.join('+')}&order=best`;
    const first = await browse(search);
    expect(first.total).toBe(14);
    const [payload] = first.nextCursor!.split('.') as [string];
    const carried = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as BrowseCursor;
    expect(carried.s).toMatchObject({ t: 14 });
    expect(carried).toHaveProperty('q');
    expect(first.nextCursor!.length).toBeLessThanOrEqual(BROWSE_CURSOR_MAX_LENGTH);
    statements = [];
    const second = await browse(`${search}&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(counts()).toEqual([]);
    expect(statements.every((statement) => /^\s*with picked as/.test(statement))).toBe(true);
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(14);
  });

  it('keep the words searched for instead of a misspelt one, and Best match reads its tiers with them', async () => {
    const first = await browse('?q=narwhl');
    expect(first.searchedFor).toBe('narwhal');
    statements = [];
    const second = await browse(`?q=narwhl&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(counts()).toEqual([]);
    // The page's reads alone: the cursor carries the corrected words' queries too.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((statement) => /^\s*with picked as/.test(statement))).toBe(true);
    expect(second.searchedFor).toBe('narwhal');
    expect(second.total).toBe(first.total);
    const shown = [...titles(first), ...titles(second)];
    expect(new Set(shown).size).toBe(first.total);
    expect(shown.every((title) => title.startsWith('Narwhal tour'))).toBe(true);
  });

  it('refuse a cursor a client changed, or sent with another search, tag or order', async () => {
    const cursor = (await browse('?q=narwhal&order=newest')).nextCursor!;
    const [payload, minute, signature] = cursor.split('.') as [string, string, string];
    const carried = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s: { t: number; m: boolean } };
    expect(carried.s.t).toBe(15);
    // Saying the search matches few lists would make Best match read its tiers the slow way.
    const changed = Buffer.from(JSON.stringify({ ...carried, s: { ...carried.s, t: 3, m: !carried.s.m } }));
    for (const [search, text] of [
      ['?q=narwhal&order=newest', `${changed.toString('base64url')}.${minute}.${signature}`],
      ['?q=narwhal&order=newest', payload],
      ['?q=narwhal&order=newest', `${payload}.${minute}.${signature.slice(1)}`],
      ['?q=narwhal&order=newest', `${payload}.${Number(minute) + 60}.${signature}`],
      ['?q=narwhal&order=newest', `${cursor}${'A'.repeat(1000)}`],
      ['?q=walrus&order=newest', cursor],
      ['?q=narwhal&order=newest&tag=sea', cursor],
      ['?q=narwhal&order=best', cursor],
    ]) {
      const response = await t.agent().request(`/api/checklists${search}&cursor=${encodeURIComponent(text!)}`);
      expect(response.status, `${search} ${text}`).toBe(400);
      expect(await response.json()).toEqual({ message: browseCursorMessages.invalid, code: 'invalid_input' });
    }
  });

  it('count again when the cursor carries no count (its count was too old, or it is from before)', async () => {
    const first = await browse('?q=narwhal&order=newest');
    const [payload] = first.nextCursor!.split('.') as [string];
    const { s: carried, ...withoutCount } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      s: unknown;
    } & BrowseCursor;
    expect(carried).toBeDefined();
    const cursor = signedCursor(withoutCount as BrowseCursor, { q: 'narwhal', order: 'newest' });
    // Published meanwhile: what the server kept of the first page's count no longer holds either.
    await makeChecklist(t.db, author.id, { title: 'Narwhal tour later', createdAt: daysAgo(101) });
    statements = [];
    const second = await browse(`?q=narwhal&order=newest&cursor=${encodeURIComponent(cursor)}`);
    expect(counts()).toHaveLength(1);
    expect(second.total).toBe(16);
  });
});

describe('a search asked for again', () => {
  let asAuthor: Agent;
  let owl: string;
  beforeAll(async () => {
    asAuthor = await signedInAgent(t, author);
    for (let index = 0; index < 3; index++) {
      await makeChecklist(t.db, author.id, { title: `Owl watch ${index}`, tags: ['night'] });
    }
    owl = (await makeChecklist(t.db, author.id, { title: 'Owl pellets', tags: ['night'] })).id;
  });
  const counts = () => statements.filter((statement) => /^\s*with found as/.test(statement));
  const listInput = (title: string, items: string[]) => ({
    title,
    description: 'Seen at dusk',
    items,
    tags: [],
    estimatedTime: '30 minutes',
    difficulty: 'easy',
  });
  /** The search's Y, and whether the server counted the matches to answer it. */
  const ask = async (query: string) => {
    statements = [];
    const page = await browse(query);
    return { total: page.total, counted: counts().length === 1 };
  };

  it('is answered from its count while no list it can find has changed, in any order', async () => {
    expect(await ask('?q=owl')).toEqual({ total: 4, counted: true });
    expect(await ask('?q=owl')).toEqual({ total: 4, counted: false });
    expect(await ask('?q=OWL&order=most-liked')).toEqual({ total: 4, counted: false });
    expect(statements.length).toBeLessThanOrEqual(2);
    // Another search, or the same words with a tag, is counted on its own.
    expect(await ask('?q=owl&tag=night')).toEqual({ total: 4, counted: true });
    // A like or a use changes no search's matches.
    const fan = await createUser(t.db, { username: 'owl_fan' });
    await t.db.insert(checklistLikes).values({ checklistId: owl, userId: fan.id });
    expect(await ask('?q=owl')).toEqual({ total: 4, counted: false });
  });

  it('is counted again after every change that can add or take away a match', async () => {
    await ask('?q=owl');
    const changes: [string, () => Promise<Response>, number][] = [
      ['a new list', () => asAuthor.post('/api/checklists', listInput('Owl box', ['Fix the box'])), 5],
      [
        'a list edited to have the word in an item',
        async () => {
          const id = (await makeChecklist(t.db, author.id, { title: 'Barn repairs' })).id;
          return asAuthor.request(`/api/checklists/${id}`, {
            method: 'PUT',
            json: listInput('Barn repairs', ['Check for owls']),
          });
        },
        6,
      ],
      [
        'a list made private',
        () =>
          asAuthor.request(`/api/checklists/${owl}/visibility`, { method: 'PATCH', json: { visibility: 'private' } }),
        5,
      ],
      [
        'a list made public again',
        () =>
          asAuthor.request(`/api/checklists/${owl}/visibility`, { method: 'PATCH', json: { visibility: 'public' } }),
        6,
      ],
      ['a list deleted', () => asAuthor.request(`/api/checklists/${owl}`, { method: 'DELETE' }), 5],
    ];
    for (const [change, make, total] of changes) {
      const response = await make();
      expect(response.status, `${change}: ${await response.clone().text()}`).toBeLessThan(300);
      expect(await ask('?q=owl'), change).toEqual({ total, counted: true });
      // The number read, the count, and the page in one statement (Best match): still at most three.
      expect(statements.length, change).toBeLessThanOrEqual(3);
      expect(await ask('?q=owl'), change).toEqual({ total, counted: false });
    }
  });

  it('with a tag, is counted again when a list gains or loses the tag', async () => {
    const before = (await ask('?q=owl&tag=night')).total;
    const list = await makeChecklist(t.db, author.id, { title: 'Owl calls' });
    expect(await ask('?q=owl&tag=night')).toEqual({ total: before, counted: true });
    await t.db.execute(sql`insert into checklist_tags (checklist_id, tag) values (${list.id}, 'Night')`);
    expect(await ask('?q=owl&tag=night')).toEqual({ total: before + 1, counted: true });
    await t.db.execute(sql`delete from checklist_tags where checklist_id = ${list.id}`);
    expect(await ask('?q=owl&tag=night')).toEqual({ total: before, counted: true });
  });
});

describe('a search’s page asked for again (decision 041)', () => {
  let asAuthor: Agent;
  const bittern: Record<string, string> = {};
  beforeAll(async () => {
    asAuthor = await signedInAgent(t, author);
    for (let index = 0; index < 15; index++) {
      const list = await makeChecklist(t.db, author.id, {
        title: `Bittern walk ${index}`,
        createdAt: daysAgo(200 + index),
      });
      bittern[`walk ${index}`] = list.id;
    }
    bittern.item = (
      await makeChecklist(t.db, author.id, { title: 'Pond day', items: ['Spot a bittern'], createdAt: daysAgo(150) })
    ).id;
  });
  /** The statements that read a kept page's cards, and those that read a page afresh. */
  const keptReads = () => statements.filter((statement) => /^\s*select .* from \(select .*\) now/s.test(statement));
  // A page read afresh: its own statement, or its count's, which reads a listing order's first page.
  const pageReads = () =>
    statements.filter((statement) => /^\s*(with words as materialized|with picked as|with found as)/.test(statement));
  const ask = async (query: string) => {
    statements = [];
    return browse(query);
  };
  const newestFirst = (query: string) => `${query}&order=newest`;
  // Best match is the default with words; every Bittern walk is a title match, so newest first there too.

  it('is read again by its lists’ ids, one statement, while no list it can find has changed', async () => {
    for (const query of ['?q=bittern&order=best', '?q=bittern&order=newest']) {
      const first = await ask(query);
      expect(pageReads().length, query).toBeGreaterThan(0);
      const again = await ask(query);
      expect(statements, query).toHaveLength(1);
      expect(keptReads(), query).toHaveLength(1);
      expect(again, query).toEqual({ ...first, nextCursor: again.nextCursor });
      // Its cursor goes on where the first answer's does.
      const next = await browse(`${query}&cursor=${encodeURIComponent(again.nextCursor!)}`);
      const nextFromFirst = await browse(`${query}&cursor=${encodeURIComponent(first.nextCursor!)}`);
      expect(titles(next), query).toEqual(titles(nextFromFirst));
    }
    // The last page, kept too, says there is no more.
    const first = await browse('?q=bittern&order=newest');
    const lastPage = `?q=bittern&order=newest&cursor=${encodeURIComponent(first.nextCursor!)}`;
    await browse(lastPage);
    const last = await ask(lastPage);
    expect(keptReads()).toHaveLength(1);
    expect(last).toMatchObject({ hasMore: false, nextCursor: null });
    expect(titles(last)).toEqual(['Bittern walk 11', 'Bittern walk 12', 'Bittern walk 13', 'Bittern walk 14']);
  });

  it('in a listing order, a search not kept reads its first page with its count, then only the cards', async () => {
    // Uses and likes that order the lists otherwise than by date.
    const fans = [await createUser(t.db), await createUser(t.db)];
    for (const [list, users] of [
      ['walk 7', fans],
      ['walk 11', fans.slice(0, 1)],
    ] as const) {
      for (const user of users)
        await t.db.insert(checklistLikes).values({ checklistId: bittern[list]!, userId: user.id });
    }
    for (const [list, users] of [
      ['walk 9', fans],
      ['walk 13', fans.slice(0, 1)],
    ] as const) {
      for (const user of users) {
        await t.db.execute(sql`
          insert into checklist_progress (checklist_id, user_id, completed_count) values (${bittern[list]!}, ${user.id}, 1)`);
      }
    }
    for (const [order, sortKey] of [
      ['newest', sql`created_at desc, id desc`],
      ['most-used', sql`uses_count desc, created_at desc, id desc`],
      ['most-liked', sql`likes_count desc, created_at desc, id desc`],
    ] as const) {
      // Kept, and then a change no search sees, so that neither the count nor the page holds.
      await ask(`?q=bittern&order=${order}`);
      await t.db.execute(sql`update checklists set title = title where false`);
      const page = await ask(`?q=bittern&order=${order}`);
      // The page kept before, found out of date; the count, with the page's lists; their cards.
      expect(statements, order).toHaveLength(3);
      expect(statements[1], order).toMatch(/^\s*with found as/);
      expect(keptReads(), order).toHaveLength(2);
      const expected = await rows<{ id: string }>(sql`
        select id from checklists where is_public and search_vector @@ ticklist_search_query(array['bittern'], true)
        order by ${sortKey}`);
      expect(page.total, order).toBe(expected.length);
      const next = await browse(`?q=bittern&order=${order}&cursor=${encodeURIComponent(page.nextCursor!)}`);
      expect(
        [...page.checklists, ...next.checklists].map((card) => card.id),
        order,
      ).toEqual(expected.map((row) => row.id));
    }
  });

  it('shows each card as it is now: a like since is counted on the kept page', async () => {
    const before = (await ask('?q=bittern&order=newest')).checklists.find((card) => card.id === bittern['walk 0']);
    const fan = await createUser(t.db, { username: 'bittern_fan' });
    await t.db.insert(checklistLikes).values({ checklistId: bittern['walk 0']!, userId: fan.id });
    const after = (await ask('?q=bittern&order=newest')).checklists.find((card) => card.id === bittern['walk 0']);
    expect(keptReads()).toHaveLength(1);
    expect(after!.likes).toBe(before!.likes + 1);
  });

  it('is read afresh after every change that can add or take away a list, at once', async () => {
    const listInput = (title: string) => ({
      title,
      description: 'By the river',
      items: ['Binoculars'],
      tags: [],
      estimatedTime: '1 hour',
      difficulty: 'easy',
    });
    let created = '';
    const changes: [string, () => Promise<Response>, (page: BrowsePage) => void][] = [
      [
        'a new list, first in Newest',
        async () => {
          const response = await asAuthor.post('/api/checklists', listInput('Bittern nest'));
          created = ((await response.clone().json()) as { id: string }).id;
          return response;
        },
        (page) => expect(page.checklists[0]!.id).toBe(created),
      ],
      [
        'a list made private',
        () =>
          asAuthor.request(`/api/checklists/${created}/visibility`, {
            method: 'PATCH',
            json: { visibility: 'private' },
          }),
        (page) => expect(page.checklists.map((card) => card.id)).not.toContain(created),
      ],
      [
        'a list made public again',
        () =>
          asAuthor.request(`/api/checklists/${created}/visibility`, {
            method: 'PATCH',
            json: { visibility: 'public' },
          }),
        (page) => expect(page.checklists[0]!.id).toBe(created),
      ],
      [
        'a list retitled without the word',
        () => asAuthor.request(`/api/checklists/${created}`, { method: 'PUT', json: listInput('Egret nest') }),
        (page) => expect(page.checklists.map((card) => card.id)).not.toContain(created),
      ],
      [
        'a list deleted',
        () => asAuthor.request(`/api/checklists/${bittern['walk 1']}`, { method: 'DELETE' }),
        (page) => expect(page.checklists.map((card) => card.id)).not.toContain(bittern['walk 1']),
      ],
    ];
    for (const [change, make, check] of changes) {
      await ask(newestFirst('?q=bittern'));
      await ask('?q=bittern');
      const response = await make();
      expect(response.status, `${change}: ${await response.clone().text()}`).toBeLessThan(300);
      for (const query of [newestFirst('?q=bittern'), '?q=bittern']) {
        const page = await ask(query);
        expect(pageReads().length, `${change}, ${query}`).toBeGreaterThan(0);
        // The kept page's statement, the count and the page: still at most three.
        expect(statements.length, `${change}, ${query}`).toBeLessThanOrEqual(3);
        check(page);
      }
    }
  });

  it('never shows a list made private, even when its change was numbered before the page was read', async () => {
    const page = await ask(newestFirst('?q=bittern'));
    const hidden = page.checklists[0]!.id;
    const [{ generation }] = (await rows<{ generation: string }>(
      sql`select last_value::text as generation from checklists_search_generation`,
    )) as [{ generation: string }];
    await t.db.execute(sql`update checklists set is_public = false where id = ${hidden}`);
    // As if the change had taken its number before the page was read and committed after.
    await t.db.execute(sql`select setval('checklists_search_generation', ${generation}::bigint)`);
    const again = await ask(newestFirst('?q=bittern'));
    expect(keptReads()).toHaveLength(1);
    expect(again.checklists.map((card) => card.id)).not.toContain(hidden);
    expect(again.checklists).toHaveLength(page.checklists.length - 1);
    await t.db.execute(sql`update checklists set is_public = true where id = ${hidden}`);
  });

  it('keeps a tag’s page too, and reads the tag’s count with its cards', async () => {
    for (let index = 0; index < 3; index++) {
      await makeChecklist(t.db, author.id, {
        title: `Reed bed ${index}`,
        tags: ['Marshland'],
        createdAt: daysAgo(300),
      });
    }
    for (const order of ['newest', 'most-liked']) {
      const first = await ask(`?tag=marshland&order=${order}`);
      expect(first.total).toBe(3);
      const again = await ask(`?tag=marshland&order=${order}`);
      expect(statements).toHaveLength(1);
      expect(keptReads()).toHaveLength(1);
      expect(again).toEqual({ ...first, nextCursor: again.nextCursor });
    }
    const response = await asAuthor.post('/api/checklists', {
      title: 'Reed warbler',
      description: 'Listen first',
      items: ['Notebook'],
      tags: ['marshland'],
      estimatedTime: '1 hour',
      difficulty: 'easy',
    });
    expect(response.status).toBe(201);
    const after = await ask('?tag=marshland&order=newest');
    expect(pageReads().length).toBeGreaterThan(0);
    expect(after.total).toBe(4);
    expect(titles(after)[0]).toBe('Reed warbler');
  });

  it('in Most Used and Most Liked, whose order a like or a use moves, keeps its order for 10 s only', async () => {
    const fan = await createUser(t.db, { username: 'bittern_liker' });
    await ask('?q=bittern&order=most-liked');
    const last = (await ask('?q=bittern&order=most-liked')).checklists.at(-1)!;
    expect(keptReads()).toHaveLength(1);
    await t.db.insert(checklistLikes).values({ checklistId: last.id, userId: fan.id });
    const position = (page: BrowsePage) => page.checklists.findIndex((card) => card.id === last.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Within 10 s of its read: the kept order, with the like counted on the card.
      vi.setSystemTime(Date.now() + COUNTED_ORDER_PAGE_MS - 1_000);
      const kept = await ask('?q=bittern&order=most-liked');
      expect(keptReads()).toHaveLength(1);
      expect(position(kept)).toBe(kept.checklists.length - 1);
      expect(kept.checklists.at(-1)!.likes).toBe(last.likes + 1);
      // After: read again, and the like has moved it up.
      vi.setSystemTime(Date.now() + 1_000);
      const moved = await ask('?q=bittern&order=most-liked');
      expect(keptReads()).toEqual([]);
      expect(pageReads().length).toBeGreaterThan(0);
      expect(position(moved)).toBeLessThan(moved.checklists.length - 1);
      // Best match and Newest keep theirs for SEARCH_PAGE_MS, as long as a count: read afresh now,
      // then answered from what was kept, and nothing else, until then.
      await t.db.execute(sql`update checklists set title = title where false`);
      await ask('?q=bittern&order=newest');
      expect(pageReads().length).toBeGreaterThan(0);
      vi.setSystemTime(Date.now() + SEARCH_PAGE_MS - 1);
      await ask('?q=bittern&order=newest');
      expect(statements).toHaveLength(1);
      expect(keptReads()).toHaveLength(1);
      vi.setSystemTime(Date.now() + 1);
      await ask('?q=bittern&order=newest');
      expect(pageReads().length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('how far a search is counted', () => {
  it('to the cap, and further only for Most Used and Most Liked without a tag, whose rule needs more', async () => {
    const seen: string[] = [];
    const { db } = await createTestDatabase({ onQuery: (query) => seen.push(query) });
    const app = await createTestApp({ db });
    const owner = await createUser(db);
    await db.execute(sql`
      insert into checklists (title, author_id, created_at)
      select 'Heron pond ' || g, ${owner.id}, now() - make_interval(mins => g)
      from generate_series(1, ${SEARCH_COUNT_CAP + 10}) g`);
    await makeChecklist(db, owner.id, { title: 'Heron pond tagged', tags: ['wetland'] });
    /** How far the search's count went, if the request counted (the limit is written in its text). */
    const countedTo = async (query: string) => {
      seen.length = 0;
      const response = await app.agent().request(`/api/checklists${query}`);
      const page = browsePageSchema.parse(await response.json());
      expect(page).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
      const counts = seen.filter((statement) => /^\s*with found as/.test(statement));
      expect(counts.length).toBeLessThanOrEqual(1);
      return counts[0]?.match(/limit (\d+)\),\s*typed as/)?.[1] ?? null;
    };
    expect(await countedTo('?q=heron&order=newest')).toBe(String(SEARCH_COUNT_CAP + 1));
    expect(await countedTo('?q=heron&order=best')).toBeNull();
    // Counted again, further, and kept for every order.
    expect(await countedTo('?q=heron&order=most-liked')).toBe(String(SPARSE_COUNT_LIMIT + 1));
    expect(await countedTo('?q=heron&order=most-used')).toBeNull();
    expect(await countedTo('?q=heron&order=newest')).toBeNull();
    // With a tag every order walks the same way: the cap is enough.
    await db.execute(sql`
      update checklists set tag_keys = array['wetland'] where title like 'Heron pond %'`);
    expect(await countedTo('?q=heron&order=most-liked&tag=wetland')).toBe(String(SEARCH_COUNT_CAP + 1));
    // Best match of more matches than the cap, none in a title, so that its first two tiers do not
    // fill a page: kept, then out of date when its count, kept before it, is too old. The kept
    // page's statement and the count take two, so the tiers are read in one statement, not two.
    await db.execute(sql`
      insert into checklists (title, description, author_id, created_at)
      select 'Marsh ' || g, 'A walk through the reedbed', ${owner.id}, now() - make_interval(mins => g)
      from generate_series(1, ${SEARCH_COUNT_CAP + 10}) g`);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      await app.agent().request('/api/checklists?q=reedbed&order=newest');
      vi.setSystemTime(start + SEARCH_COUNT_MS / 2);
      await app.agent().request('/api/checklists?q=reedbed&order=best');
      await db.execute(sql`update checklists set title = title where false`);
      vi.setSystemTime(start + SEARCH_COUNT_MS + 1);
      seen.length = 0;
      const page = browsePageSchema.parse(
        await (await app.agent().request('/api/checklists?q=reedbed&order=best')).json(),
      );
      expect(page).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true, hasMore: true });
      expect(page.checklists).toHaveLength(12);
      expect(seen.filter((statement) => /\) now\s+left join/.test(statement))).toHaveLength(1);
      expect(seen.filter((statement) => /^\s*with found as/.test(statement))).toHaveLength(1);
      expect(seen.filter((statement) => /union all/.test(statement))).toHaveLength(1);
      expect(seen).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('what caches may keep', () => {
  it('a visitor’s Browse, tags, public list and Discover are public for 30 s, varying by cookie', async () => {
    const list = await makeChecklist(t.db, author.id, { title: 'Cached list' });
    for (const path of [
      '/api/checklists?q=cached',
      '/api/checklists/tags',
      `/api/checklists/${list.id}`,
      '/api/discover',
    ]) {
      const response = await t.agent().request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(VISITOR_CACHE_CONTROL);
      expect(response.headers.get('vary'), path).toMatch(/\bCookie\b/i);
    }
  });

  it('a signed-in user’s answers are never stored, and a visitor’s 404 is not kept as public', async () => {
    const owner = await createUser(t.db, { username: 'cache_owner' });
    const hidden = await makeChecklist(t.db, owner.id, { title: 'Hidden', isPublic: false });
    const shown = await makeChecklist(t.db, owner.id, { title: 'Shown' });
    const asOwner = await signedInAgent(t, owner);
    for (const path of [
      '/api/checklists?q=cached',
      '/api/checklists/tags',
      `/api/checklists/${shown.id}`,
      '/api/discover',
    ]) {
      const response = await asOwner.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('vary') ?? '', path).toMatch(/\bCookie\b/i);
    }
    const own = await asOwner.request(`/api/checklists/${hidden.id}`);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    const missing = await t.agent().request(`/api/checklists/${hidden.id}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });
});

describe('pages prepared once per connection (decision 033)', () => {
  it('names the pages whose best plan is the same whatever the words, which PostgreSQL then plans once; others are planned with their values', async () => {
    // One connection, so what it has prepared is what every request used.
    const { db } = await createTestDatabase({ max: 1 });
    const app = await createTestApp({ db });
    const owner = await createUser(db);
    // "lantern" in more lists than the count's cap; "firefly" in three (read along the order's
    // index), "glowworm" in fourteen (gathered from the word index first in Most Liked; a first page
    // of so few comes with its count, so its second page shows the gather).
    await db.execute(sql`
      insert into checklists (title, author_id, created_at)
      select 'Lantern walk ' || g, ${owner.id}, now() - make_interval(mins => g)
      from generate_series(1, ${SEARCH_COUNT_CAP + 10}) g`);
    for (let index = 0; index < 3; index++) {
      await makeChecklist(db, owner.id, { title: `Firefly meadow ${index}`, tags: ['night'] });
    }
    for (let index = 0; index < 14; index++) await makeChecklist(db, owner.id, { title: `Glowworm cave ${index}` });
    // "lamp" on most lists (walked), "night" on three (gathered).
    await db.execute(
      sql`insert into checklist_tags (checklist_id, tag) select id, 'Lamp' from checklists where title like 'Lantern walk %'`,
    );
    const visitor = app.agent();
    const pages = [
      '?order=most-liked',
      '?order=most-used&tag=lamp',
      '?order=newest&tag=night',
      '?order=newest&q=lantern',
      '?order=most-used&q=walk&tag=night',
      '?order=newest&q=firefly',
      '?order=newest&q=glowworm',
      '?order=best&q=firefly',
      '?order=best&q=glowworm',
      '?order=best&q=lantern',
    ];
    // A walk after a cursor: its generic plan's estimate is above the plans made for the values.
    const first = (await (await visitor.request('/api/checklists?order=most-used&q=lantern')).json()) as {
      nextCursor: string;
    };
    pages.push(`?order=most-used&q=lantern&cursor=${encodeURIComponent(first.nextCursor)}`);
    const glowworms = (await (await visitor.request('/api/checklists?order=most-liked&q=glowworm')).json()) as {
      nextCursor: string;
    };
    pages.push(`?order=most-liked&q=glowworm&cursor=${encodeURIComponent(glowworms.nextCursor)}`);
    for (let run = 0; run < 8; run++) {
      for (const page of pages) expect((await visitor.request(`/api/checklists${page}`)).status).toBe(200);
      // A change no list's matches see, so that no page is answered from what was kept (decision 041).
      await db.execute(sql`update checklists set title = title where false`);
    }
    // Named statements run on connections of their own (decision 038); this one reads its own.
    const prepared = {
      rows: (
        await executeNamed<{ statement: string; generic_plans: number; custom_plans: number }>(
          db,
          sql`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements
              where from_sql = false and statement like '%with picked as%'`,
        )
      ).filter((row) => !row.statement.includes('pg_prepared_statements')),
    };
    // A named statement keeps its generic plan: it is never planned again for its values, which
    // PostgreSQL would otherwise do for a walk after a cursor (decision 038).
    expect(prepared.rows.length).toBeGreaterThan(0);
    for (const statement of prepared.rows) expect(statement.custom_plans).toBe(0);
    const named = (pattern: RegExp) => prepared.rows.filter((row) => pattern.test(row.statement));
    const walks = prepared.rows.filter((row) => !/matching as materialized|union all/.test(row.statement));
    const unfiltered = walks.filter((row) => /order by c\.likes_count desc/.test(row.statement));
    const searched = walks.filter((row) => /order by c\.created_at desc/.test(row.statement));
    for (const statement of [unfiltered, searched]) {
      expect(statement).toHaveLength(1);
      // Run with the generic plan: not planned again for each request.
      expect(statement[0]!.generic_plans).toBeGreaterThan(0);
    }
    expect(searched[0]!.statement).toMatch(/coalesce\(c\.search_vector @@ \(select ticklist_search_query/);
    // A tag's page without words is named either way (decision 037). A common tag's walks the
    // order's index, its tag checked in a form no index answers, so the plan walks whatever the tag.
    const tagWalks = walks.filter((row) => /tag_keys @>/.test(row.statement));
    expect(tagWalks).toHaveLength(1);
    expect(tagWalks[0]!.statement).toMatch(/coalesce\(c\.tag_keys @> array\[lower\(\$1\)\], false\)/);
    expect(tagWalks[0]!.statement).toMatch(/order by c\.uses_count desc/);
    expect(tagWalks[0]!.generic_plans).toBeGreaterThan(0);
    // Not a search with a tag, nor the few matches' that are not sparse (newest too, but planned
    // with their words: the one newest-first walk above is lantern's).
    expect(walks.filter((row) => /search_vector @@ ticklist_search_query/.test(row.statement))).toEqual([]);
    // The gathers of sparse searches ("glowworm"; "walk" with the tag, which no list has) and of a
    // rare tag: their matches read from the word or tag index and sorted, whatever the words or the
    // tag (decisions 036 and 037).
    const gathered = named(/matching as materialized/);
    const hasWords = (row: { statement: string }) =>
      /c\.search_vector @@ \(select ticklist_search_query/.test(row.statement);
    expect(gathered.map((row) => [hasWords(row), /tag_keys @>/.test(row.statement)]).sort()).toEqual([
      [false, true],
      [true, false],
      [true, true],
    ]);
    for (const statement of gathered) expect(statement.generic_plans).toBeGreaterThan(0);
    // Best match of few matches, whatever the words, is one statement planned once (decision 036);
    // of more than the cap ("lantern"), its tiers are planned with their values.
    const bestMatch = named(/union all/);
    expect(bestMatch).toHaveLength(1);
    expect(bestMatch[0]!.generic_plans).toBeGreaterThan(0);
    expect(bestMatch[0]!.statement).toMatch(/with words as materialized/);
  });
});
