import { createRoute, z } from '@hono/zod-openapi';
import { notificationListSchema, unreadCountSchema } from '@/domain/social/notifications';
import { followListSchema, followStateSchema, profileMessages, publicProfileSchema } from '@/domain/social/profile';
import type { Database } from '../db/client';
import { createRouter } from '../http';
import { commonErrors, idParams, jsonContent, notSignedInBody, refusal, userIdOf } from '../http-openapi';
import {
  countUnread,
  deleteAllNotifications,
  deleteNotification,
  listNotifications,
  markAllRead,
  markRead,
} from '../notifications/notifications.actions';
import { followMessages, setFollow } from './follows.actions';
import { findPublicProfile, listFollowUsers } from './public-profiles.queries';

const ok = z.object({ ok: z.literal(true) });
const usernameParams = z.object({ username: z.string().max(64) });
const notificationNotFound = 'Notification not found.';

const route = {
  profile: createRoute({
    method: 'get',
    path: '/users/{username}',
    summary: 'A public profile with its counts and public checklists (a private one shows only avatar and username)',
    request: { params: usernameParams },
    responses: { 200: jsonContent(publicProfileSchema, 'The profile'), 404: commonErrors[404] },
  }),
  followers: createRoute({
    method: 'get',
    path: '/users/{username}/followers',
    summary: 'Who follows a user',
    request: { params: usernameParams },
    responses: { 200: jsonContent(followListSchema, 'Users'), 404: commonErrors[404] },
  }),
  following: createRoute({
    method: 'get',
    path: '/users/{username}/following',
    summary: 'Whom a user follows',
    request: { params: usernameParams },
    responses: { 200: jsonContent(followListSchema, 'Users'), 404: commonErrors[404] },
  }),
  follow: createRoute({
    method: 'put',
    path: '/users/{username}/follow',
    summary: 'Follow a user',
    request: { params: usernameParams },
    responses: { 200: jsonContent(followStateSchema, 'Following'), ...commonErrors },
  }),
  unfollow: createRoute({
    method: 'delete',
    path: '/users/{username}/follow',
    summary: 'Stop following a user',
    request: { params: usernameParams },
    responses: { 200: jsonContent(followStateSchema, 'Not following'), ...commonErrors },
  }),
  notifications: createRoute({
    method: 'get',
    path: '/notifications',
    summary: 'The user’s notifications with their actors, newest first',
    request: { query: z.object({ limit: z.string().optional() }) },
    responses: { 200: jsonContent(notificationListSchema, 'Notifications'), 401: commonErrors[401] },
  }),
  unread: createRoute({
    method: 'get',
    path: '/notifications/unread-count',
    summary: 'How many notifications are unread',
    responses: { 200: jsonContent(unreadCountSchema, 'Unread count'), 401: commonErrors[401] },
  }),
  readAll: createRoute({
    method: 'post',
    path: '/notifications/read-all',
    summary: 'Mark every notification read',
    responses: { 200: jsonContent(unreadCountSchema, 'Now none unread'), 401: commonErrors[401] },
  }),
  read: createRoute({
    method: 'post',
    path: '/notifications/{id}/read',
    summary: 'Mark one notification read',
    request: { params: idParams },
    responses: { 200: jsonContent(unreadCountSchema, 'Read'), ...commonErrors },
  }),
  deleteAll: createRoute({
    method: 'delete',
    path: '/notifications',
    summary: 'Delete every notification',
    responses: { 200: jsonContent(ok, 'Deleted'), 401: commonErrors[401] },
  }),
  deleteOne: createRoute({
    method: 'delete',
    path: '/notifications/{id}',
    summary: 'Delete one notification',
    request: { params: idParams },
    responses: { 200: jsonContent(ok, 'Deleted'), ...commonErrors },
  }),
};

export function socialRoutes({ db }: { db: Database }) {
  const notFoundProfile = { message: profileMessages.notFound, code: 'not_found' };
  return createRouter()
    .openapi(route.profile, async (c) => {
      const profile = await findPublicProfile(db, c.req.valid('param').username, await userIdOf(c));
      return profile ? c.json(profile, 200) : c.json(notFoundProfile, 404);
    })
    .openapi(route.followers, async (c) => {
      const viewerId = await userIdOf(c);
      const profile = await findPublicProfile(db, c.req.valid('param').username, viewerId);
      // A private profile's followers are as private as the rest of it.
      if (!profile || profile.isPrivateView) return c.json(notFoundProfile, 404);
      return c.json({ users: await listFollowUsers(db, profile.id, 'followers', viewerId) }, 200);
    })
    .openapi(route.following, async (c) => {
      const viewerId = await userIdOf(c);
      const profile = await findPublicProfile(db, c.req.valid('param').username, viewerId);
      if (!profile || profile.isPrivateView) return c.json(notFoundProfile, 404);
      return c.json({ users: await listFollowUsers(db, profile.id, 'following', viewerId) }, 200);
    })
    .openapi(route.follow, async (c) => {
      const userId = await userIdOf(c);
      if (!userId) return c.json(notSignedInBody, 401);
      const outcome = await setFollow(db, userId, c.req.valid('param').username, true);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, followMessages.userNotFound);
    })
    .openapi(route.unfollow, async (c) => {
      const userId = await userIdOf(c);
      if (!userId) return c.json(notSignedInBody, 401);
      const outcome = await setFollow(db, userId, c.req.valid('param').username, false);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, followMessages.userNotFound);
    })
    .openapi(route.notifications, async (c) => {
      const userId = await userIdOf(c);
      if (!userId) return c.json(notSignedInBody, 401);
      const limit = Math.min(100, Math.max(1, Number.parseInt(c.req.valid('query').limit ?? '100', 10) || 100));
      return c.json({ notifications: await listNotifications(db, userId, limit) }, 200);
    })
    .openapi(route.unread, async (c) => {
      const userId = await userIdOf(c);
      if (!userId) return c.json(notSignedInBody, 401);
      return c.json({ unread: await countUnread(db, userId) }, 200);
    })
    .openapi(route.readAll, async (c) => {
      const userId = await userIdOf(c);
      if (!userId) return c.json(notSignedInBody, 401);
      await markAllRead(db, userId);
      return c.json({ unread: 0 }, 200);
    })
    .openapi(route.read, async (c) => {
      const userId = await userIdOf(c);
      if (!userId) return c.json(notSignedInBody, 401);
      if (!(await markRead(db, userId, c.req.valid('param').id))) {
        return refusal(c, { ok: false, reason: 'not_found' }, notificationNotFound);
      }
      return c.json({ unread: await countUnread(db, userId) }, 200);
    })
    .openapi(route.deleteAll, async (c) => {
      const userId = await userIdOf(c);
      if (!userId) return c.json(notSignedInBody, 401);
      await deleteAllNotifications(db, userId);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(route.deleteOne, async (c) => {
      const userId = await userIdOf(c);
      if (!userId) return c.json(notSignedInBody, 401);
      if (!(await deleteNotification(db, userId, c.req.valid('param').id))) {
        return refusal(c, { ok: false, reason: 'not_found' }, notificationNotFound);
      }
      return c.json({ ok: true as const }, 200);
    });
}
