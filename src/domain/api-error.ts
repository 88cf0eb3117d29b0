import { z } from 'zod';

/** The body of every error response of the API. `message` is ready to show to the user. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  reasons: z.array(z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The words of an error that has no message of its own (a response the client cannot read). */
export const UNEXPECTED_MESSAGE = 'An unexpected error occurred';

/** The response's words while the service cannot reach its database (503 `unavailable`). */
export const UNAVAILABLE_MESSAGE = 'Ticklist is briefly unavailable. Please try again in a moment.';

export const messageSchema = z.object({ message: z.string() });

/** The response of a write that has nothing more to say. */
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * The words for a write refused by a rate limit, from its Retry-After (seconds), rounded
 * up to whole minutes (at least one), or to hours past an hour.
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait =
    minutes <= 60 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : `${Math.ceil(minutes / 60)} hours`;
  return `You're doing that too often. Try again in ${wait}.`;
}
