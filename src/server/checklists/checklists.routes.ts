import { createRoute, z } from '@hono/zod-openapi';
import type { TypedResponse } from 'hono';
import { apiErrorSchema } from '@/domain/api-error';
import {
  browseCursorMessages,
  browsePageSchema,
  browseParamsSchema,
  browseQuerySchema,
  popularTagsSchema,
  searchCountParamsSchema,
  searchCountQuery,
  searchCountSchema,
} from '@/domain/checklists/browse';
import { checklistDetailSchema, checklistMessages, type ChecklistDetail } from '@/domain/checklists/checklist-view';
import type { Database } from '../db/client';
import { commonErrors, createRouter, jsonContent, limited, perAddress, rateLimited, userIdOf } from '../http';
import { cacheForVisitors } from '../security/no-store';
import {
  browseChecklists,
  countBrowseSearch,
  popularTags,
  type BrowseCursors,
  type Count,
  type SearchCounts,
  type SearchPages,
} from '../browse/browse.queries';
import { logRequestEvent } from '../security/security-events';
import { checklistExists, findChecklistDetail } from './checklists.queries';
import { detailResponseBody } from './detail-response';

const notFound = { message: checklistMessages.notFound, code: 'not_found' };

const browseRoute = createRoute({
  method: 'get',
  path: '/',
  summary: 'Public checklists: search, tag filter, order and paging',
  request: { query: browseParamsSchema },
  responses: {
    200: { content: { 'application/json': { schema: browsePageSchema } }, description: 'A page of cards' },
    400: { content: { 'application/json': { schema: apiErrorSchema } }, description: 'A cursor that is not ours' },
  },
});

const searchCountRoute = createRoute({
  method: 'get',
  path: '/count',
  ...limited(perAddress('searchCountsPerIp')),
  summary: 'Y of "Showing X of Y" for a search whose first page came without it (total null)',
  request: { query: searchCountParamsSchema },
  responses: {
    200: jsonContent(searchCountSchema, 'The count, up to 1,000 and then capped'),
    400: commonErrors[400],
    ...rateLimited,
  },
});

const tagsRoute = createRoute({
  method: 'get',
  path: '/tags',
  summary: 'The most used tags of public checklists',
  responses: {
    200: { content: { 'application/json': { schema: popularTagsSchema } }, description: 'Tags with counts' },
  },
});

const detailRoute = createRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One checklist with its items, tags, counts, and the asking user’s like and completed items',
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { content: { 'application/json': { schema: checklistDetailSchema } }, description: 'The checklist' },
    404: {
      content: { 'application/json': { schema: apiErrorSchema } },
      description: 'No such checklist, or a private one of someone else',
    },
  },
});

export function checklistsRoutes({
  db,
  cursors,
  counts,
  pages,
}: {
  db: Database;
  cursors: BrowseCursors;
  counts: SearchCounts<Count>;
  pages: SearchPages;
}) {
  return createRouter()
    .openapi(browseRoute, async (c) => {
      const query = browseQuerySchema.parse(c.req.valid('query'));
      const cursor = query.cursor ? cursors.decode(query.cursor, query) : null;
      if (query.cursor && !cursor) return c.json({ message: browseCursorMessages.invalid, code: 'invalid_input' }, 400);
      const page = await browseChecklists(db, query, { cursor, cursors, counts, pages });
      cacheForVisitors(c);
      return c.json(page, 200);
    })
    .openapi(searchCountRoute, async (c) => {
      const count = await countBrowseSearch(db, searchCountQuery(c.req.valid('query')), counts);
      cacheForVisitors(c);
      return c.json(count, 200);
    })
    .openapi(tagsRoute, async (c) => {
      const tags = await popularTags(db);
      cacheForVisitors(c);
      return c.json({ tags }, 200);
    })
    .openapi(detailRoute, async (c) => {
      const { id } = c.req.valid('param');
      const viewerId = await userIdOf(c);
      const read = await findChecklistDetail(db, id, viewerId);
      if (!read) {
        // The response is the same 404 either way; the log tells a private list from a missing one.
        if (await checklistExists(db, id)) {
          logRequestEvent(c, 'access.refused', { userId: viewerId, outcome: 'private', resource: 'checklist', id });
        }
        return c.json(notFound, 404);
      }
      // A private list is only ever its owner's response (signed in, so no-store already).
      if (read.detail.isPublic) cacheForVisitors(c);
      // JSON the server wrote itself, as checklistDetailSchema says (the API tests parse every detail with it).
      const body = c.body(detailResponseBody(read), 200, { 'Content-Type': 'application/json' });
      return body as unknown as TypedResponse<ChecklistDetail, 200, 'json'>;
    });
}
