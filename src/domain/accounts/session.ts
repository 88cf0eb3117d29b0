import { z } from 'zod';

/**
 * What `GET /api/auth/get-session` (Better Auth) answers: the signed-in user, or null for a
 * visitor. Only the fields the app reads; the rest of Better Auth's answer is dropped.
 */
export const sessionAnswerSchema = z.object({ user: z.object({ id: z.string(), email: z.string() }) }).nullable();
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
