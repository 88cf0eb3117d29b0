import { z } from 'zod';

/**
 * What `GET /api/auth/get-session` (Better Auth) responds with: the signed-in user, or null for a
 * visitor. Only the fields the app reads; the rest of Better Auth's response is dropped.
 */
export const sessionResponseSchema = z.object({ user: z.object({ id: z.string(), email: z.string() }) }).nullable();
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
