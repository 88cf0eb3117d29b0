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

/** The page's rows and the cursor of the next page (null when this one is the last). */
export function takePage<Row extends { cursor_time: string; id: string }>(
  rows: Row[],
  limit: number,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? `${last.cursor_time}~${last.id}` : null };
}
