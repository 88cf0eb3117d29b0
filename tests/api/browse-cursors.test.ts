import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSE_CURSOR_MAX_LENGTH, browseCursorMessages, type BrowseCursor } from '../../src/domain/checklists/browse';
import { makeChecklist } from '../../src/server/seed/factories';
import { daysAgo, insertNumberedLists, setUpBrowseTests, signedCursor, titles } from '../setup/browse-fixtures';

// A search's later pages (decision 018): their signed cursor carries what the first page counted,
// and in Best match the words' query, so they count nothing again; a cursor a client changed is
// refused.

const { t, author, statements, browse, countOf } = setUpBrowseTests();

/**
 * A search's first page with its count: counted first, as the client's count request does after a
 * first page sent without it (decision 054), so the page comes with the count and its cursor carries it.
 */
async function countedFirstPage(query: string) {
  await countOf(query);
  return browse(query);
}

describe('a search’s later pages', () => {
  beforeAll(async () => {
    for (let index = 0; index < 14; index++) {
      await makeChecklist(t.db, author.id, { title: `Narwhal tour ${index}`, createdAt: daysAgo(40 + index) });
    }
  });
  // The count of a search's matches (countMatches) starts so; a card's own counts are other statements.
  const counts = () => statements.filter((statement) => /^\s*with found as/.test(statement));

  it('say what the first page counted, without counting again: one statement in a listing order', async () => {
    const first = await countedFirstPage('?q=narwhal&order=newest');
    expect(first.total).toBe(14);
    // Published meanwhile, older than every other: it is on the next page, but not in its count.
    await makeChecklist(t.db, author.id, { title: 'Narwhal tour late', createdAt: daysAgo(100) });
    statements.length = 0;
    const second = await browse(`?q=narwhal&order=newest&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(statements).toHaveLength(1);
    expect(counts()).toEqual([]);
    expect(second.total).toBe(14);
    expect(titles(second)).toEqual(['Narwhal tour 12', 'Narwhal tour 13', 'Narwhal tour late']);
    // A new search counts afresh.
    expect((await countOf('?q=narwhal&order=newest')).total).toBe(15);
  });

  it('in Best match, only the page’s reads: a search of few matches needs no words from its cursor', async () => {
    const first = await countedFirstPage('?q=narwhal&order=best');
    const [payload] = first.nextCursor!.split('.') as [string];
    const carried = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as BrowseCursor;
    // Its pages make the words' queries themselves (decision 036), so neither the count nor the
    // first page read them, and the cursor carries none.
    expect(carried).toMatchObject({ o: 'best', s: { t: first.total, m: false } });
    expect(carried).not.toHaveProperty('q');
    statements.length = 0;
    const second = await browse(`?q=narwhal&order=best&cursor=${encodeURIComponent(first.nextCursor!)}`);
    // A search of at most the cap reads all its tiers in one statement (decision 036).
    expect(statements).toHaveLength(1);
    expect(statements.every((statement) => /^\s*with picked as/.test(statement))).toBe(true);
    expect(second.total).toBe(first.total);
    const shown = [...titles(first), ...titles(second)];
    expect(new Set(shown).size).toBe(first.total);
    // Words the cursor carries are the server's: added, they are refused like any changed cursor.
    const [, minute, signature] = first.nextCursor!.split('.') as [string, string, string];
    const changed = Buffer.from(JSON.stringify({ ...carried, q: { w: "'walrus'", x: true } }));
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
    // More matches than the cap, so the page's tiers are planned with the words' queries, which the
    // first page reads and its cursor carries.
    await insertNumberedLists(t.db, author.id, words.join(' '), 1005, 10);
    const search = `?q=${words.join('+')}&order=best`;
    const first = await countedFirstPage(search);
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    const [payload] = first.nextCursor!.split('.') as [string];
    const carried = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as BrowseCursor;
    expect(carried.s).toMatchObject({ t: 1000, m: true });
    expect(carried).toHaveProperty('q');
    // Not the prefixes' tsquery, which may name lexemes only private lists have (decision 034).
    expect(carried.o === 'best' && carried.q).not.toHaveProperty('p');
    expect(first.nextCursor!.length).toBeLessThanOrEqual(BROWSE_CURSOR_MAX_LENGTH);
    statements.length = 0;
    const second = await browse(`${search}&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(counts()).toEqual([]);
    expect(statements.every((statement) => /^\s*with picked as/.test(statement))).toBe(true);
    expect(new Set([...titles(first), ...titles(second)]).size).toBe(24);
    // The same page from a cursor without them (one too long to carry them, or made before cursors
    // did): the words are read in a statement of their own, and the page is the same.
    const { q: _words, ...withoutWords } = carried as BrowseCursor & { q?: unknown };
    statements.length = 0;
    const again = await browse(
      `${search}&cursor=${encodeURIComponent(signedCursor(withoutWords as BrowseCursor, { q: words.join(' '), order: 'best' }))}`,
    );
    expect(statements.filter((statement) => !/^\s*with picked as/.test(statement))).toHaveLength(1);
    expect(titles(again)).toEqual(titles(second));
  });

  it('keep the words searched for instead of a misspelt one, and Best match reads its tiers with them', async () => {
    // The first page, before its count, is the corrected words' and names them; so does the count.
    const first = await browse('?q=narwhl');
    expect(first).toMatchObject({ searchedFor: 'narwhal', total: null });
    const count = await countOf('?q=narwhl');
    expect(count.searchedFor).toBe('narwhal');
    statements.length = 0;
    const second = await browse(`?q=narwhl&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(counts()).toEqual([]);
    // The number of changes, which says that the count the client asked for holds, then the page's
    // reads alone: a search of few matches makes its words' queries in its page (decision 036).
    const [generation, ...reads] = statements;
    expect(generation).toMatch(/ as generation$/);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((statement) => /^\s*with picked as/.test(statement))).toBe(true);
    expect(second.searchedFor).toBe('narwhal');
    expect(second.total).toBe(count.total);
    const shown = [...titles(first), ...titles(second)];
    expect(new Set(shown).size).toBe(count.total);
    expect(shown.every((title) => title.startsWith('Narwhal tour'))).toBe(true);
  });

  it('refuse a cursor a client changed, or sent with another search, tag or order', async () => {
    const cursor = (await countedFirstPage('?q=narwhal&order=newest')).nextCursor!;
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
    const first = await countedFirstPage('?q=narwhal&order=newest');
    const [payload] = first.nextCursor!.split('.') as [string];
    const { s: carried, ...withoutCount } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      s: unknown;
    } & BrowseCursor;
    expect(carried).toBeDefined();
    const cursor = signedCursor(withoutCount as BrowseCursor, { q: 'narwhal', order: 'newest' });
    // Published meanwhile: what the server cached of the first page's count no longer holds either.
    await makeChecklist(t.db, author.id, { title: 'Narwhal tour later', createdAt: daysAgo(101) });
    statements.length = 0;
    const second = await browse(`?q=narwhal&order=newest&cursor=${encodeURIComponent(cursor)}`);
    expect(counts()).toHaveLength(1);
    expect(second.total).toBe(16);
  });
});
