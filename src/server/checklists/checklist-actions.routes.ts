import { createRoute, z, type RouteHandler } from '@hono/zod-openapi';
import { changeTimeQuerySchema } from '@/domain/checklists/change-time';
import { checklistInputSchema } from '@/domain/checklists/checklist-input';
import {
  bulkIdsInputSchema,
  bulkResultSchema,
  bulkVisibilityInputSchema,
  createdChecklistSchema,
  likeStateSchema,
  progressStateSchema,
} from '@/domain/checklists/checklist-actions';
import { requestedVisibility, visibilityInputSchema } from '@/domain/checklists/checklist-fields';
import {
  commentListSchema,
  commentMessages,
  commentPageQuerySchema,
  commentSchema,
} from '@/domain/checklists/comments';
import { commentInputSchema } from '@/domain/checklists/comment-input';
import { runListSchema, runsPageQuerySchema } from '@/domain/checklists/runs';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  deleteRoute,
  errorContent,
  idParams,
  jsonBody,
  jsonContent,
  limitedWrite,
  notFound,
  okContent,
  perUserLimitedRoute,
  rateLimited,
  refusal,
  signedInRoute,
  toggleHandler,
  toggleRoute,
  userIdOf,
  writeRoute,
} from '../http';
import {
  bulkDeleteChecklists,
  bulkSetVisibility,
  cloneChecklist,
  createChecklist,
  deleteChecklist,
  setChecklistVisibility,
  updateChecklist,
} from './checklists.actions';
import { duplicateChecklist } from './duplicate.actions';
import { addComment, deleteComment, editComment } from './comments.actions';
import { listComments } from './comments.queries';
import { setLike } from './likes.actions';
import { setItemCompleted, startAgain } from './progress.actions';
import { listOwnRuns } from './runs.queries';

const likeRoute = toggleRoute('like', { path: '/{id}/like', request: { params: idParams }, state: likeStateSchema });

/** An item's completion is a toggle too, of the user's own and under no quota: PUT completes, DELETE undoes. */
const completionRoute = <const M extends 'put' | 'delete'>(method: M, summary: string, description: string) =>
  signedInRoute({
    method,
    path: '/{id}/items/{itemId}/done',
    summary,
    request: { params: idParams.extend({ itemId: z.string() }), query: changeTimeQuerySchema },
    responses: { 200: jsonContent(progressStateSchema, description), ...commonErrors },
  });

/** Cloning and duplicating: a content write that makes a new list of the user's own, 201 with its id. */
const copyRoute = <const P extends string>(quota: 'cloneChecklist' | 'duplicateChecklist', path: P, summary: string) =>
  writeRoute(quota, {
    method: 'post',
    path,
    summary,
    request: { params: idParams },
    responses: { 201: jsonContent(createdChecklistSchema, 'The copy') },
  });

const route = {
  create: createRoute({
    method: 'post',
    path: '/',
    ...limitedWrite('createChecklist'),
    summary: 'Create a public checklist',
    request: jsonBody(checklistInputSchema),
    responses: {
      201: jsonContent(createdChecklistSchema, 'Created'),
      400: errorContent('Invalid input'),
      401: commonErrors[401],
      ...rateLimited,
    },
  }),
  update: signedInRoute({
    method: 'put',
    path: '/{id}',
    summary: 'Edit a checklist (owner only); unchanged items keep their ids and everyone’s completions',
    request: { params: idParams, ...jsonBody(checklistInputSchema) },
    responses: { 200: jsonContent(createdChecklistSchema, 'Saved'), ...commonErrors },
  }),
  remove: deleteRoute('/{id}', 'Delete a checklist (owner only)'),
  visibility: signedInRoute({
    method: 'patch',
    path: '/{id}/visibility',
    summary: 'Make a checklist public or private (owner only)',
    request: { params: idParams, ...jsonBody(visibilityInputSchema) },
    responses: { 200: okContent('Changed'), ...commonErrors },
  }),
  bulkDelete: signedInRoute({
    method: 'post',
    path: '/bulk-delete',
    summary: 'Delete several of one’s checklists in one transaction',
    request: jsonBody(bulkIdsInputSchema),
    responses: { 200: jsonContent(bulkResultSchema, 'What was and was not deleted') },
  }),
  bulkVisibility: signedInRoute({
    method: 'post',
    path: '/bulk-visibility',
    summary: 'Make several of one’s checklists public or private in one transaction',
    request: jsonBody(bulkVisibilityInputSchema),
    responses: { 200: jsonContent(bulkResultSchema, 'What was and was not changed') },
  }),
  clone: copyRoute('cloneChecklist', '/{id}/clone', 'Clone someone else’s checklist into a new public one of your own'),
  duplicate: copyRoute(
    'duplicateChecklist',
    '/{id}/duplicate',
    'Duplicate one’s own checklist into a new private one titled "{title} (copy)"',
  ),
  like: likeRoute('put', 'Like a checklist (not your own)', 'Liked'),
  unlike: likeRoute('delete', 'Take a like back', 'Not liked'),
  complete: completionRoute('put', 'Mark an item completed (the path keeps its first name, done)', 'Completed'),
  uncomplete: completionRoute('delete', 'Mark an item not completed', 'Not completed'),
  // The path keeps its first name ("reset progress"): the open run is closed into the history.
  startAgain: writeRoute('startAgain', {
    method: 'delete',
    path: '/{id}/progress',
    summary: 'Start again: close the user’s open run into their history (if it has a tick) and untick every item',
    request: { params: idParams, query: changeTimeQuerySchema },
    responses: { 200: jsonContent(progressStateSchema, 'An empty open run') },
  }),
  runs: perUserLimitedRoute('runHistoryPerUser', {
    method: 'get',
    path: '/{id}/runs',
    summary: 'The asking user’s own closed runs of a checklist, newest first, 10 a page (pass nextCursor as before)',
    request: { params: idParams, query: runsPageQuerySchema },
    responses: { 200: jsonContent(runListSchema, 'Runs'), 404: commonErrors[404] },
  }),
  listComments: createRoute({
    method: 'get',
    path: '/{id}/comments',
    summary: 'Comments on a checklist, newest first, 20 a page (keyset: pass nextCursor as before)',
    request: { params: idParams, query: commentPageQuerySchema },
    responses: { 200: jsonContent(commentListSchema, 'Comments'), 400: commonErrors[400], 404: commonErrors[404] },
  }),
  addComment: writeRoute(
    'comment',
    {
      method: 'post',
      path: '/{id}/comments',
      summary: 'Comment on a checklist',
      request: { params: idParams, ...jsonBody(commentInputSchema) },
      responses: { 201: jsonContent(commentSchema, 'Posted') },
    },
    // A visitor is told how to comment ("Sign in to post a comment."), not just that a session is missing.
    { message: commentMessages.signInToComment },
  ),
};

