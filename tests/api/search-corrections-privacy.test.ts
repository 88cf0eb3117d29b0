import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  browsePageSchema,
  SEARCH_COUNT_CAP,
  type BrowseCursor,
  type BrowsePage,
} from '../../src/domain/checklists/browse';
import type { Database } from '../../src/server/db/client';
import { createUser, makeChecklist, type CreatedUser } from '../../src/server/seed/factories';
import { seedDemoContent, seedIfEmpty } from '../../src/server/seed/seed';
import { insertNumberedLists } from '../setup/browse-fixtures';
import { withSessionsInTwoSlots } from '../setup/count-slots';
import { signedInAgent } from '../setup/sign-in';
import { createTestApp, type Agent, type TestApp } from '../setup/test-app';
import { createTestDatabase } from '../setup/test-database';

// "Did you mean" (typo correction) and Best match's flag for words typed whole read the words of
// titles and tags (search_words, decisions 018 and 027). Only the words of lists a visitor can find
// may be among them: public lists, not private or unlisted ones (decision 024). A private word used
// to be offered as the correction whenever a public list had a word beginning with it (the
// corrected search, a prefix, then found that list), and its presence changed the cursor's flag.
//
// Each test has words of its own, and a public "decoy" whose word begins with the secret one, so
// that a secret word still in the table would be offered (today's attack): the search must offer
// the decoy's word instead.

let t: TestApp;
let databaseUrl: string;
let owner: CreatedUser;
let asOwner: Agent;

beforeAll(async () => {
  const { db, url } = await createTestDatabase();
  databaseUrl = url;
  t = await createTestApp({ db });
  owner = await createUser(t.db, { username: 'words_owner' });
  asOwner = await signedInAgent(t, owner);
});

const input = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: 'Plain',
  items: ['One'],
  tags: [] as string[],
  estimatedTime: '30 minutes',
  difficulty: 'easy',
  ...extra,
});

async function create(title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await asOwner.post('/api/checklists', input(title, extra));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}
async function edit(id: string, title: string, extra: Record<string, unknown> = {}) {
  const response = await asOwner.request(`/api/checklists/${id}`, { method: 'PUT', json: input(title, extra) });
  expect(response.status, await response.clone().text()).toBe(200);
}
async function setVisibility(id: string, visibility: 'public' | 'unlisted' | 'private') {
  const response = await asOwner.request(`/api/checklists/${id}/visibility`, { method: 'PATCH', json: { visibility } });
  expect(response.status, await response.clone().text()).toBe(200);
}
async function remove(id: string) {
  expect((await asOwner.request(`/api/checklists/${id}`, { method: 'DELETE' })).status).toBe(200);
}

