import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '@/domain/api-error';

/** The SQLSTATE of a failed query (Drizzle wraps the driver's error as its cause). */
export function databaseErrorCode(error: unknown): string | undefined {
  const withCode = (value: unknown) =>
    value && typeof value === 'object' && 'code' in value ? String(value.code) : undefined;
  return withCode((error as { cause?: unknown } | null)?.cause) ?? withCode(error);
}

/**
 * Races the database settled for us (a row deleted meanwhile, a deadlock) and text Postgres cannot
 * store get clear answers instead of a 500. Anything else is not ours to explain (null).
 */
export function answerForDatabaseError(error: unknown): { status: ContentfulStatusCode; body: ApiErrorBody } | null {
  switch (databaseErrorCode(error)) {
    case '23503':
      return { status: 404, body: { message: 'Not found', code: 'not_found' } };
    case '40P01':
    case '40001':
      return { status: 503, body: { message: 'The server was busy. Please try again.', code: 'retry' } };
    case '22021':
    case '22P05':
      return {
        status: 400,
        body: { message: 'The text contains characters that cannot be stored.', code: 'invalid_input' },
      };
    default:
      return null;
  }
}
