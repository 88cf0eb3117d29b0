import { z } from '@hono/zod-openapi';
import { notificationListSchema, unreadCountSchema } from '@/domain/notifications/notifications';
import type { Database } from '../db/client';
import {
  commonErrors,
  createRouter,
  deleteRoute,
  idParams,
  jsonContent,
  notFound,
  okContent,
  signedInRoute,
} from '../http';
import { deleteAllNotifications, deleteNotification, markAllRead, markRead } from './notifications.actions';
import { countUnread, listNotifications } from './notifications.queries';

const notificationNotFound = 'Notification not found.';

// The signed-in user's notifications: list, unread count, read, delete; the live stream is in stream.routes.ts.
const route = {
  notifications: signedInRoute({
    method: 'get',
    path: '/notifications',
    summary: 'The user’s notifications with their actors, newest first',
    request: { query: z.object({ limit: z.string().optional() }) },
    responses: { 200: jsonContent(notificationListSchema, 'Notifications') },
  }),
  unread: signedInRoute({
    method: 'get',
    path: '/notifications/unread-count',
    summary: 'How many notifications are unread',
    responses: { 200: jsonContent(unreadCountSchema, 'Unread count') },
  }),
  readAll: signedInRoute({
    method: 'post',
    path: '/notifications/read-all',
    summary: 'Mark every notification read',
    responses: { 200: jsonContent(unreadCountSchema, 'Now none unread') },
  }),
  read: signedInRoute({
    method: 'post',
    path: '/notifications/{id}/read',
    summary: 'Mark one notification read',
    request: { params: idParams },
    responses: { 200: jsonContent(unreadCountSchema, 'Read'), ...commonErrors },
  }),
  deleteAll: signedInRoute({
    method: 'delete',
    path: '/notifications',
    summary: 'Delete every notification',
    responses: { 200: okContent('Deleted') },
  }),
  deleteOne: deleteRoute('/notifications/{id}', 'Delete one notification'),
};

export function notificationsRoutes({ db }: { db: Database }) {
  return createRouter()
    .openapi(route.notifications, async (c) => {
      const limit = Math.min(100, Math.max(1, Number.parseInt(c.req.valid('query').limit ?? '100', 10) || 100));
      return c.json({ notifications: await listNotifications(db, c.var.user.id, limit) }, 200);
    })
    .openapi(route.unread, async (c) => {
      return c.json({ unread: await countUnread(db, c.var.user.id) }, 200);
    })
    .openapi(route.readAll, async (c) => {
      await markAllRead(db, c.var.user.id);
      return c.json({ unread: 0 }, 200);
    })
    .openapi(route.read, async (c) => {
      const userId = c.var.user.id;
      if (!(await markRead(db, userId, c.req.valid('param').id))) return notFound(c, notificationNotFound);
      return c.json({ unread: await countUnread(db, userId) }, 200);
    })
    .openapi(route.deleteAll, async (c) => {
      await deleteAllNotifications(db, c.var.user.id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(route.deleteOne, async (c) => {
      if (!(await deleteNotification(db, c.var.user.id, c.req.valid('param').id))) {
        return notFound(c, notificationNotFound);
      }
      return c.json({ ok: true as const }, 200);
    });
}
