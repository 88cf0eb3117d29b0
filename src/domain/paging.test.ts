import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CURSOR_YEARS,
  cursorCountSchema,
  cursorIdSchema,
  cursorTextSchema,
  cursorTimeSchema,
  decodeCursor,
  encodeCursor,
  isNewestFirstCursor,
  isRealTimestamp,
  newestFirstPageQuery,
  pagingMessages,
  timestampSchema,
} from './paging';

const id = '3f0c3b8e-4a5e-4b7a-9a0e-1c2d3e4f5a6b';

describe('a real time', () => {
  it.each([
    '2026-11-23T10:00:00.123456Z',
    '2024-02-29T00:00:00.000000Z', // a leap year
    '2000-02-29T12:00:00Z', // so is a year divisible by 400
    '1970-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999999Z',
    '2026-04-30T23:59:59+00:00',
    '2026-01-01T10:00:00.5+05:30',
    '2026-01-01T10:00:00-15:59',
  ])('takes %s', (text) => {
    expect(isRealTimestamp(text)).toBe(true);
  });

  it.each([
    ['month 0 and 13', ['2026-00-10T10:00:00Z', '2026-13-10T10:00:00Z']],
    ['day 0, 32, and 31 in a 30-day month', ['2026-01-00T10:00:00Z', '2026-01-32T10:00:00Z', '2026-04-31T10:00:00Z']],
    [
      '29 February of a year that is not leap',
      ['2026-02-29T10:00:00Z', '1900-02-29T10:00:00Z', '2100-02-29T10:00:00Z'],
    ],
    ['hour 24, minute 60, second 60', ['2026-01-01T24:00:00Z', '2026-01-01T10:60:00Z', '2026-01-01T10:00:60Z']],
    ['every field out of range', ['9999-99-99T99:99:99.999999Z']],
    ['an offset past ±15:59', ['2026-01-01T10:00:00+16:00', '2026-01-01T10:00:00+05:60']],
    ['years outside 1970..9999', ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '99999-01-01T00:00:00Z']],
    ['a fraction past microseconds, or none after the dot', ['2026-01-01T10:00:00.1234567Z', '2026-01-01T10:00:00.Z']],
    ['no zone, or a lowercase one', ['2026-01-01T10:00:00', '2026-01-01t10:00:00z']],
    ['words PostgreSQL would take', ['infinity', 'epoch', 'now', 'today']],
    ['digits that are not ASCII', ['２０２６-０１-０１T１０:００:００Z', '٢٠٢٦-٠١-٠١T١٠:٠٠:٠٠Z']],
    ['anything around it', [' 2026-01-01T10:00:00Z', '2026-01-01T10:00:00Z\n', '2026-01-01 10:00:00Z', '']],
  ])('refuses %s', (_, texts) => {
    for (const text of texts) expect(isRealTimestamp(text), text).toBe(false);
  });

  it('holds cursors to the years 1970 to 9999', () => {
    expect(CURSOR_YEARS).toEqual({ min: 1970, max: 9999 });
  });

  it('cursorTimeSchema takes only the form the server writes, to the microsecond in UTC', () => {
    expect(cursorTimeSchema.safeParse('2026-11-23T10:00:00.123456Z').success).toBe(true);
    expect(cursorTimeSchema.safeParse('2026-11-23T10:00:00Z').success).toBe(false);
    expect(cursorTimeSchema.safeParse('2026-11-23T10:00:00.123456+00:00').success).toBe(false);
    expect(cursorTimeSchema.safeParse('2026-02-29T10:00:00.123456Z').success).toBe(false);
    expect(timestampSchema.safeParse('2026-11-23T10:00:00.12+00:00').success).toBe(true);
    expect(timestampSchema.safeParse('2026-11-31T10:00:00+00:00').success).toBe(false);
  });
});

