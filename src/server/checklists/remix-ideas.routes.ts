import { createRoute } from '@hono/zod-openapi';
import { remixIdeaInputSchema, remixIdeasSchema } from '@/domain/checklists/remix-ideas';
import { z } from '@hono/zod-openapi';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  idParams,
  jsonBody,
  jsonContent,
  notFound,
  okSchema,
  perUser,
  rateLimited,
  refusal,
  signedInAndLimited,
  writeRoute,
} from '../http';
import { adoptRemixIdea, dismissRemixIdea } from './remix-ideas.actions';
import { findRemixIdeas } from './remix-ideas.queries';
import { ownsVersions } from './versions.queries';

const ideaWrite = <const P extends string, S extends z.ZodType>(path: P, summary: string, answer: S) =>
  writeRoute('remixIdea', {
    method: 'post',
    path,
    summary,
    request: { params: idParams, ...jsonBody(remixIdeaInputSchema) },
    responses: { 200: jsonContent(answer, 'Done') },
  });

const route = {
  list: createRoute({
    method: 'get',
    path: '/{id}/ideas',
    ...signedInAndLimited(perUser('versionHistoryPerUser')),
    summary: 'Ideas from remixes: items that several people added to public clones of one’s list',
    request: { params: idParams },
    responses: {
      200: jsonContent(remixIdeasSchema, 'The ideas'),
      401: commonErrors[401],
      404: commonErrors[404],
      ...rateLimited,
    },
  }),
  adopt: ideaWrite('/{id}/ideas/adopt', 'Add an idea from remixes to one’s list', z.object({ content: z.string() })),
  dismiss: ideaWrite('/{id}/ideas/dismiss', 'Stop offering an idea from remixes', okSchema),
};

export function remixIdeasRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(route.list, async (c) => {
      const { id } = c.req.valid('param');
      if (!(await ownsVersions(db, id, c.var.user.id))) return notFound(c);
      return c.json({ ideas: await findRemixIdeas(db, id, c.var.user.id) }, 200);
    })
    .openapi(route.adopt, async (c) => {
      const outcome = await adoptRemixIdea(db, c.req.valid('param').id, c.var.user.id, c.req.valid('json').idea);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome);
    })
    .openapi(route.dismiss, async (c) => {
      const outcome = await dismissRemixIdea(db, c.req.valid('param').id, c.var.user.id, c.req.valid('json').idea);
      return outcome.ok ? c.json({ ok: true as const }, 200) : refusal(c, outcome);
    });
}
