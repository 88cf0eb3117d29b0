import { createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@/domain/api-error';
import { checklistDetailSchema, checklistMessages } from '@/domain/checklists/checklist-view';
import type { Database } from '../db/client';
import { createRouter } from '../http';
import { findChecklistDetail } from './checklists.queries';

const notFound = { message: checklistMessages.notFound, code: 'not_found' };

const detailRoute = createRoute({
  method: 'get',
  path: '/{id}',
  summary: 'One checklist with its items, tags, counts and what the asking user has done with it',
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { content: { 'application/json': { schema: checklistDetailSchema } }, description: 'The checklist' },
    404: {
      content: { 'application/json': { schema: apiErrorSchema } },
      description: 'No such checklist, or a private one of someone else',
    },
  },
});

export function checklistsRoutes({ db }: { db: Database }) {
  return createRouter().openapi(detailRoute, async (c) => {
    const detail = await findChecklistDetail(db, c.req.valid('param').id, c.var.user?.id ?? null);
    if (!detail) return c.json(notFound, 404);
    return c.json(detail, 200);
  });
}
