import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  casePageSchema,
  caseSnapshotResponseSchema,
  casesPageQuerySchema,
  emptyActionSchema,
  hideInputSchema,
  queueMessages,
  staffPickListSchema,
  suspendInputSchema,
} from '@/domain/moderation/queue';
import { canModerate, type Role } from '@/domain/moderation/roles';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  errorContent,
  idParams,
  jsonBody,
  jsonContent,
  notFound,
  okContent,
  perUser,
  rateLimited,
  requireUser,
  type SessionUser,
} from '../http';
import type { Mailer } from '../mail/mailer';
import {
  deleteCaseComment,
  dismissCase,
  hideCase,
  restoreCase,
  suspendCaseOwner,
  unsuspendByUsername,
  unsuspendCaseOwner,
  type Moderator,
  type QueueOutcome,
} from './queue.actions';
import { findCaseSnapshot, listOpenCases, listStaffPicks } from './queue.queries';
import { requireRole } from './roles';
import { suspensionMail } from './suspension-mail';

// The moderators' queue under /api/moderation: moderators and admins only (read from the database
// on every request); a visitor gets 401, anyone else 404, as if it were not there.

export type QueueRoutesDeps = { db: Database; mailer: Mailer };

const errors = {
  ...commonErrors,
  404: errorContent('Not a moderator, or no such case or user'),
  409: errorContent('The case was already decided, or its thing no longer exists'),
  ...rateLimited,
} satisfies RouteConfig['responses'];

const caseAction = <const P extends string, B extends z.ZodType>(path: P, summary: string, body: B) => ({
  method: 'post' as const,
  path,
  summary,
  request: { params: idParams, ...jsonBody(body) },
  responses: { 200: okContent('Done'), ...errors },
});

/** 200 `{ ok: true }` for a decision made, else its refusal with its message. */
const respond = (c: Context, outcome: QueueOutcome<unknown>) =>
  outcome.ok
    ? c.json({ ok: true as const }, 200)
    : c.json({ message: outcome.message, code: outcome.status === 409 ? 'conflict' : 'refused' }, outcome.status);

/** The decisions that take nothing but the case. */
const plainDecisions = [
  ['dismiss', 'Close a case, leaving the thing as it is (one the reports hid is shown again)', dismissCase],
  ['restore', 'Show the thing again; close', restoreCase],
  ['delete-comment', 'Delete the reported comment; close', deleteCaseComment],
  ['unsuspend', "End the owner's suspension; the case stays open", unsuspendCaseOwner],
] as const;

export function moderationQueueRoutes({ db, mailer }: QueueRoutesDeps) {
  // Sign-in, the per-user limit, then the role: a refused caller learns nothing of the routes.
  const moderatorsOnly = [requireUser({ limits: [perUser('moderationPerUser')] }), requireRole(db, canModerate)];
  const route = <R extends Omit<RouteConfig, 'middleware'>>(config: R) =>
    createRoute({ ...config, middleware: moderatorsOnly });
  // Set by requireUser and requireRole, which every route here runs first.
  const moderator = (c: Context): Moderator => ({
    id: (c.get('user') as SessionUser).id,
    role: c.get('role') as Role,
  });

  const router = createRouter()
    .openapi(
      route({
        method: 'get',
        path: '/moderation/cases',
        summary:
          'Open cases, newest first, 10 a page by default (keyset: pass nextCursor as before), with their reports',
        request: { query: casesPageQuerySchema },
        responses: { 200: jsonContent(casePageSchema, 'Open cases'), ...errors },
      }),
      async (c) => c.json(await listOpenCases(db, c.req.valid('query')), 200),
    )
    .openapi(
      route({
        method: 'get',
        path: '/moderation/cases/{id}/snapshot',
        summary: "A case's whole snapshot: the thing as first reported, every entry of a list included",
        request: { params: idParams },
        responses: { 200: jsonContent(caseSnapshotResponseSchema, 'The snapshot'), ...errors },
      }),
      async (c) => {
        const snapshot = await findCaseSnapshot(db, c.req.valid('param').id);
        return snapshot ? c.json({ snapshot }, 200) : notFound(c, queueMessages.caseNotFound);
      },
    )
    .openapi(
      route({
        method: 'get',
        path: '/moderation/staff-picks',
        summary: 'The current staff picks, newest first',
        responses: { 200: jsonContent(staffPickListSchema, 'Staff picks'), ...errors },
      }),
      async (c) => c.json({ picks: await listStaffPicks(db) }, 200),
    )
    .openapi(
      route(
        caseAction('/moderation/cases/{id}/hide', 'Hide the thing for everyone but its author; close', hideInputSchema),
      ),
      async (c) => respond(c, await hideCase(db, c.req.valid('param').id, moderator(c), c.req.valid('json').reason)),
    )
    .openapi(
      route(
        caseAction(
          '/moderation/cases/{id}/suspend',
          "Suspend the thing's owner and mail them; close",
          suspendInputSchema,
        ),
      ),
      async (c) => {
        const outcome = await suspendCaseOwner(db, c.req.valid('param').id, moderator(c), c.req.valid('json'));
        if (outcome.ok)
          mailer.sendInBackground(suspensionMail(outcome.value.email, outcome.value.until, outcome.value.reason));
        return respond(c, outcome);
      },
    )
    .openapi(
      route({
        method: 'post',
        path: '/moderation/users/{username}/unsuspend',
        summary: "End a user's suspension now",
        request: { params: z.object({ username: z.string().max(200) }), ...jsonBody(emptyActionSchema) },
        responses: { 200: okContent('Unsuspended'), ...errors },
      }),
      async (c) => respond(c, await unsuspendByUsername(db, c.req.valid('param').username, moderator(c))),
    );
  for (const [action, summary, decide] of plainDecisions) {
    router.openapi(route(caseAction(`/moderation/cases/{id}/${action}`, summary, emptyActionSchema)), async (c) =>
      respond(c, await decide(db, c.req.valid('param').id, moderator(c))),
    );
  }
  return router;
}
