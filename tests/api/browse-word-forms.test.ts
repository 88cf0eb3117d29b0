import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { browsePageSchema } from '../../src/domain/checklists/browse';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { addWordFormLists, daysAgo, setUpBrowseTests, titles } from '../setup/browse-fixtures';
import { signedInAgent } from '../setup/sign-in';

// What a search's words find (decision 018): the forms of a word, accents either way, the nearest
// spelling when nothing matches, and a word being typed as the lexemes it begins (decision 034).

const { t, author, browse, rows } = setUpBrowseTests();

describe('matching words', () => {
  beforeAll(async () => {
    await addWordFormLists(t.db, author);
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
