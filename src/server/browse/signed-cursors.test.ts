import { describe, expect, it } from 'vitest';
import { BROWSE_CURSOR_MAX_LENGTH, browseQuerySchema, type BrowseCursor } from '@/domain/checklists/browse';
import { createBrowseCursors, SEARCH_STATE_MS } from './signed-cursors';

const SECRET = 'a-secret-that-is-long-enough-0123456789';
const query = (params: Record<string, string>) => browseQuerySchema.parse(params);
const k = [2, '2026-01-01T10:00:00.123456+00:00', '00000000-0000-4000-8000-000000000000'] as [number, string, string];
const cursor: BrowseCursor = {
  o: 'best',
  k,
  s: { t: 1000, c: true, f: ['camping'], m: true, g: false },
  q: { w: "'camping'", p: "'camping':*", x: true },
};
const search = query({ q: 'campng', tag: 'outdoors' });

describe('Browse cursors', () => {
  const cursors = createBrowseCursors(SECRET);
  const text = cursors.encode(cursor, search)!;

  it('read back what they carry, for the search they were made for', () => {
    expect(text).toMatch(/^[\w-]+\.\d+\.[\w-]{22}$/);
    expect(cursors.decode(text, search)).toEqual(cursor);
  });

  it('are refused when signed with another secret, or sent with another search, tag or order', () => {
    expect(createBrowseCursors('another-secret-that-is-long-enough-0123').decode(text, search)).toBeNull();
    expect(cursors.decode(text, query({ q: 'camping', tag: 'outdoors' }))).toBeNull();
    expect(cursors.decode(text, query({ q: 'campng' }))).toBeNull();
    expect(cursors.decode(text, query({ q: 'campng', tag: 'outdoors', order: 'newest' }))).toBeNull();
  });

  it('are refused when their text is changed, cut, padded or spelt another way', () => {
    const [payload, minute, signature] = text.split('.') as [string, string, string];
    // Base64url's last character of 22 carries 4 bits the decoding drops: another letter there
    // decodes to the same bytes, and is still not the signature as written.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const index = alphabet.indexOf(signature.at(-1)!);
    const respelt = `${signature.slice(0, 21)}${alphabet[(index & 0b110000) | ((index + 1) & 0b001111)]}`;
    expect(respelt).not.toBe(signature);
    expect(Buffer.from(respelt, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    for (const changed of [
      `${payload}.${signature}`,
      `${payload}.${Number(minute) + 1}.${signature}`,
      `${payload}.${minute}.${signature}=`,
      `${payload}.${minute}.${respelt}`,
      `${payload}.${minute}.${signature}.x`,
      `x${text}`,
      `${text}x`,
      ` ${text}`,
    ]) {
      expect(cursors.decode(changed, search), changed).toBeNull();
    }
  });

  it('drop what a search counted, and its words, once older than SEARCH_STATE_MS, and still page', () => {
    let clock = Date.parse('2026-11-26T10:00:00Z');
    const timed = createBrowseCursors(SECRET, () => clock);
    const made = timed.encode(cursor, search)!;
    clock += SEARCH_STATE_MS - 60_000;
    expect(timed.decode(made, search)).toEqual(cursor);
    clock += 2 * 60_000;
    expect(timed.decode(made, search)).toEqual({ o: 'best', k });
  });

  it('are not made, nor read, past BROWSE_CURSOR_MAX_LENGTH characters', () => {
    const long = { ...cursor, s: { ...cursor.s!, f: Array.from({ length: 8 }, () => 'ж'.repeat(100)) } };
    expect(cursors.encode(long, search)).toBeNull();
    expect(cursors.decode(`${text}${'A'.repeat(BROWSE_CURSOR_MAX_LENGTH)}`, search)).toBeNull();
  });
});
