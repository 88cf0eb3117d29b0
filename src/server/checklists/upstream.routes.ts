import { createRoute } from '@hono/zod-openapi';
import {
  upstreamMessages,
  upstreamReviewInputSchema,
  upstreamReviewResultSchema,
  upstreamSchema,
} from '@/domain/checklists/upstream-review';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  idParams,
  jsonBody,
  jsonContent,
  notFound,
  perUser,
  rateLimited,
  refusal,
  signedInAndLimited,
  writeRoute,
} from '../http';
import { reviewUpstream } from './upstream.actions';
import { findUpstreamReview } from './upstream.queries';
import { ownsVersions } from './versions.queries';

const route = {
  read: createRoute({
    method: 'get',
    path: '/{id}/upstream',
    ...signedInAndLimited(perUser('versionHistoryPerUser')),
    summary: 'What the original of one’s clone changed since it was last reviewed, each change three ways',
    request: { params: idParams },
    responses: {
      200: jsonContent(upstreamSchema, 'The changes to review (null: none)'),
      401: commonErrors[401],
      404: commonErrors[404],
      ...rateLimited,
    },
  }),
  review: writeRoute('reviewUpstream', {
    method: 'post',
    path: '/{id}/upstream/review',
    summary: 'Apply the accepted changes of the original to one’s clone; the others are marked as seen',
    request: { params: idParams, ...jsonBody(upstreamReviewInputSchema) },
    responses: { 200: jsonContent(upstreamReviewResultSchema, 'Applied') },
  }),
};

export function upstreamRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(route.read, async (c) => {
      const { id } = c.req.valid('param');
      if (!(await ownsVersions(db, id, c.var.user.id))) return notFound(c);
      return c.json({ upstream: await findUpstreamReview(db, id, c.var.user.id) }, 200);
    })
    .openapi(route.review, async (c) => {
      const outcome = await reviewUpstream(db, c.req.valid('param').id, c.var.user.id, c.req.valid('json'));
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, upstreamMessages.notFound);
    });
}