export function checklistActionsRoutes({ db }: { db: Database }) {
  const like = toggleHandler<typeof route.like>((c, isLiked) =>
    setLike(db, c.req.valid('param').id, c.var.user, isLiked),
  );
  // Cloning and duplicating share one handler: the action says which copy is made.
  const copy =
    (makeCopy: typeof cloneChecklist): RouteHandler<typeof route.clone> =>
    async (c) => {
      const outcome = await makeCopy(db, c.req.valid('param').id, c.var.user.id, c.var.user.person);
      return outcome.ok ? c.json({ id: outcome.value }, 201) : refusal(c, outcome);
    };
  const complete = toggleHandler<typeof route.complete>((c, isCompleted) => {
    const { id, itemId } = c.req.valid('param');
    return setItemCompleted(db, id, itemId, c.var.user.id, isCompleted, c.req.valid('query'));
  });
  return createRouter()
    .openapi(route.create, async (c) => {
      return c.json({ id: await createChecklist(db, c.var.user.id, c.req.valid('json')) }, 201);
    })
    .openapi(route.bulkDelete, async (c) => {
      return c.json(await bulkDeleteChecklists(db, c.req.valid('json').ids, c.var.user.id), 200);
    })
    .openapi(route.bulkVisibility, async (c) => {
      const input = c.req.valid('json');
      return c.json(await bulkSetVisibility(db, input.ids, c.var.user.id, input.isPublic), 200);
    })
    .openapi(route.update, async (c) => {
      const { id } = c.req.valid('param');
      const outcome = await updateChecklist(db, id, c.var.user.id, c.req.valid('json'));
      return outcome.ok ? c.json({ id }, 200) : refusal(c, outcome);
    })
    .openapi(route.remove, async (c) => {
      const outcome = await deleteChecklist(db, c.req.valid('param').id, c.var.user.id);
      return outcome.ok ? c.json({ ok: true as const }, 200) : refusal(c, outcome);
    })
    .openapi(route.visibility, async (c) => {
      const outcome = await setChecklistVisibility(
        db,
        c.req.valid('param').id,
        c.var.user.id,
        requestedVisibility(c.req.valid('json')),
      );
      return outcome.ok ? c.json({ ok: true as const }, 200) : refusal(c, outcome);
    })
    .openapi(route.clone, copy(cloneChecklist))
    .openapi(route.duplicate, copy(duplicateChecklist))
    .openapi(route.like, like(true))
    .openapi(route.unlike, like(false))
    .openapi(route.complete, complete(true))
    .openapi(route.uncomplete, complete(false))
    .openapi(route.startAgain, async (c) => {
      const outcome = await startAgain(db, c.req.valid('param').id, c.var.user.id, c.req.valid('query'));
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome);
    })
    .openapi(route.runs, async (c) => {
      const page = await listOwnRuns(db, c.req.valid('param').id, c.var.user.id, c.req.valid('query'));
      return page ? c.json(page, 200) : notFound(c);
    })
    .openapi(route.listComments, async (c) => {
      const page = await listComments(db, c.req.valid('param').id, await userIdOf(c), c.req.valid('query'));
      return page ? c.json(page, 200) : notFound(c);
    })
    .openapi(route.addComment, async (c) => {
      const outcome = await addComment(db, c.req.valid('param').id, c.var.user, c.req.valid('json').content);
      return outcome.ok ? c.json(outcome.value, 201) : refusal(c, outcome);
    });
}

const commentRoute = {
  edit: writeRoute('comment', {
    method: 'patch',
    path: '/{id}',
    summary: 'Edit your comment',
    request: { params: idParams, ...jsonBody(commentInputSchema) },
    responses: { 200: jsonContent(commentSchema, 'Saved') },
  }),
  remove: deleteRoute('/{id}', 'Delete your comment'),
};

export function commentsRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(commentRoute.edit, async (c) => {
      const outcome = await editComment(db, c.req.valid('param').id, c.var.user.id, c.req.valid('json').content);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, commentMessages.notFound);
    })
    .openapi(commentRoute.remove, async (c) => {
      const outcome = await deleteComment(db, c.req.valid('param').id, c.var.user.id);
      return outcome.ok ? c.json({ ok: true as const }, 200) : refusal(c, outcome, commentMessages.notFound);
    });
}