async function browse(query: string): Promise<BrowsePage> {
  const response = await t.agent().request(`/api/checklists${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return browsePageSchema.parse(await response.json());
}
/** What a visitor's search for `typed` was corrected to (null: not corrected). */
const correctedTo = async (typed: string) => (await browse(`?q=${typed}`)).searchedFor;

/**
 * A list of the owner's with a word and a tag of its own (Zq{key}mark, zq{key}tag), made as `extra`
 * says, and its public decoy, whose word and tag begin with them (Zq{key}marking, zq{key}tagging).
 * Returns the list's id.
 */
async function createWithDecoy(key: string, extra: Record<string, unknown> = {}): Promise<string> {
  const id = await create(`Zq${key}mark walk`, { tags: [`zq${key}tag`], ...extra });
  await create(`Zq${key}marking walk`, { tags: [`zq${key}tagging`] });
  return id;
}

/** Whose words the typos of `createWithDecoy`'s (zq{key}marq, zq{key}taq) are corrected to. */
async function expectOffered(key: string, whose: 'the list’s' | 'the decoy’s') {
  const [word, tag] = whose === 'the list’s' ? ['mark', 'tag'] : ['marking', 'tagging'];
  expect(await correctedTo(`zq${key}marq`)).toBe(`zq${key}${word}`);
  expect(await correctedTo(`zq${key}taq`)).toBe(`zq${key}${tag}`);
}

/** The typo words as they should be: each title or tag word of a public list, with how many have it. */
async function expectWordsOfPublicLists(db: Database = t.db) {
  const { rows } = await db.execute<{ word: string; stored: number | null; counted: number | null }>(sql`
    with counted as (
      select word, count(*)::int as n
      from checklists c,
           unnest(to_tsvector('simple', ticklist_unaccent(c.title || ' ' || array_to_string(c.tag_keys, ' ')))) w(word)
      where c.is_public and length(word) between 3 and 40 and word !~ '^[0-9]+$'
      group by word)
    select coalesce(s.word, c.word) as word, s.n as stored, c.n as counted
    from (select word, sum(public_count)::int as n from search_words group by word having sum(public_count) <> 0) s
    full join counted c on c.word = s.word
    where s.n is distinct from c.n`);
  expect(rows).toEqual([]);
}

describe('typo correction offers only the words of public lists', () => {
  it("never offers a private list's word, even where a public word begins with it; a public list's it does", async () => {
    await makeChecklist(t.db, owner.id, { title: 'Zqprivmark secret plan', isPublic: false });
    await create('Zqprivmarking gear');
    // The corrected search is a prefix search: "zqprivmark" would find the public list, and the
    // response would name the private word.
    expect(await correctedTo('zqprivmarq')).toBe('zqprivmarking');
    // Made by the API too, and in a tag.
    await create('Quiet notes', { visibility: 'private', tags: ['zqprivtag'] });
    await create('Zqprivtagging kit');
    expect(await correctedTo('zqprivtaq')).toBe('zqprivtagging');
    // A public list with the word: offered.
    await create('Zqprivmark open plan');
    expect(await correctedTo('zqprivmarq')).toBe('zqprivmark');
    await expectWordsOfPublicLists();
  });

  it("never offers an unlisted list's words, in its title or its tags", async () => {
    await createWithDecoy('unlist', { visibility: 'unlisted' });
    await expectOffered('unlist', 'the decoy’s');
    await expectWordsOfPublicLists();
  });

  it('stops offering a list’s own words when it is made private or unlisted, and offers them again when it is public', async () => {
    const id = await createWithDecoy('hide');
    await expectOffered('hide', 'the list’s');
    await setVisibility(id, 'private');
    await expectOffered('hide', 'the decoy’s');
    await setVisibility(id, 'public');
    await expectOffered('hide', 'the list’s');
    await setVisibility(id, 'unlisted');
    await expectOffered('hide', 'the decoy’s');
    // The spec's bulk action too.
    await setVisibility(id, 'public');
    expect((await asOwner.post('/api/checklists/bulk-visibility', { ids: [id], isPublic: false })).status).toBe(200);
    await expectOffered('hide', 'the decoy’s');
    await expectWordsOfPublicLists();
  });

  it('stops offering a deleted list’s words', async () => {
    const id = await createWithDecoy('drop');
    await expectOffered('drop', 'the list’s');
    await remove(id);
    await expectOffered('drop', 'the decoy’s');
    await expectWordsOfPublicLists();
  });

  it('stops offering a word an edit takes out of the title or the tags, and keeps one the edit leaves', async () => {
    const id = await createWithDecoy('edit');
    // Another field changed: the words stay.
    await edit(id, 'Zqeditmark walk', { tags: ['zqedittag'], description: 'Changed', items: ['Two'] });
    await expectOffered('edit', 'the list’s');
    await edit(id, 'Plain walk');
    await expectOffered('edit', 'the decoy’s');
    await expectWordsOfPublicLists();
  });

  it('keeps a word that a public list has, whatever becomes of the private and public lists beside it', async () => {
    const count = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select coalesce(sum(public_count), 0)::int as n from search_words where word = 'zqsharemark'`,
        )
      ).rows[0]!.n;
    const first = await create('Zqsharemark one');
    const hidden = await create('Zqsharemark two', { visibility: 'private' });
    const third = await create('Zqsharemark three');
    await create('Zqsharemarking walk');
    expect(await count()).toBe(2);
    await setVisibility(third, 'private');
    expect(await count()).toBe(1);
    expect(await correctedTo('zqsharemarq')).toBe('zqsharemark');
    await remove(hidden);
    expect(await correctedTo('zqsharemarq')).toBe('zqsharemark');
    await setVisibility(first, 'private');
    expect(await count()).toBe(0);
    expect(await correctedTo('zqsharemarq')).toBe('zqsharemarking');
    await expectWordsOfPublicLists();
  });
});

