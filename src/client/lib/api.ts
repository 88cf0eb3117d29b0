import type { z } from 'zod';
import { apiErrorSchema, UNEXPECTED_MESSAGE, type ApiErrorBody } from '@/domain/api-error';

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

type RequestOptions = { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal };

/** Calls our API and parses the answer with the domain schema that describes it. */
export async function apiRequest<T extends z.ZodType>(
  path: string,
  schema: T,
  options: RequestOptions = {},
): Promise<z.infer<T>> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'same-origin',
    signal: options.signal,
  });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(payload);
    throw new ApiError(response.status, parsed.success ? parsed.data : { message: UNEXPECTED_MESSAGE });
  }
  return schema.parse(payload);
}

export function errorMessage(error: unknown, fallback: string = UNEXPECTED_MESSAGE): string {
  if (error instanceof ApiError) return error.body.message;
  return fallback;
}
