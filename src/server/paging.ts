import { sql, type SQL } from 'drizzle-orm';

/**
 * Newest-first keyset pages (the cursor's form is in `@/domain/paging`). A query selects
 * `cursorTime(<its time>) as cursor_time`, filters with `before()`, orders by its time and id
 * descending, fetches `limit + 1` rows and hands them to `takePage`.
 */
export const cursorTime = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows after the cursor, in (time, id) descending order; true without one. */
export function before(cursor: string | undefined, time: SQL, id: SQL): SQL {
  if (!cursor) return sql`true`;
  const [cursorAt, cursorId] = cursor.split('~');
  return sql`(${time}, ${id}) < (${cursorAt}::timestamptz, ${cursorId}::uuid)`;
}

/**
 * A page cut from `rows`, which a query fetched `limit + 1` of to learn whether another page follows:
 * its first `limit` rows, and the next page's cursor, made by `cursorOf` from the last row shown
 * (null when this page is the last). Any keyset order: `cursorOf` writes that order's cursor.
 */
export function cutPage<Row>(
  rows: Row[],
  limit: number,
  cursorOf: (last: Row) => string,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}

/** A newest-first page's rows and the cursor of the next page (null when this one is the last). */
export function takePage<Row extends { cursor_time: string; id: string }>(
  rows: Row[],
  limit: number,
): { rows: Row[]; nextCursor: string | null } {
  return cutPage(rows, limit, (last) => `${last.cursor_time}~${last.id}`);
}
