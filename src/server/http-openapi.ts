import { z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { apiErrorSchema } from '@/domain/api-error';
import { checklistMessages } from '@/domain/checklists/checklist-view';
import type { WriteOutcome } from './outcome';
import type { AppEnv } from './http';

// Small builders so each route declaration reads as what it takes and answers.

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});
export const errorContent = (description: string) => jsonContent(apiErrorSchema, description);
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
export const idParams = z.object({ id: z.string() });

/** The usual error answers of a route that changes something. */
export const commonErrors = {
  400: errorContent('Invalid input, or an action the rules refuse'),
  401: errorContent('Not signed in'),
  403: errorContent('Not yours'),
  404: errorContent('Not found, or private and not yours'),
} satisfies RouteConfig['responses'];

export const notSignedInBody = { message: 'Auth session missing!', code: 'unauthorized' };

/** The signed-in user's id, or null (the caller answers 401). */
export async function userIdOf(c: Context<AppEnv>): Promise<string | null> {
  return (await c.var.currentUser())?.id ?? null;
}

/** Turns a refused write into its answer: 404 for missing (or private), 403 or 400 with the rule's message. */
export function refusal(
  c: Context<AppEnv>,
  outcome: Exclude<WriteOutcome<unknown>, { ok: true }>,
  notFoundMessage: string = checklistMessages.notFound,
) {
  if (outcome.reason === 'not_found') return c.json({ message: notFoundMessage, code: 'not_found' }, 404);
  return c.json({ message: outcome.message, code: outcome.reason }, outcome.reason === 'forbidden' ? 403 : 400);
}
