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
/* @__NO_SIDE_EFFECTS__ */
export function newestFirstPageQuery(size: number, max: number) {
  return z.object(newestFirstPageFields(size, max));
}

/** The fields of `newestFirstPageQuery`, for a query schema that has others too. */
/* @__NO_SIDE_EFFECTS__ */
export function newestFirstPageFields(size: number, max: number) {
  return {
    before: z.string().regex(newestFirstCursorPattern, pagingMessages.invalidCursor).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(max, `limit must be at most ${max}`)
      .default(size),
  };
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
 * JSON in base64url, opaque to the client. `decodeCursor` gives null for anything not of `schema`.
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
