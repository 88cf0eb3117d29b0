import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_ACTOR_AVATAR,
  notificationMessage,
  type Notification,
  type NotificationType,
} from '@/domain/social/notifications';
import type { Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { notifications, profiles } from '../db/schema';

/** The name a notification gives its actor: profile name, else username. */
async function actorName(db: Executor, actorId: string): Promise<string> {
  const [row] = await db
    .select({ name: profiles.profileName, username: profiles.username })
    .from(profiles)
    .where(eq(profiles.id, actorId));
  return row?.name?.trim() || row?.username || 'Someone';
}

/**
 * Records a notification for `recipientId` about `actorId`'s action, inside the caller's
 * transaction. Nobody is notified of their own actions. (A trigger announces it to live streams.)
 */
export async function notify(
  db: Executor,
  event: {
    type: Exclude<NotificationType, 'badge'>;
    recipientId: string;
    actorId: string;
    checklist?: { id: string; title: string };
  },
): Promise<void> {
  if (event.recipientId === event.actorId) return;
  await db.insert(notifications).values({
    userId: event.recipientId,
    actorId: event.actorId,
    type: event.type,
    checklistId: event.checklist?.id ?? null,
    message: notificationMessage(event.type, await actorName(db, event.actorId), event.checklist?.title),
  });
}

/** An unlike or unfollow takes back the notification its like or follow created. */
export async function withdrawNotification(
  db: Executor,
  event: { type: 'like' | 'follow'; recipientId: string; actorId: string; checklistId?: string },
): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, event.recipientId),
        eq(notifications.actorId, event.actorId),
        eq(notifications.type, event.type),
        event.checklistId ? eq(notifications.checklistId, event.checklistId) : isNull(notifications.checklistId),
      ),
    );
}

type Row = {
  id: string;
  type: Notification['type'];
  message: string;
  checklist_id: string | null;
  read_at: Date | null;
  created_at: Date;
  actor_id: string | null;
  actor_username: string | null;
  actor_name: string | null;
  actor_avatar: string | null;
};

/** Spec §7: notifications_with_actor for the user, newest first. */
export async function listNotifications(db: Executor, userId: string, limit = 100): Promise<Notification[]> {
  const result = await db.execute<Row>(sql`
    select id, type, message, checklist_id, read_at, created_at, actor_id, actor_username, actor_name, actor_avatar
    from notifications_with_actor where user_id = ${userId}
    order by created_at desc, id desc limit ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    type: row.type,
    message: row.message,
    checklistId: row.checklist_id,
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    actor: row.actor_id
      ? { username: row.actor_username, name: row.actor_name, avatar: row.actor_avatar || DEFAULT_ACTOR_AVATAR }
      : null,
  }));
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

export async function deleteNotification(db: Executor, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function deleteAllNotifications(db: Executor, userId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}
