import { z, type RouteConfig } from '@hono/zod-openapi';
import { itemSuggestionsInputSchema, itemSuggestionsSchema } from '@/domain/checklists/item-suggestions';
import { remixIdeaInputSchema, remixIdeasSchema } from '@/domain/checklists/remix-ideas';
import {
  upstreamMessages,
  upstreamReviewInputSchema,
  upstreamReviewResultSchema,
  upstreamSchema,
} from '@/domain/checklists/upstream-review';
import {
  restoredVersionSchema,
  versionEntriesSchema,
  versionMessages,
  versionPageQuerySchema,
  versionPageSchema,
  versionParamsSchema,
} from '@/domain/checklists/version-history';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  idParams,
  jsonBody,
  jsonContent,
  notFound,
  okSchema,
  perUserLimitedRoute,
  refusal,
  writeRoute,
} from '../http';
import { suggestItems } from './item-suggestions.queries';
import { adoptRemixIdea, dismissRemixIdea } from './remix-ideas.actions';
import { findRemixIdeas } from './remix-ideas.queries';
import { reviewUpstream } from './upstream.actions';
import { findUpstreamReview } from './upstream.queries';
import { restoreVersion } from './versions.actions';
import { listVersions, readOwnVersionEntries } from './versions.queries';

// A living list's author's tools: its versions, what its original changed (for a clone), the ideas
// from its remixes, and suggestions while it is written. What a list's author alone may read is
// not found for anyone else, as a private thing is.

/**
 * A read of the author's own list: signed in, a person opens a few pages a minute (one limit for
 * all of them), 404 for anyone but the author.
 */
const authorRead = <const P extends string, const R extends RouteConfig['request'], S extends z.ZodType>(
  path: P,
  summary: string,
  request: R,
  answer: S,
) =>
  perUserLimitedRoute('versionHistoryPerUser', {
    method: 'get',
    path,
    summary,
    request,
    responses: { 200: jsonContent(answer, 'Found'), 404: commonErrors[404] },
  });

/** A write of the author's own list: its quota, the list and a JSON body or none. */
const authorWrite = <const P extends string, const R extends RouteConfig['request'], S extends z.ZodType>(
  quota: Parameters<typeof writeRoute>[0],
  path: P,
  summary: string,
  request: R,
  answer: S,
) => writeRoute(quota, { method: 'post', path, summary, request, responses: { 200: jsonContent(answer, 'Done') } });

const route = {
  versions: authorRead(
    '/{id}/versions',
    'The author’s versions of their checklist, newest first, 20 a page (pass nextCursor as before)',
    { params: idParams, query: versionPageQuerySchema },
    versionPageSchema,
  ),
  version: authorRead(
    '/{id}/versions/{number}',
    'One version’s items, headings and notes (the author’s own checklist only)',
    { params: versionParamsSchema },
    versionEntriesSchema,
  ),
  restore: authorWrite(
    'restoreVersion',
    '/{id}/versions/{number}/restore',
    'Restore a version of one’s checklist: its entries become that version’s, saved as a new version',
    { params: versionParamsSchema },
    restoredVersionSchema,
  ),
  upstream: authorRead(
    '/{id}/upstream',
    'What the original of one’s clone changed since it was last reviewed, each change three ways',
    { params: idParams },
    upstreamSchema,
  ),
  review: authorWrite(
    'reviewUpstream',
    '/{id}/upstream/review',
    'Apply the accepted changes of the original to one’s clone; the others are marked as seen',
    { params: idParams, ...jsonBody(upstreamReviewInputSchema) },
    upstreamReviewResultSchema,
  ),
  ideas: authorRead(
    '/{id}/ideas',
    'Ideas from remixes: items that several people added to public clones of one’s list',
    { params: idParams },
    remixIdeasSchema,
  ),
  adopt: authorWrite(
    'remixIdea',
    '/{id}/ideas/adopt',
    'Add an idea from remixes to one’s list',
    { params: idParams, ...jsonBody(remixIdeaInputSchema) },
    z.object({ content: z.string() }),
  ),
  dismiss: authorWrite(
    'remixIdea',
    '/{id}/ideas/dismiss',
    'Stop offering an idea from remixes',
    { params: idParams, ...jsonBody(remixIdeaInputSchema) },
    okSchema,
  ),
  suggestions: perUserLimitedRoute('itemSuggestionsPerUser', {
    method: 'post',
    path: '/suggestions',
    summary: 'Items that public lists like the one being written commonly have and it lacks (nothing is saved)',
    request: jsonBody(itemSuggestionsInputSchema),
    responses: { 200: jsonContent(itemSuggestionsSchema, 'Up to eight suggestions') },
  }),
};

export function livingListsRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(route.versions, async (c) => {
      const page = await listVersions(db, c.req.valid('param').id, c.var.user.id, c.req.valid('query'));
      return page ? c.json(page, 200) : notFound(c);
    })
    .openapi(route.version, async (c) => {
      const { id, number } = c.req.valid('param');
      const version = await readOwnVersionEntries(db, id, c.var.user.id, number);
      if (version === 'not_theirs') return notFound(c);
      if (!version) return notFound(c, versionMessages.notFound);
      const entries = version.entries.map(({ kind, content, note }) => ({ kind, content, note }));
      return c.json({ number, entries }, 200);
    })
    .openapi(route.restore, async (c) => {
      const { id, number } = c.req.valid('param');
      const outcome = await restoreVersion(db, id, c.var.user.id, number);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, versionMessages.notFound);
    })
    .openapi(route.upstream, async (c) => {
      const review = await findUpstreamReview(db, c.req.valid('param').id, c.var.user.id);
      return review ? c.json(review, 200) : notFound(c);
    })
    .openapi(route.review, async (c) => {
      const outcome = await reviewUpstream(db, c.req.valid('param').id, c.var.user.id, c.req.valid('json'));
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, upstreamMessages.notFound);
    })
    .openapi(route.ideas, async (c) => {
      const ideas = await findRemixIdeas(db, c.req.valid('param').id, c.var.user.id);
      return ideas ? c.json({ ideas }, 200) : notFound(c);
    })
    .openapi(route.adopt, async (c) => {
      const outcome = await adoptRemixIdea(db, c.req.valid('param').id, c.var.user.id, c.req.valid('json').idea);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome);
    })
    .openapi(route.dismiss, async (c) => {
      const outcome = await dismissRemixIdea(db, c.req.valid('param').id, c.var.user.id, c.req.valid('json').idea);
      return outcome.ok ? c.json({ ok: true as const }, 200) : refusal(c, outcome);
    })
    .openapi(route.suggestions, async (c) => {
      return c.json({ suggestions: await suggestItems(db, c.req.valid('json')) }, 200);
    });
}
