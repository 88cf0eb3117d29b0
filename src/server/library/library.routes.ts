import { z } from '@hono/zod-openapi';
import {
  groupListsCursorSchema,
  groupListsPageSchema,
  groupListsQuerySchema,
  groupSchema,
  groupsSchema,
  libraryMessages,
  libraryStatusSchema,
} from '@/domain/library/library';
import { groupNameSchema } from '@/domain/library/group-name';
import { decodeCursor, pagingMessages } from '@/domain/paging';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  deleteRoute,
  idParams,
  jsonBody,
  jsonContent,
  notFound,
  okContent,
  refusal,
  signedInRoute,
  toggleHandler,
  toggleRoute,
  writeRoute,
} from '../http';
import { createGroup, deleteGroup, renameGroup, setMembership, setSaved } from './library.actions';
import { libraryStatus, listGroupLists, listGroups } from './library.queries';

const membershipParams = z.object({ id: z.string(), checklistId: z.string() });
const checklistParams = z.object({ checklistId: z.string() });

// Filing a list in a group, and saving it: toggles, PUT on and DELETE off.
const membershipRoute = toggleRoute('library', {
  path: '/groups/{id}/checklists/{checklistId}',
  request: { params: membershipParams },
  state: libraryStatusSchema,
});
const savedRoute = toggleRoute('library', {
  path: '/saved/{checklistId}',
  request: { params: checklistParams },
  state: libraryStatusSchema,
});

const route = {
  groups: signedInRoute({
    method: 'get',
    path: '/groups',
    summary: 'The user’s list groups (at most 100), oldest first, each with its first 50 lists and its count',
    responses: { 200: jsonContent(groupsSchema, 'Groups') },
  }),
  groupLists: signedInRoute({
    method: 'get',
    path: '/groups/{id}/checklists',
    summary: 'The next lists of one of the user’s groups, in the order they were filed',
    request: { params: idParams, query: groupListsQuerySchema },
    responses: { 200: jsonContent(groupListsPageSchema, 'A page of the group’s lists'), ...commonErrors },
  }),
  createGroup: writeRoute('group', {
    method: 'post',
    path: '/groups',
    summary: 'Create a list group',
    request: jsonBody(groupNameSchema),
    responses: { 201: jsonContent(groupSchema, 'Created') },
  }),
  renameGroup: writeRoute('group', {
    method: 'patch',
    path: '/groups/{id}',
    summary: 'Rename a list group',
    request: { params: idParams, ...jsonBody(groupNameSchema) },
    responses: { 200: okContent('Renamed') },
  }),
  deleteGroup: deleteRoute('/groups/{id}', 'Delete an empty list group', 'group'),
  addToGroup: membershipRoute('put', 'File a checklist in a group', 'Where the list now sits'),
  removeFromGroup: membershipRoute('delete', 'Take a checklist out of a group', 'Where the list now sits'),
  status: signedInRoute({
    method: 'get',
    path: '/checklists/{checklistId}',
    summary: 'Which of the user’s groups hold a checklist, and whether it is saved',
    request: { params: checklistParams },
    responses: { 200: jsonContent(libraryStatusSchema, 'Status'), ...commonErrors },
  }),
  save: savedRoute('put', 'Save a checklist (saving twice is fine)', 'Saved'),
  unsave: savedRoute('delete', 'Unsave a checklist', 'Unsaved'),
};

const groupNotFound = libraryMessages.groupNotFound;

export function libraryRoutes({ db }: { db: Database }) {
  const fileInGroup = toggleHandler<typeof route.addToGroup>((c, isMember) => {
    const { id, checklistId } = c.req.valid('param');
    return setMembership(db, c.var.user.id, id, checklistId, isMember);
  });
  const save = toggleHandler<typeof route.save>((c, isSaved) =>
    setSaved(db, c.var.user.id, c.req.valid('param').checklistId, isSaved),
  );
  return createRouter()
    .openapi(route.groups, async (c) => {
      return c.json({ groups: await listGroups(db, c.var.user.id) }, 200);
    })
    .openapi(route.groupLists, async (c) => {
      const { cursor, limit } = c.req.valid('query');
      const after = decodeCursor(cursor, groupListsCursorSchema);
      if (!after) return c.json({ message: pagingMessages.invalidCursor, code: 'invalid_input' }, 400);
      const page = await listGroupLists(db, c.var.user.id, c.req.valid('param').id, after, limit);
      return page ? c.json(page, 200) : notFound(c, groupNotFound);
    })
    .openapi(route.createGroup, async (c) => {
      const outcome = await createGroup(db, c.var.user.id, c.req.valid('json').name);
      return outcome.ok ? c.json(outcome.value, 201) : refusal(c, outcome, groupNotFound);
    })
    .openapi(route.renameGroup, async (c) => {
      const outcome = await renameGroup(db, c.var.user.id, c.req.valid('param').id, c.req.valid('json').name);
      return outcome.ok ? c.json({ ok: true as const }, 200) : refusal(c, outcome, groupNotFound);
    })
    .openapi(route.deleteGroup, async (c) => {
      const outcome = await deleteGroup(db, c.var.user.id, c.req.valid('param').id);
      return outcome.ok ? c.json({ ok: true as const }, 200) : refusal(c, outcome, groupNotFound);
    })
    .openapi(route.addToGroup, fileInGroup(true))
    .openapi(route.removeFromGroup, fileInGroup(false))
    .openapi(route.status, async (c) => {
      const status = await libraryStatus(db, c.var.user.id, c.req.valid('param').checklistId);
      return status ? c.json(status, 200) : notFound(c);
    })
    .openapi(route.save, save(true))
    .openapi(route.unsave, save(false));
}
