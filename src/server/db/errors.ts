import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { UNAVAILABLE_MESSAGE, type ApiErrorBody } from '@/domain/api-error';

/** The errors a failed query carries along its causes (Drizzle and Better Auth wrap the driver's). */
function* causes(error: unknown): Generator<object> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE (or the socket's error code) of a failed query, wherever it is wrapped. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (const cause of causes(error)) if ('code' in cause && cause.code) return String(cause.code);
  return undefined;
}

// Class 08 (connection exception) and 57P01–57P03 (shut down, crashed, starting up) in SQLSTATE
// terms, and the socket errors of a server that is not there.
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
// pg's own errors for a lost connection or a pool that waited too long carry no code.
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error',
];

/** The database cannot be reached now (stopped, restarting, failing over, or not responding). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    const code = 'code' in cause ? String(cause.code) : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    const message = 'message' in cause ? String(cause.message) : '';
    if (UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}

/** How long a client should wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

export type DatabaseErrorResponse = { status: ContentfulStatusCode; body: ApiErrorBody; retryAfterS?: number };

/** The response while the database is away. */
export const unavailableResponse = {
  status: 503,
  body: { message: UNAVAILABLE_MESSAGE, code: 'unavailable' },
  retryAfterS: UNAVAILABLE_RETRY_AFTER_S,
} as const satisfies DatabaseErrorResponse;

/**
 * The response to input PostgreSQL refused as data. SQLSTATE class 22, data exception, is a value
 * PostgreSQL cannot take as its type (22007 invalid datetime format, 22008 datetime field
 * overflow, 22P02 invalid text representation, 22003 numeric value out of range, ...). Every such
 * value comes from a request, whose schema should have refused it first (cursors and times are
 * checked by value in `@/domain/paging`); one that slips through is still the client's mistake,
 * not the server's: a 400, not a 500.
 */
/**
 * The data exceptions a cast of a request's value raises. Others of class 22 (a division by zero, a
 * counter past its type) are the server's own faults and stay 500s, logged as errors.
 */
const INPUT_CAST_CODES = new Set(['22007', '22008', '22P02', '22003', '22001']);

export const invalidInputResponse = {
  status: 400,
  body: { message: 'Invalid input.', code: 'invalid_input' },
} as const satisfies DatabaseErrorResponse;

/**
 * Races the database settled for us (a row deleted meanwhile, a deadlock), input Postgres cannot
 * take (text it cannot store, a value not of its type), and a database that is away get clear
 * responses instead of a 500. Anything else is not ours to explain (null).
 */
export function responseForDatabaseError(error: unknown): DatabaseErrorResponse | null {
  if (isDatabaseUnavailable(error)) return unavailableResponse;
  const code = databaseErrorCode(error);
  switch (code) {
    case '23503':
      return { status: 404, body: { message: 'Not found', code: 'not_found' } };
    case '40P01':
    case '40001':
      return {
        status: 503,
        body: { message: 'The server was busy. Please try again.', code: 'retry' },
        retryAfterS: 1,
      };
    case '22021':
    case '22P05':
      return {
        status: 400,
        body: { message: 'The text contains characters that cannot be stored.', code: 'invalid_input' },
      };
    default:
      return code && INPUT_CAST_CODES.has(code) ? invalidInputResponse : null;
  }
}
