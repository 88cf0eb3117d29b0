import { createRoute } from '@hono/zod-openapi';
import {
  activityFeedSchema,
  activityQuerySchema,
  dashboardListsQuerySchema,
  dashboardListsSchema,
} from '@/domain/dashboard/dashboard';
import type { Database } from '../db/client';
import { createRouter, errorContent, jsonContent, signedIn } from '../http';
import { listDashboardLists, listRecentActivity } from './dashboard.queries';

// The signed-in user's dashboard: each response is about the asker only.
const route = {
  lists: createRoute({
    method: 'get',
    path: '/dashboard/lists',
    ...signedIn,
    summary: 'A Lists tab (created, cloned, saved, in-progress) with the user’s progress on each list',
    request: { query: dashboardListsQuerySchema },
    responses: {
      200: jsonContent(dashboardListsSchema, 'A page of the tab’s lists, newest first'),
      400: errorContent('Unknown tab, invalid cursor or limit'),
      401: errorContent('Not signed in'),
    },
  }),
  activity: createRoute({
    method: 'get',
    path: '/dashboard/activity',
    ...signedIn,
    summary: 'Recent activity: the user’s notifications and own actions, newest first',
    request: { query: activityQuerySchema },
    responses: {
      200: jsonContent(activityFeedSchema, 'Events'),
      400: errorContent('Invalid limit'),
      401: errorContent('Not signed in'),
    },
  }),
};

export function dashboardRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(route.lists, async (c) => {
      const { tab, ...page } = c.req.valid('query');
      return c.json({ tab, ...(await listDashboardLists(db, c.var.user.id, tab, page)) }, 200);
    })
    .openapi(route.activity, async (c) => {
      return c.json({ events: await listRecentActivity(db, c.var.user.id, c.req.valid('query').limit) }, 200);
    });
}