describe("Best match's flag for words typed whole", () => {
  const carried = async (typed: string) => {
    // The count first, as the client asks for it: the page then comes with it, reads the words (a
    // search of more matches than the cap plans its tiers with them), and its cursor carries them.
    expect((await t.agent().request(`/api/checklists/count?q=${typed}&order=best`)).status).toBe(200);
    const page = await browse(`?q=${typed}&order=best`);
    expect(page.nextCursor).not.toBeNull();
    const [payload] = page.nextCursor!.split('.') as [string];
    const cursor = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as BrowseCursor;
    if (cursor.o !== 'best' || !cursor.q) throw new Error('A Best match cursor carries its words');
    return { isTypedWhole: cursor.q.x, total: page.total };
  };

  it('does not change when a private or unlisted list has the word, and does when a public one has it', async () => {
    await insertNumberedLists(t.db, owner.id, 'Zqflagging trip', SEARCH_COUNT_CAP + 1);
    expect(await carried('zqflag')).toEqual({ isTypedWhole: false, total: SEARCH_COUNT_CAP });
    await makeChecklist(t.db, owner.id, { title: 'Zqflag secret', isPublic: false });
    expect(await carried('zqflag')).toEqual({ isTypedWhole: false, total: SEARCH_COUNT_CAP });
    await create('Hidden', { visibility: 'unlisted', tags: ['zqflag'] });
    expect(await carried('zqflag')).toEqual({ isTypedWhole: false, total: SEARCH_COUNT_CAP });
    await create('Zqflag open');
    expect(await carried('zqflag')).toEqual({ isTypedWhole: true, total: SEARCH_COUNT_CAP });
  });
});

describe('the word counts', () => {
  it('do not make public lists with a word in common, written at the same moment, wait on one another', async () => {
    await withSessionsInTwoSlots(databaseUrl, async (first, second) => {
      // The words are known already: two sessions adding the same new word to the lexicon
      // (search_lexemes) do wait for each other, and so do two lists with a tag in common (tag_counts).
      await makeChecklist(t.db, owner.id, { title: 'Zqcommon trip held open' });
      await first.transaction(async (tx) => {
        await makeChecklist(tx, owner.id, { title: 'Zqcommon trip held open' });
        // With one row per word this insert waits for the first transaction, and times out.
        await makeChecklist(second, owner.id, { title: 'Zqcommon trip held open' });
      });
    });
    expect(await correctedTo('zqcommom')).toBe('zqcommon');
    await expectWordsOfPublicLists();
  });
});

describe('the word table', () => {
  it('is right after the demo seed and a re-seed, which replaces the demo users and their lists', async () => {
    const { db } = await createTestDatabase();
    const logger = pino({ level: 'silent' });
    await seedIfEmpty(db, logger);
    await expectWordsOfPublicLists(db);
    expect(Number((await db.execute(sql`select count(*) as n from search_words`)).rows[0]!.n)).toBeGreaterThan(20);
    await seedDemoContent(db, logger);
    await expectWordsOfPublicLists(db);
  });
});
