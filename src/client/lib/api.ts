import type { z } from 'zod';
import { toast } from '@/client/lib/toast';
import { rateLimitedMessage, UNEXPECTED_MESSAGE, type ApiErrorBody } from '@/domain/api-error';
import { offlineMessages } from '@/domain/offline-messages';

/** An error response of our API, with the message ready to show. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
}

type Send = (path: string, init: RequestInit) => Promise<Response>;

let send: Send = (path, init) => fetch(path, init);

/**
 * Where the API requests go: the network, unless the server renders a page with these same
 * queries, responded to in-process (entry-server.tsx, decision 025).
 */
export function sendApiRequestsWith(sender: Send): void {
  send = sender;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Reads what the body does not carry (a header) off the response before its body is read. */
  onResponse?: (response: Response) => void;
  /** The request outlives its page: a navigation or a closed tab does not cancel it. */
  keepalive?: boolean;
};

/**
 * Calls our API, whose response the domain schema `Schema` describes: `apiRequest<typeof likeStateSchema>(...)`.
 * The schema is named by its type only. Parsing the response again in the browser would put zod in
 * every page's first load; the API tests parse every response with its schema instead
 * (decisions 003 and 019).
 */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  options: RequestOptions = {},
): Promise<z.output<Schema>> {
  const method = options.method ?? 'GET';
  // A write made offline is not attempted: every screen shows the same words for it, from
  // errorMessage, and a form keeps what was typed as it does for any failure. (Progress changes
  // never come here offline: they wait in the device's queue.)
  if (method !== 'GET' && isOffline()) {
    throw new ApiError(0, { message: offlineMessages.writeNeedsConnection, code: OFFLINE_CODE });
  }
  const response = await send(path, {
    method,
    headers: options.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
    keepalive: options.keepalive,
  });
  options.onResponse?.(response);
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = readErrorBody(payload);
    // A rate limit's refusal says how long to wait, whichever screen made the request.
    const retryAfter = Number(response.headers.get('Retry-After'));
    if (response.status === 429 && retryAfter > 0) body.message = rateLimitedMessage(retryAfter);
    throw new ApiError(response.status, body);
  }
  return payload as z.output<Schema>;
}

/** The code of the error a write made offline fails with, before any request. */
export const OFFLINE_CODE = 'offline';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The body of an error response when it has the shape of `apiErrorSchema` (src/domain/api-error.ts),
 * else the generic message for an unexpected error (not JSON, a proxy's page, another shape).
 */
export function readErrorBody(payload: unknown): ApiErrorBody {
  if (!isRecord(payload)) return { message: UNEXPECTED_MESSAGE };
  const { message, code, fieldErrors, reasons } = payload;
  const isShaped =
    typeof message === 'string' &&
    (code === undefined || typeof code === 'string') &&
    (fieldErrors === undefined || (isRecord(fieldErrors) && Object.values(fieldErrors).every(isString))) &&
    (reasons === undefined || (Array.isArray(reasons) && reasons.every(isString)));
  if (!isShaped) return { message: UNEXPECTED_MESSAGE };
  return {
    message,
    ...(code !== undefined && { code }),
    ...(fieldErrors !== undefined && { fieldErrors: fieldErrors as Record<string, string> }),
    ...(reasons !== undefined && { reasons: reasons as string[] }),
  };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A refusal by a rate limit: the mutation cache already showed it in a toast (query-client.ts). */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** A response that the thing asked for does not exist, or is not the asker's to see. */
export function isNotFound(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

/** A write not attempted because the browser is offline: the mutation cache already said so in a toast. */
export function isOfflineFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && error.body.code === OFFLINE_CODE;
}

/** A failed write as an error toast, unless a rate limit refused it or it needed a connection: both are shown already. */
export function toastFailure(error: unknown, fallback: string): void {
  if (!isRateLimited(error) && !isOfflineFailure(error)) toast.error(errorMessage(error, fallback));
}

/**
 * The words a failed request shows, in its toast and inline alike: the server's own words for a
 * refusal (invalid input, not yours, over a quota, briefly unavailable), else `fallback`. A failure
 * has no words of its own when no response came (the network) or the response only says that
 * something went wrong: a 500, or a response that is not the API's (both read as UNEXPECTED_MESSAGE).
 */
export function errorMessage(error: unknown, fallback: string = UNEXPECTED_MESSAGE): string {
  if (error instanceof ApiError && error.body.message !== UNEXPECTED_MESSAGE) return error.body.message;
  return fallback;
}
