import { beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist } from '../../src/server/seed/factories';
import { daysAgo, setUpBrowseTests, signedCursor, titles } from '../setup/browse-fixtures';

// Best match, Browse's order by relevance (decision 027): where the words are found, title first;
// whole words before prefixes; then newest. Its statement counts are in browse-statements.test.ts.

const { t, author, browse } = setUpBrowseTests();
/** A list by the file's author, made `days` days ago. */
const made = (days: number, seed: Parameters<typeof makeChecklist>[2]) =>
  makeChecklist(t.db, author.id, { ...seed, createdAt: daysAgo(days) });

describe('Best match', () => {
  beforeAll(async () => {
    // The newest list only mentions the word in an item; date order would put it first.
    await made(1, { title: 'Weekend away', items: ['Pack the lantern'] });
    await made(2, { title: 'Garden shed', description: 'Where the lantern hangs' });
    await made(3, { title: 'Night walk', tags: ['lantern'] });
    await made(4, { title: 'Lanterns for a festival' });
    await made(5, { title: 'Lanternfish aquarium' });
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
    await made(40, { title: 'Otter pond' });
    await made(30, { title: 'Ottermans ferry' });
    await made(20, { title: 'Rainy day', items: ['Watch the otter'] });
    await made(10, { title: 'Dog show', items: ['Brush the otterhound'] });
    expect(titles(await browse('?q=otter'))).toEqual(['Otter pond', 'Ottermans ferry', 'Rainy day', 'Dog show']);
  });

  it('puts a title match above a tag, a tag above a description, a description above an item', async () => {
    await made(44, { title: 'Quokka selfies' });
    await made(43, { title: 'Island trip A', tags: ['quokka'] });
    await made(42, { title: 'Island trip B', description: 'Say hello to a quokka' });
    await made(41, { title: 'Island trip C', items: ['Find a quokka'] });
    // Field comes before exactness: a prefix in the title is above the whole word in a tag.
    await made(45, { title: 'Quokkaland tickets' });
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
      await made(days, { title: `Wombat walk ${days}` });
    }
    await made(1, { title: 'Burrow', tags: ['wombat'] });
    const first = await browse('?q=wombat');
    const second = await browse(`?q=wombat&cursor=${encodeURIComponent(first.nextCursor!)}`);
    const byAge = [...ages].sort((a, b) => a - b).map((days) => `Wombat walk ${days}`);
    expect(titles(first)).toEqual(byAge.slice(0, 12));
    expect(titles(second)).toEqual([...byAge.slice(12), 'Burrow']);
  });

  it('puts a list with every typed word in the title above one with a word only in an item', async () => {
    await made(61, { title: 'Heron and egret count' });
    await made(60, { title: 'Heron watch', items: ['Spot an egret'] });
    // One word alone is not a match.
    await made(59, { title: 'Heron only' });
    expect(titles(await browse('?q=heron%20egret'))).toEqual(['Heron and egret count', 'Heron watch']);
    expect(titles(await browse('?q=egret%20heron'))).toEqual(['Heron and egret count', 'Heron watch']);
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
