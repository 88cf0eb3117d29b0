import { createRoute } from '@hono/zod-openapi';
import {
  accountStatsSchema,
  meSchema,
  profileUpdateSchema,
  settingsUpdateSchema,
  usernameChangeSchema,
} from '@/domain/accounts/profile';
import { usernameMessages } from '@/domain/accounts/username';
import { decodeOwnListsCursor, ownChecklistsSchema, ownListsQuerySchema } from '@/domain/checklists/own-lists';
import { offlineListsSchema } from '@/domain/offline-lists';
import { pagingMessages } from '@/domain/paging';
import type { Database } from '../db/client';
import {
  createRouter,
  errorContent,
  jsonBody,
  jsonContent,
  perUser,
  perUserLimitedRoute,
  rateLimited,
  signedIn,
  signedInAndLimited,
} from '../http';
import { accountStats, listOwnChecklists } from './me.queries';
import { listOfflineLists } from './offline-lists.queries';
import { changeUsername, updateOwnProfile } from './own-profile.actions';
import { findMe } from './own-profile.queries';

const notSignedIn = errorContent('Not signed in');

// The signed-in user's own account: the /me page reads and writes only through these.
const ownProfileWrite = signedInAndLimited(perUser('ownProfileWritesPerUser'));

const route = {
  offlineLists: perUserLimitedRoute('offlineListsPerUser', {
    method: 'get',
    path: '/me/offline-lists',
    summary: 'The lists a device keeps for use offline: one’s own, saved, cloned and started lists of the last 30 days',
    responses: { 200: jsonContent(offlineListsSchema, 'Up to 50 lists, the most recently used first') },
  }),
  stats: createRoute({
    method: 'get',
    path: '/me/stats',
    ...signedIn,
    summary: 'The account page’s stats bar: followers, following, created, saved, cloned, started, badges',
    responses: { 200: jsonContent(accountStatsSchema, 'Counts'), 401: notSignedIn },
  }),
  checklists: createRoute({
    method: 'get',
    path: '/me/checklists',
    ...signedIn,
    summary: 'A page of the user’s own lists, public and private, sorted and filtered, with the summary tiles',
    request: { query: ownListsQuerySchema },
    responses: {
      200: jsonContent(ownChecklistsSchema, 'A page of lists'),
      400: errorContent('Unknown sort or filter, a bad limit, or a cursor not of this sort and filter'),
      401: notSignedIn,
    },
  }),
  profile: createRoute({
    method: 'patch',
    path: '/me/profile',
    ...ownProfileWrite,
    summary: 'Update the profile name, avatar and public/private switch',
    request: jsonBody(profileUpdateSchema),
    responses: {
      200: jsonContent(meSchema, 'Updated'),
      400: errorContent('Invalid input'),
      401: notSignedIn,
      ...rateLimited,
    },
  }),
  username: createRoute({
    method: 'put',
    path: '/me/username',
    ...ownProfileWrite,
    summary: 'Change the username (unique case-insensitively; the user’s own is excluded)',
    request: jsonBody(usernameChangeSchema),
    responses: {
      200: jsonContent(meSchema, 'Changed'),
      400: errorContent('Invalid username'),
      401: notSignedIn,
      409: errorContent('Taken'),
      ...rateLimited,
    },
  }),
  settings: createRoute({
    method: 'patch',
    path: '/me/settings',
    ...ownProfileWrite,
    summary: 'Update the theme, the e-mail notifications switch and whether completed items are hidden',
    request: jsonBody(settingsUpdateSchema),
    responses: {
      200: jsonContent(meSchema, 'Updated'),
      400: errorContent('Invalid input'),
      401: notSignedIn,
      ...rateLimited,
    },
  }),
};

export function meRoutes({ db }: { db: Database }) {
  const meResponse = async (userId: string) => {
    const me = await findMe(db, userId);
    if (!me) throw new Error(`profile of ${userId} vanished`);
    return me;
  };
  return createRouter()
    .openapi(route.offlineLists, async (c) => c.json(await listOfflineLists(db, c.var.user.id), 200))
    .openapi(route.stats, async (c) => {
      return c.json(await accountStats(db, c.var.user.id), 200);
    })
    .openapi(route.checklists, async (c) => {
      const query = c.req.valid('query');
      const cursor = query.cursor ? decodeOwnListsCursor(query.cursor, query) : null;
      if (query.cursor && !cursor) return c.json({ message: pagingMessages.invalidCursor, code: 'invalid_input' }, 400);
      return c.json(await listOwnChecklists(db, c.var.user.id, query, cursor), 200);
    })
    .openapi(route.profile, async (c) => {
      const userId = c.var.user.id;
      await updateOwnProfile(db, userId, c.req.valid('json'));
      return c.json(await meResponse(userId), 200);
    })
    .openapi(route.username, async (c) => {
      const userId = c.var.user.id;
      const { username } = c.req.valid('json');
      if ((await changeUsername(db, userId, username)) === 'taken') {
        return c.json(
          {
            message: usernameMessages.taken,
            code: 'username_taken',
            fieldErrors: { username: usernameMessages.taken },
          },
          409,
        );
      }
      return c.json(await meResponse(userId), 200);
    })
    .openapi(route.settings, async (c) => {
      const userId = c.var.user.id;
      await updateOwnProfile(db, userId, c.req.valid('json'));
      return c.json(await meResponse(userId), 200);
    });
}
