import { beforeAll, describe, expect, it } from 'vitest';
import { browsePageSchema, type BrowsePage } from '../../src/domain/checklists/browse';
import { checklistItemCompletions, checklistLikes } from '../../src/server/db/schema';
import { makeChecklist, createUser, type CreatedUser } from '../../src/server/seed/factories';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

let t: TestApp;
let statements: string[] = [];
let author: CreatedUser;
let fan: CreatedUser;
const ids: Record<string, string> = {};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(async () => {
  const { db } = await createTestDatabase({ onQuery: (query) => statements.push(query) });
  t = await createTestApp({ db });
  author = await createUser(t.db, { username: 'browse_author', profileName: 'Bea' });
  fan = await createUser(t.db, { username: 'browse_fan' });
  const fans = [fan, await createUser(t.db), await createUser(t.db)];
  const make = async (key: string, seed: Parameters<typeof makeChecklist>[2]) => {
    ids[key] = (await makeChecklist(t.db, author.id, seed)).id;
  };
  await make('camping', {
    title: 'Camping weekend',
    tags: ['camping', 'Outdoors'],
    items: ['Pitch the tent', 'Pack a stove'],
    createdAt: daysAgo(5),
  });
  await make('moving', {
    title: 'Moving house',
    description: 'Boxes and tape',
    tags: ['moving house'],
    createdAt: daysAgo(4),
  });
  await make('interview', {
    title: 'Job interview prep',
    tags: ['job interview', 'career'],
    items: ['Research the company'],
    createdAt: daysAgo(3),
  });
  await make('private', { title: 'Secret camping plan', tags: ['camping'], isPublic: false, createdAt: daysAgo(1) });
  await make('baby', { title: 'New baby bag', tags: ['new baby', 'camping'], createdAt: daysAgo(2) });
  // Likes: moving 3, camping 1. Uses: interview 2, baby 1.
  for (const user of fans) await t.db.insert(checklistLikes).values({ checklistId: ids.moving!, userId: user.id });
  await t.db.insert(checklistLikes).values({ checklistId: ids.camping!, userId: fan.id });
  const complete = async (key: string, userId: string) => {
    const list = await t
      .agent()
      .request(`/api/checklists/${ids[key]}`)
      .then((r) => r.json());
    await t.db
      .insert(checklistItemCompletions)
      .values({ userId, checklistItemId: list.items[0].id, checklistId: ids[key]! });
  };
  await complete('interview', fans[0]!.id);
  await complete('interview', fans[1]!.id);
  await complete('baby', fans[2]!.id);
});

async function browse(query: string, agent = t.agent()): Promise<BrowsePage> {
  const response = await agent.request(`/api/checklists${query}`);
  expect(response.status).toBe(200);
  return browsePageSchema.parse(await response.json());
}
const titles = (page: BrowsePage) => page.checklists.map((card) => card.title);

describe('GET /api/checklists (browse)', () => {
  it('lists public lists only, newest first, with author, tags and counts', async () => {
    const page = await browse('');
    expect(titles(page)).toEqual(['New baby bag', 'Job interview prep', 'Moving house', 'Camping weekend']);
    expect(page.total).toBe(4);
    const camping = page.checklists.find((card) => card.id === ids.camping)!;
    expect(camping).toMatchObject({
      author: 'Bea',
      authorUsername: 'browse_author',
      tags: ['camping', 'Outdoors'],
      likes: 1,
      itemsCount: 2,
      uses: 0,
    });
  });

  it('never shows a private list, not even to its author', async () => {
    const asAuthor = await browse('?q=secret', await signedInAgent(t, author));
    expect(asAuthor.total).toBe(0);
    expect(titles(await browse('?tag=camping'))).not.toContain('Secret camping plan');
  });

  it('orders by most used and most liked', async () => {
    expect(titles(await browse('?order=most-used')).slice(0, 2)).toEqual(['Job interview prep', 'New baby bag']);
    expect(titles(await browse('?order=most-liked')).slice(0, 2)).toEqual(['Moving house', 'Camping weekend']);
  });

  it('searches title, description, items and tags by word prefix', async () => {
    // Best match first (decision 018): the title hit above the list only tagged camping.
    expect(titles(await browse('?q=camp'))).toEqual(['Camping weekend', 'New baby bag']);
    expect(titles(await browse('?q=camp&order=newest'))).toEqual(['New baby bag', 'Camping weekend']);
    expect(titles(await browse('?q=BOX'))).toEqual(['Moving house']);
    expect(titles(await browse('?q=resear'))).toEqual(['Job interview prep']);
    expect(titles(await browse('?q=career'))).toEqual(['Job interview prep']);
    expect(titles(await browse('?q=pitch%20tent'))).toEqual(['Camping weekend']);
    expect((await browse('?q=zebra')).total).toBe(0);
    expect((await browse('?q=%27)%3A*%20%7C%20!')).total).toBe(4);
  });

  it('filters by tag, case-insensitively, and combines with search', async () => {
    expect(titles(await browse('?tag=CAMPING'))).toEqual(['New baby bag', 'Camping weekend']);
    expect(titles(await browse('?tag=camping&q=bag'))).toEqual(['New baby bag']);
  });

  it('pages through the results with the total of all matches', async () => {
    for (let index = 0; index < 20; index++)
      await makeChecklist(t.db, author.id, {
        title: `Filler ${index}`,
        tags: ['filler'],
        createdAt: daysAgo(30 + index),
      });
    const first = await browse('?tag=filler');
    expect(first).toMatchObject({ total: 20, totalCapped: false, page: 0, pageSize: 12, hasMore: true });
    expect(first.checklists).toHaveLength(12);
    const second = await browse('?tag=filler&page=1');
    expect(second).toMatchObject({ total: 20, page: 1, hasMore: false });
    expect(second.checklists).toHaveLength(8);
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(20);
  });

  it('responds with a page of cards in at most 3 SQL statements, however many lists there are', async () => {
    statements = [];
    await browse('?order=most-liked');
    const before = statements.length;
    for (let index = 0; index < 30; index++) {
      const list = await makeChecklist(t.db, author.id, {
        title: `More ${index}`,
        tags: ['a', 'b', 'c', 'd'],
        items: ['x', 'y', 'z'],
      });
      await t.db.insert(checklistLikes).values({ checklistId: list.id, userId: fan.id });
    }
    statements = [];
    await browse('?order=most-liked&q=more&tag=a');
    expect(statements.length).toBeLessThanOrEqual(3);
    // A new search's first page reads its page alone, before its count (decision 054).
    expect(statements.length).toBeLessThanOrEqual(before);
    // Signed in, browse still asks nothing about the session: it does not need to know who asks.
    const signedIn = await signedInAgent(t, fan);
    statements = [];
    await browse('?order=newest', signedIn);
    expect(statements.length).toBeLessThanOrEqual(3);
    statements = [];
    await signedIn.request(`/api/checklists/${ids.camping}`);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('offers the most used public tags for the filter chips', async () => {
    const response = await t.agent().request('/api/checklists/tags');
    const { tags } = await response.json();
    expect(tags[0]).toEqual({ tag: 'a', count: 30 });
    const camping = tags.find((entry: { tag: string }) => entry.tag === 'camping');
    expect(camping.count).toBe(2);
  });
});
