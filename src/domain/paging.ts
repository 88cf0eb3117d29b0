import { z } from 'zod';

// A plain string, not a read of `pagingMessages`: a property read at a module's top level counts
// as a side effect to the bundler, which would then keep this module, and zod, in every page that
// imports a module importing it (vite.config.ts).
const INVALID_CURSOR = 'Invalid cursor.';
export const pagingMessages = { invalidCursor: INVALID_CURSOR } as const;

/**
 * The years a cursor's time may name. Every row a page is cut at was written by this app, long
 * after 1970, and a cursor's year has four digits. PostgreSQL would read far more (4713 BC to
 * 294276 AD) and refuses some of it with an error (year 0), so a cursor is held to this sane range
 * instead: anything outside it is no cursor the server made.
 */
export const CURSOR_YEARS = { min: 1970, max: 9999 } as const;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

// ISO 8601 as the server writes times: ASCII digits only (`\d` without the `u` flag), up to
// microseconds, in UTC ("Z") or at an offset.
const timestampPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Whether `text` is a real moment: a year in `CURSOR_YEARS`, a month from 1 to 12, a day that
 * month has (29 February only in a leap year), an hour to 23, a minute and a second to 59 (no leap
 * second: PostgreSQL would roll one over into the next minute) and an offset to ±15:59, as
 * PostgreSQL's own. A cursor is checked by value, not only by shape: a shape such as
 * 2026-13-45T99:99:99 reaches PostgreSQL as a cast that fails.
 */
export function isRealTimestamp(text: string): boolean {
  const match = timestampPattern.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  return (
    year >= CURSOR_YEARS.min &&
    year <= CURSOR_YEARS.max &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

/** A time to the microsecond in UTC, as `cursorTime()` in server/paging.ts writes it. */
const cursorTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** A uuid as PostgreSQL writes one: lowercase hex digits, 8-4-4-4-12. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const invalid = { error: INVALID_CURSOR };
/** A cursor's time as the server writes it (`2026-11-23T10:00:00.123456Z`), and a real one. */
export const cursorTimeSchema = z.string().regex(cursorTimePattern, invalid).refine(isRealTimestamp, invalid);
/** A time in any of ISO 8601's forms the server writes (PostgreSQL's JSON too), and a real one. */
export const timestampSchema = z.string().max(40, invalid).refine(isRealTimestamp, invalid);
/** A row's id in a cursor. */
export const cursorIdSchema = z.string().regex(uuidPattern, invalid);
/** A count in a cursor (uses, likes): a whole number, never negative, that PostgreSQL's `int` holds. */
export const cursorCountSchema = z.number(invalid).int(invalid).min(0, invalid).max(2_147_483_647, invalid);
/**
 * Text in a cursor (a title, a search word): `min` to `max` characters, and no NUL, which
 * PostgreSQL's text cannot hold. Another module marks its calls `@__PURE__` and chains nothing onto
 * the result at its top level: the bundler knows only calls of `z` to be free of
 * side effects (vite.config.ts), and would otherwise keep zod in every page importing that module.
 */
/* @__NO_SIDE_EFFECTS__ */
export function cursorTextSchema(max: number, min = 0) {
  return z
    .string(invalid)
    .min(min, invalid)
    .max(max, invalid)
    .refine((text) => !text.includes('\0'), invalid);
}

/**
 * Newest-first pages by keyset (decision 022: every list endpoint has a bounded page). The cursor
 * is the last row's time, to the microsecond in UTC, and its id: `2026-11-23T10:00:00.123456Z~<uuid>`.
 * A row added or removed meanwhile neither repeats nor skips one.
 */
export function isNewestFirstCursor(text: string): boolean {
  const [time = '', id = '', ...rest] = text.split('~');
  return rest.length === 0 && cursorTimePattern.test(time) && isRealTimestamp(time) && uuidPattern.test(id);
}
/** The cursor's shape, which the API's documentation shows; `isNewestFirstCursor` checks its values. */
const newestFirstCursorPattern =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const newestFirstCursorSchema = z
  .string()
  .regex(newestFirstCursorPattern, invalid)
  .refine(isNewestFirstCursor, invalid);

/** A page's `limit` in a query string: a whole number from 1 to `max`, `size` when absent. */
/* @__NO_SIDE_EFFECTS__ */
export function pageLimitSchema(size: number, max: number) {
  return z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(size);
}

/** `before` (the previous page's `nextCursor`) and `limit`, from 1 to `max`, `size` by default. */
/* @__NO_SIDE_EFFECTS__ */
export function newestFirstPageQuery(size: number, max: number) {
  return z.object(newestFirstPageFields(size, max));
}

/** The fields of `newestFirstPageQuery`, for a query schema that has others too. */
/* @__NO_SIDE_EFFECTS__ */
export function newestFirstPageFields(size: number, max: number) {
  return { before: newestFirstCursorSchema.optional(), limit: pageLimitSchema(size, max) };
}

/** Where the next page starts; null on the last page. */
export const nextCursorSchema = z.string().nullable();

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const fromBase64Url = (text: string) =>
  new TextDecoder().decode(
    Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0)),
  );

/**
 * Cursors of pages sorted by other keys than time (Browse, My Lists): the last row's sort key as
 * JSON in base64url, opaque to the client. `decodeCursor` gives null for anything not of `schema`,
 * whose fields check each value (`cursorTimeSchema`, `cursorIdSchema`, `cursorCountSchema`, ...),
 * not only its type: every one of them reaches PostgreSQL as a parameter.
 */
export function encodeCursor(value: unknown): string {
  return toBase64Url(JSON.stringify(value));
}

export function decodeCursor<Schema extends z.ZodType>(text: string, schema: Schema): z.infer<Schema> | null {
  try {
    const cursor = schema.safeParse(JSON.parse(fromBase64Url(text)));
    return cursor.success ? cursor.data : null;
  } catch {
    return null;
  }
}
