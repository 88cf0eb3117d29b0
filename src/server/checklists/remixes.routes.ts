import { createRoute } from '@hono/zod-openapi';
import { remixesQuerySchema, remixPageSchema } from '@/domain/checklists/remixes';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  idParams,
  jsonContent,
  limited,
  notFound,
  perAddress,
  rateLimited,
  userIdOf,
} from '../http';
import { cacheForVisitors } from '../security/no-store';
import { listRemixes } from './remixes.queries';

const remixesRoute = createRoute({
  method: 'get',
  path: '/{id}/remixes',
  ...limited(perAddress('remixesPerIp')),
  summary: 'Public clones of a checklist, newest first, 10 a page (keyset: pass nextCursor as before)',
  request: { params: idParams, query: remixesQuerySchema },
  responses: {
    200: jsonContent(remixPageSchema, 'Remixes'),
    400: commonErrors[400],
    404: commonErrors[404],
    ...rateLimited,
  },
});

export function remixesRoutes({ db }: { db: Database }) {
  return createRouter().openapi(remixesRoute, async (c) => {
    const found = await listRemixes(db, c.req.valid('param').id, await userIdOf(c), c.req.valid('query'));
    if (!found) return notFound(c);
    // As the list's own response: a visitor's copy of a public list's remixes may be cached.
    if (found.isPublic) cacheForVisitors(c);
    return c.json(found.page, 200);
  });
}
