import { encodeCursor } from '../../src/domain/paging';

/**
 * Inputs an attacker would send instead of a cursor or a time: what tests/api/input-fuzz.test.ts
 * sends to every paged endpoint. Every case here is one the server must refuse (none of them is a
 * real time, a real id, or a cursor the server could have made), so the test expects 400 for each.
 * The random cases come from a seeded generator: the same cases on every run, so a failure can be
 * replayed, and a bounded number of them, so the file stays quick.
 */

export type Random = () => number;
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/** A real id and a real time of the cursors' form: the cases change one thing of these. */
export const VALID_ID = '3f0c3b8e-4a5e-4b7a-9a0e-1c2d3e4f5a6b';
export const VALID_TIME = '2026-01-02T03:04:05.123456Z';

type TimeParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };
const pad = (value: number, width: number) => String(value).padStart(width, '0');
export const timeText = (parts: TimeParts, fraction = '123456', zone = 'Z') =>
  `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}T${pad(parts.hour, 2)}:${pad(parts.minute, 2)}:` +
  `${pad(parts.second, 2)}.${fraction}${zone}`;
const base: TimeParts = { year: 2026, month: 1, day: 2, hour: 3, minute: 4, second: 5 };
const at = (changes: Partial<TimeParts>) => timeText({ ...base, ...changes });
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Valid times at the edges of what a cursor may hold: the server must take these (200). */
export const EDGE_TIMES = [
  at({ year: 2024, month: 2, day: 29 }),
  timeText({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 }, '000000'),
  timeText({ year: 9999, month: 12, day: 31, hour: 23, minute: 59, second: 59 }, '999999'),
];

const FIXED_BAD_TIMES = [
  '9999-99-99T99:99:99.999999Z',
  at({ year: 0 }),
  at({ year: 99999 }),
  at({ year: 1969, month: 12, day: 31 }),
  at({ month: 0 }),
  at({ month: 13 }),
  at({ day: 0 }),
  at({ day: 32 }),
  at({ month: 4, day: 31 }),
  at({ month: 2, day: 29 }), // 2026 is not a leap year
  at({ year: 2100, month: 2, day: 29 }), // nor is 2100
  at({ hour: 24 }),
  at({ minute: 60 }),
  at({ second: 60 }),
  timeText(base, '1234567'),
  timeText(base, ''),
  timeText(base, '123456', ''),
  timeText(base, '123456', '+25:00'),
  VALID_TIME.replace('T', ' '),
  VALID_TIME.toLowerCase(),
  `-${VALID_TIME}`,
  `+${VALID_TIME}`,
  ` ${VALID_TIME}`,
  `${VALID_TIME}\n`,
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'today',
  '２０２６-０１-０２T０３:０４:０５.１２３４５６Z',
  '٢٠٢٦-٠١-٠٢T٠٣:٠٤:٠٥.١٢٣٤٥٦Z',
  '2026-01-02T03:04:05.12345🙂',
  '2026-01-02T03:04:05.123456Z'.repeat(40),
];

/** A time of the right shape with one field (sometimes two) out of its range. */
function randomBadTime(random: Random): string {
  const parts = { ...base, year: between(random, 1970, 9999), day: between(random, 1, 28) };
  const breakOne = (): void => {
    const field = pick(random, ['year', 'month', 'day', 'hour', 'minute', 'second'] as const);
    if (field === 'year') parts.year = pick(random, [0, between(random, 1, 1969), between(random, 10_000, 99_999)]);
    if (field === 'month') parts.month = pick(random, [0, between(random, 13, 99)]);
    if (field === 'day') parts.day = pick(random, [0, between(random, daysIn(parts.year, parts.month) + 1, 99)]);
    if (field === 'hour') parts.hour = between(random, 24, 99);
    if (field === 'minute') parts.minute = between(random, 60, 99);
    if (field === 'second') parts.second = between(random, 60, 99);
  };
  breakOne();
  if (random() < 0.3) breakOne();
  return timeText(parts);
}

export function badTimes(random: Random, count: number): string[] {
  return [...FIXED_BAD_TIMES, ...Array.from({ length: count }, () => randomBadTime(random))];
}

const FIXED_BAD_IDS = [
  '',
  'abc',
  'not-a-uuid',
  'gggggggg-gggg-gggg-gggg-gggggggggggg',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '00000000-0000-0000-0000-00000000000g',
  VALID_ID.slice(0, -1),
  `${VALID_ID}0`,
  VALID_ID.replaceAll('-', ''),
  `{${VALID_ID}}`,
  VALID_ID.replaceAll('-', '‐'),
  '３f0c3b8e-4a5e-4b7a-9a0e-1c2d3e4f5a6b',
  `${VALID_ID} `,
  "' or 1=1 --",
  'a'.repeat(2000),
];

