import { z } from 'zod';

/**
 * Newest-first pages by keyset (issue 9: every list endpoint has a bounded page). The cursor is
 * the last row's time, to the microsecond in UTC, and its id: `2026-11-23T10:00:00.123456Z~<uuid>`.
 * A row added or removed meanwhile neither repeats nor skips one.
 */
const newestFirstCursorPattern =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const pagingMessages = { invalidCursor: 'Invalid cursor.' } as const;

/** `before` (the previous page's `nextCursor`) and `limit`, from 1 to `max`, `size` by default. */
export function newestFirstPageQuery(size: number, max: number) {
  return z.object({
    before: z.string().regex(newestFirstCursorPattern, pagingMessages.invalidCursor).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(max, `limit must be at most ${max}`)
      .default(size),
  });
}

/** Where the next page starts; null on the last page. */
export const nextCursorSchema = z.string().nullable();