describe('a newest-first cursor', () => {
  it('is a real time to the microsecond in UTC, a tilde and a uuid', () => {
    expect(isNewestFirstCursor(`2026-11-23T10:00:00.123456Z~${id}`)).toBe(true);
    expect(isNewestFirstCursor(`2024-02-29T23:59:59.999999Z~${id}`)).toBe(true);
  });

  it.each([
    `9999-99-99T99:99:99.999999Z~00000000-0000-0000-0000-000000000000`,
    `2026-13-45T10:00:00.000000Z~${id}`,
    `2026-02-29T10:00:00.000000Z~${id}`,
    `0000-01-01T00:00:00.000000Z~${id}`,
    `2026-11-23T10:00:00.123456Z~not-a-uuid`,
    `2026-11-23T10:00:00.123456Z~gggggggg-gggg-gggg-gggg-gggggggggggg`,
    `2026-11-23T10:00:00.123456Z~${id.toUpperCase()}`,
    `2026-11-23T10:00:00.123456Z~${id.slice(0, -1)}`,
    `2026-11-23T10:00:00.123456Z~${id}~`,
    `2026-11-23T10:00:00.123456Z~~${id}`,
    `~${id}`,
    '2026-11-23T10:00:00.123456Z~',
    '~',
    '',
  ])('refuses %j', (cursor) => {
    expect(isNewestFirstCursor(cursor)).toBe(false);
  });

  it('is refused by the page query with "Invalid cursor."', () => {
    const query = newestFirstPageQuery(20, 50);
    expect(query.parse({ before: `2026-11-23T10:00:00.123456Z~${id}` }).before).toBe(
      `2026-11-23T10:00:00.123456Z~${id}`,
    );
    for (const before of [`2026-13-45T10:00:00.000000Z~${id}`, 'x'.repeat(5000)]) {
      const result = query.safeParse({ before });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(pagingMessages.invalidCursor);
    }
  });
});

describe('the parts of a JSON cursor', () => {
  it('an id is a uuid as PostgreSQL writes it', () => {
    expect(cursorIdSchema.safeParse(id).success).toBe(true);
    for (const bad of [id.toUpperCase(), `{${id}}`, id.replaceAll('-', ''), 'x', 42])
      expect(cursorIdSchema.safeParse(bad).success).toBe(false);
  });

  it("a count is a whole number from 0 to PostgreSQL int's largest", () => {
    for (const good of [0, 7, 2_147_483_647]) expect(cursorCountSchema.safeParse(good).success).toBe(true);
    for (const bad of [-1, 1.5, 2 ** 31, 2 ** 53, 1e308, Infinity, Number.NaN, '5', null])
      expect(cursorCountSchema.safeParse(bad).success).toBe(false);
  });

  it('text has no NUL and is not too long', () => {
    const text = cursorTextSchema(10);
    expect(text.safeParse('banana').success).toBe(true);
    for (const bad of ['a\u0000b', 'x'.repeat(11), 3]) expect(text.safeParse(bad).success).toBe(false);
  });

  it('decodeCursor gives null for a field wrong by value, and for text that is no JSON', () => {
    const schema = z.tuple([cursorCountSchema, cursorTimeSchema, cursorIdSchema]);
    expect(decodeCursor(encodeCursor([3, '2026-01-02T03:04:05.123456Z', id]), schema)).toEqual([
      3,
      '2026-01-02T03:04:05.123456Z',
      id,
    ]);
    const wrong = [
      [3, '2026-13-45T03:04:05.123456Z', id],
      [3, 'yesterday', id],
      [2 ** 40, '2026-01-02T03:04:05.123456Z', id],
      [3, '2026-01-02T03:04:05.123456Z', 'not-a-uuid'],
    ];
    for (const key of wrong) expect(decodeCursor(encodeCursor(key), schema)).toBeNull();
    const raw = (text: string) => Buffer.from(text).toString('base64url');
    for (const text of [
      raw('not json'),
      raw(`[1e999,"2026-01-02T03:04:05.123456Z","${id}"]`),
      raw('[NaN]'),
      '!!!',
      'a',
    ])
      expect(decodeCursor(text, schema)).toBeNull();
  });
});
