import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { browsePageSchema } from '../../src/domain/checklists/browse';
import { createUser, makeChecklist } from '../../src/server/seed/factories';
import { addWordFormLists, daysAgo, setUpBrowseTests, titles } from '../setup/browse-fixtures';
import { signedInAgent } from '../setup/sign-in';
import { filters } from '../../src/server/browse/filters';
import { hideThing, restoreThing } from '../../src/server/moderation/holds';

// What a search's words find (decision 018): the forms of a word, accents either way, the nearest
// spelling when nothing matches, and a word being typed as the lexemes it begins (decision 034).

const { t, author, browse, rows, statements, pageTiers } = setUpBrowseTests();

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
  const prefixQuery = async (...words: string[]) =>
    (
      await rows<{ query: string | null }>(
        sql`select ticklist_search_query(${sql.param(words)}::text[], true)::text as query`,
      )
    )[0]!.query;
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
    // None, nor the word's stem: no query, since the word can find nothing.
    expect(await prefixQuery('qqxzv')).toBeNull();
    expect(await prefixQuery('zyq', 'qqxzv')).toBeNull();
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
    expect(await prefixQuery('gorzend')).toBeNull(); // in no document yet
    await edit(unclosed, { title: 'Plain four', items: ['<b gorzend'] });
    expect(await found('gorz')).toContain('Plain four');
  });

  it('never shows, in a page or its cursor, a word that only a private list has', async () => {
    for (let index = 0; index < 13; index++) {
      await makeChecklist(t.db, author.id, { title: `Hunting trip ${index}`, createdAt: daysAgo(40 + index) });
    }
    await makeChecklist(t.db, author.id, { title: 'Mine', items: ['Huntersecretword'], isPublic: false });
    // Not even named: the lexicon holds public lists' lexemes only (see below).
    expect(await prefixQuery('hunt')).not.toContain('huntersecretword');
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

describe('the lexicon: the lexemes of public lists, and a word no public list has', () => {
  // Whether the words can find a list: their prefixes' tsquery is NULL when one can find none.
  const finds = async (...words: string[]) =>
    (
      await rows<{ finds: boolean }>(
        sql`select ticklist_search_query(${sql.param(words)}::text[], true) is not null as finds`,
      )
    )[0]!.finds;
  const named = async (word: string) =>
    (
      await rows<{ query: string | null }>(
        sql`select ticklist_search_query(array[${word}]::text[], true)::text as query`,
      )
    )[0]!.query;
  const found = async (word: string) => titles(await browse(`?q=${word}&order=newest`));

  it('takes a list’s lexemes while it is public: created, published, or written while public; never taken away', async () => {
    const owner = await createUser(t.db, { username: 'lexicon_owner' });
    const asOwner = await signedInAgent(t, owner);
    const input = { description: 'Plain', items: ['One'], tags: [], estimatedTime: '30 minutes', difficulty: 'easy' };
    const create = async (title: string, visibility: string) => {
      const response = await asOwner.post('/api/checklists', { ...input, title, visibility });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const setVisibility = async (id: string, visibility: string) =>
      expect(
        (await asOwner.request(`/api/checklists/${id}/visibility`, { method: 'PATCH', json: { visibility } })).status,
      ).toBe(200);
    // Private and unlisted lists' words are not in it, whichever way they were written.
    const hidden = await create('Plain hidden', 'private');
    await asOwner.request(`/api/checklists/${hidden}`, {
      method: 'PUT',
      json: { ...input, title: 'Vurmtrek plan', items: ['Pack the vurmbag'], tags: ['vurmtag'], visibility: 'private' },
    });
    await create('Vurmcoat list', 'unlisted');
    for (const word of ['vurm', 'vurmtrek', 'vurmbag', 'vurmtag', 'vurmcoat']) expect(await finds(word)).toBe(false);
    expect(await named('vurm')).toBeNull();
    // Published: its words are in, named and found.
    await setVisibility(hidden, 'public');
    expect(await finds('vurmtrek')).toBe(true);
    expect(await finds('vurmb')).toBe(true);
    expect(await named('vurm')).toBe("'vurmbag' | 'vurmtag' | 'vurmtrek'");
    expect(await found('vurm')).toEqual(['Vurmtrek plan']);
    // Made private again: the words stay, and find nothing.
    await setVisibility(hidden, 'private');
    expect(await finds('vurmtrek')).toBe(true);
    expect(await found('vurm')).toEqual([]);
    // A public list's new words, from its title or its entries.
    const open = await create('Vurmopen', 'public');
    expect(await finds('vurmopen')).toBe(true);
    await asOwner.request(`/api/checklists/${open}`, {
      method: 'PUT',
      json: { ...input, title: 'Vurmopen', items: ['Check the vurmlid'], visibility: 'public' },
    });
    expect(await finds('vurmlid')).toBe(true);
    expect(await finds('vurmcoat')).toBe(false);
    // An edit that publishes a list and takes an entry and a tag away: only what it saves goes in.
    const edited = await create('Plain edited', 'private');
    await asOwner.request(`/api/checklists/${edited}`, {
      method: 'PUT',
      json: { ...input, title: 'Plain edited', items: ['Vurmgone'], tags: ['vurmhat'], visibility: 'private' },
    });
    const published = await asOwner.request(`/api/checklists/${edited}`, {
      method: 'PUT',
      json: { ...input, title: 'Vurmkept plan', items: ['Vurmstays'], tags: [], visibility: 'public' },
    });
    expect(published.status).toBe(200);
    expect(await finds('vurmkept')).toBe(true);
    expect(await finds('vurmstays')).toBe(true);
    expect(await finds('vurmgone')).toBe(false);
    expect(await finds('vurmhat')).toBe(false);
    // Published together: every list's words.
    const first = await create('Vurmfirst list', 'private');
    const second = await create('Vurmsecond list', 'private');
    const bulk = await asOwner.post('/api/checklists/bulk-visibility', { ids: [first, second], isPublic: true });
    expect(bulk.status).toBe(200);
    expect(await finds('vurmfirst')).toBe(true);
    expect(await finds('vurmsecond')).toBe(true);
  });

  it('takes a clone’s lexemes when it is public: not while it stays unlisted as its original, then once published', async () => {
    const owner = await createUser(t.db, { username: 'lexicon_unlisted' });
    const cloner = await createUser(t.db, { username: 'lexicon_cloner' });
    const asCloner = await signedInAgent(t, cloner);
    const original = await makeChecklist(t.db, owner.id, {
      title: 'Vurmlink plan',
      items: ['Pack the vurmrope'],
      visibility: 'unlisted',
    });
    const response = await asCloner.post(`/api/checklists/${original.id}/clone`, {});
    expect(response.status).toBe(201);
    const clone = ((await response.json()) as { id: string }).id;
    expect(await finds('vurmlink')).toBe(false);
    expect(await finds('vurmrope')).toBe(false);
    const published = await asCloner.request(`/api/checklists/${clone}/visibility`, {
      method: 'PATCH',
      json: { visibility: 'public' },
    });
    expect(published.status).toBe(200);
    expect(await finds('vurmlink')).toBe(true);
    expect(await finds('vurmrope')).toBe(true);
    expect(await found('vurmrope')).toEqual(['Vurmlink plan']);
  });

  it('leaves out what a held list’s author writes while it is hidden, until it is restored', async () => {
    const owner = await createUser(t.db, { username: 'lexicon_held' });
    const asOwner = await signedInAgent(t, owner);
    const list = await makeChecklist(t.db, owner.id, { title: 'Plain held', items: ['One'] });
    expect(await hideThing(t.db, 'checklist', list.id, 'Spam')).toBe(true);
    const edited = await asOwner.request(`/api/checklists/${list.id}`, {
      method: 'PUT',
      json: {
        title: 'Vurmhush plan',
        description: 'Plain',
        items: ['Vurmquiet'],
        tags: [],
        estimatedTime: '30 minutes',
        difficulty: 'easy',
        visibility: 'public',
      },
    });
    expect(edited.status).toBe(200);
    expect(await finds('vurmhush')).toBe(false);
    expect(await finds('vurmquiet')).toBe(false);
    expect(await restoreThing(t.db, 'checklist', list.id)).toBe(true);
    expect(await finds('vurmhush')).toBe(true);
    expect(await finds('vurmquiet')).toBe(true);
    expect(await found('vurmquiet')).toEqual(['Vurmhush plan']);
  });

  it('finds nothing, reading no list, for a word no public list has; its forms and other words still count', async () => {
    await makeChecklist(t.db, author.id, { title: 'Moving the yonderharps', items: ['Ask the Café'] });
    expect(await finds('yonderharp')).toBe(true); // "yonderharp" is a lexeme: the word's stem
    expect(await finds('moved')).toBe(true); // its stem, "move", is one
    expect(await finds('yonderh')).toBe(true); // the start of one
    expect(await finds('YONDERHARPS', 'CAFE', 'café')).toBe(true); // case and accents either way
    expect(await finds('yonderharp', 'qzxwvjk')).toBe(false);
    expect(await finds('qzxwvjk')).toBe(false);
    // Nothing left of the words (a quote; a lone accent): an empty search, which finds nothing.
    expect(await finds("'", '')).toBe(false);
    expect(await finds('\u0301')).toBe(false);
    // The typed words' page and count plan their match as false, and read no list.
    const plan = await rows<{ 'QUERY PLAN': string }>(
      sql`explain select 1 from checklists c where ${filters({ tag: '' }, sql`${sql.param(['yonderharp', 'qzxwvjk'])}::text[]`)}`,
    );
    expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toMatch(/One-Time Filter: false/);
    // Best match reads the words, and then no tier (the words' statement holds the tiers, but gives
    // them no words when one can find nothing).
    statements.length = 0;
    const page = await browse('?q=qzxwvjk%20yonderharp&order=best');
    expect(page.checklists).toEqual([]);
    expect(pageTiers()).toEqual([]);
    expect(await browse('?q=yonderharp&order=best')).toMatchObject({ total: 1 });
  });
});
