import { createRoute } from '@hono/zod-openapi';
import { badgeListSchema } from '@/domain/badges/badges';
import type { Database } from '../db/client';
import { commonErrors, createRouter, jsonContent, signedIn } from '../http';
import { listBadgeStatus } from './badges.queries';

const route = {
  list: createRoute({
    method: 'get',
    path: '/badges',
    ...signedIn,
    summary: 'Every badge with when the signed-in user earned it and their progress towards it',
    responses: { 200: jsonContent(badgeListSchema, 'Badges'), 401: commonErrors[401] },
  }),
};

export function badgesRoutes({ db }: { db: Database }) {
  return createRouter().openapi(route.list, async (c) => {
    return c.json({ badges: await listBadgeStatus(db, c.var.user.id) }, 200);
  });
}
