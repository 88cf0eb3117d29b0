import { toast } from '@/client/lib/toast';
import type { z } from 'zod';
import { apiErrorSchema, rateLimitedMessage, UNEXPECTED_MESSAGE, type ApiErrorBody } from '@/domain/api-error';

/** An error answer of our API, with the message ready to show. */
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
 * queries, answered in-process (entry-server.tsx, decision 025).
 */
export function sendApiRequestsWith(sender: Send): void {
  send = sender;
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal };

/** Calls our API and parses the answer with the domain schema that describes it. */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  const response = await send(path, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    const body = parsed.success ? parsed.data : { message: UNEXPECTED_MESSAGE };
    // A rate limit's refusal says how long to wait (issue 9), whichever screen made the request.
    const retryAfter = Number(response.headers.get('Retry-After'));
    if (response.status === 429 && retryAfter > 0) body.message = rateLimitedMessage(retryAfter);
    throw new ApiError(response.status, body);
  }
  return schema.parse(payload);
}

/** A refusal by a rate limit: the mutation cache already showed it in a toast (query-client.ts). */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** A failed write as an error toast, unless it was a rate limit's refusal, which is shown already. */
export function toastFailure(error: unknown, fallback: string): void {
  if (!isRateLimited(error)) toast.error(errorMessage(error, fallback));
}

export function errorMessage(error: unknown, fallback: string = UNEXPECTED_MESSAGE): string {
  if (error instanceof ApiError) return error.body.message;
  return fallback;
}