/** An id of the uuid's shape with one character that is no hex digit, or cut short. */
function randomBadId(random: Random): string {
  const at = between(random, 0, VALID_ID.length - 1);
  if (random() < 0.3) return VALID_ID.slice(0, at);
  const char = pick(random, ['g', 'x', 'Z', '-', ' ', '~', '"', 'é', '٣', '\u0000']);
  return VALID_ID.slice(0, at) + char + VALID_ID.slice(at + 1);
}

export function badIds(random: Random, count: number): string[] {
  return [...FIXED_BAD_IDS, ...Array.from({ length: count }, () => randomBadId(random))];
}

/** Newest-first cursors (`<time>~<id>`) with a bad time, a bad id, or a bad shape. */
export function badNewestFirstCursors(random: Random, count: number): string[] {
  return [
    ...badTimes(random, count).map((time) => `${time}~${VALID_ID}`),
    ...badIds(random, Math.ceil(count / 2)).map((id) => `${VALID_TIME}~${id}`),
    '',
    '~',
    '~~',
    `${VALID_TIME}~`,
    `~${VALID_ID}`,
    `${VALID_TIME}${VALID_ID}`,
    `${VALID_TIME}~~${VALID_ID}`,
    `${VALID_TIME}~${VALID_ID}~`,
    `${VALID_TIME}~${VALID_ID}~${VALID_ID}`,
    `${VALID_ID}~${VALID_TIME}`,
    '日本~語',
    '\u0000',
    `${VALID_TIME}~${VALID_ID}`.repeat(60),
    encodeCursor([VALID_TIME, VALID_ID]),
  ];
}

/** JSON values that are no count PostgreSQL's `int` holds, or no number at all. */
const BAD_COUNTS: unknown[] = [-1, 1.5, 2 ** 31, 2 ** 53, 1e308, '5', null, true, [], {}];
const BAD_TEXTS: unknown[] = ['\u0000', 'a\u0000b', 'x'.repeat(5000), 42, null, ['a'], {}];
const WRONG_TYPES: unknown[] = [123, null, true, [], {}, [VALID_TIME], { t: VALID_TIME }];

/** What one position of a cursor's key holds: the cases replace it with a value it must not. */
export type KeyPart = 'count' | 'text' | 'time' | 'id';

/**
 * Keys of the form `parts` (e.g. ['count', 'time', 'id'] for Most Used) that are each wrong in
 * one place (sometimes two), and keys of the wrong length or type altogether.
 */
export function badKeys(random: Random, parts: readonly KeyPart[], count: number): unknown[] {
  const good: Record<KeyPart, unknown> = { count: 3, text: 'banana', time: VALID_TIME, id: VALID_ID };
  const times = badTimes(random, count);
  const ids = badIds(random, Math.ceil(count / 2));
  const badFor: Record<KeyPart, unknown[]> = {
    count: BAD_COUNTS,
    text: BAD_TEXTS,
    time: [...times, ...WRONG_TYPES],
    id: [...ids, ...WRONG_TYPES],
  };
  const valid = parts.map((part) => good[part]);
  // Every bad value of every position once, then random keys wrong in one or two places.
  const each = parts.flatMap((part, index) =>
    badFor[part].map((value) => valid.map((kept, at) => (at === index ? value : kept))),
  );
  const randomKeys = Array.from({ length: count }, () => {
    const key = [...valid];
    const places = random() < 0.3 ? 2 : 1;
    for (let n = 0; n < places; n++) {
      const index = between(random, 0, parts.length - 1);
      key[index] = pick(random, badFor[parts[index]!]);
    }
    return key;
  });
  return [...each, ...randomKeys, [], valid.slice(1), [...valid, VALID_ID], null, {}, 'key', 7];
}

const toBase64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Texts of a JSON cursor's shape that hold no JSON, or JSON no encoder writes (NaN, 1e999). */
export function badCursorTexts(parts: readonly KeyPart[]): string[] {
  const raw = [
    'not json',
    '{',
    '[',
    '"',
    '\u0000',
    `[NaN,"${VALID_TIME}","${VALID_ID}"]`,
    `[Infinity,"${VALID_TIME}","${VALID_ID}"]`,
    `[1e999,"${VALID_TIME}","${VALID_ID}"]`,
    `[-1e999,"${VALID_TIME}","${VALID_ID}"]`,
    `{"k":[${parts.map(() => '1e999').join(',')}]}`,
  ];
  return [
    ...raw.map(toBase64Url),
    'abc',
    'a',
    '====',
    '!!!!',
    '_w',
    '%%%',
    '日本語',
    '🙂🙂🙂',
    VALID_TIME,
    `${VALID_TIME}~${VALID_ID}`,
    'A'.repeat(5000),
  ];
}
