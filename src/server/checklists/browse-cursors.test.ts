import { describe, expect, it } from 'vitest';
import { browseQuerySchema, type BrowseCursor } from '@/domain/checklists/browse';
import { createBrowseCursors } from './browse-cursors';

const query = (params: Record<string, string>) => browseQuerySchema.parse(params);
const cursor: BrowseCursor = {
  o: 'best',
  k: [2, '2026-01-01T10:00:00.123456+00:00', '00000000-0000-4000-8000-000000000000'],
  s: { t: 1000, c: true, f: ['camping'], m: true },
};

describe('Browse cursors', () => {
  const cursors = createBrowseCursors('a-secret-that-is-long-enough-0123456789');
  const search = query({ q: 'campng', tag: 'outdoors' });

  it('read back what they carry, for the search they were made for', () => {
    expect(cursors.decode(cursors.encode(cursor, search), search)).toEqual(cursor);
  });

  it('are refused when signed with another secret, or sent with another search, tag or order', () => {
    const text = cursors.encode(cursor, search);
    expect(createBrowseCursors('another-secret-that-is-long-enough-0123').decode(text, search)).toBeNull();
    expect(cursors.decode(text, query({ q: 'camping', tag: 'outdoors' }))).toBeNull();
    expect(cursors.decode(text, query({ q: 'campng' }))).toBeNull();
    expect(cursors.decode(text, query({ q: 'campng', tag: 'outdoors', order: 'newest' }))).toBeNull();
  });

  it('are refused when their text is changed, cut or padded', () => {
    const text = cursors.encode(cursor, search);
    const [payload, signature] = text.split('.') as [string, string];
    for (const changed of [
      payload,
      `${payload}.`,
      `.${signature}`,
      `${payload}.${signature}.x`,
      `x${text}`,
      `${text}x`,
    ]) {
      expect(cursors.decode(changed, search)).toBeNull();
    }
  });
});
