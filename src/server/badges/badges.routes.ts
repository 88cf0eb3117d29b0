import { createRoute } from '@hono/zod-openapi';
import { badgeListSchema } from '@/domain/badges/badges';
import type { Database } from '../db/client';
import { createRouter } from '../http';
import { commonErrors, jsonContent, notSignedInBody, userIdOf } from '../http-openapi';
import { listBadgeStatus } from './badges.queries';

const route = {
  list: createRoute({
    method: 'get',
    path: '/badges',
    summary: 'Every badge with when the signed-in user earned it and their progress towards it',
    responses: { 200: jsonContent(badgeListSchema, 'Badges'), 401: commonErrors[401] },
  }),
};

export function badgesRoutes({ db }: { db: Database }) {
  return createRouter().openapi(route.list, async (c) => {
    const userId = await userIdOf(c);
    if (!userId) return c.json(notSignedInBody, 401);
    return c.json({ badges: await listBadgeStatus(db, userId) }, 200);
  });
}
