import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@/domain/notifications/notifications';
import type { Executor } from '../db/client';
import { notifications } from '../db/schema';
import { notificationText, notificationTextColumns, presentActor, type NotificationTextRow } from '../presenters';

type Row = NotificationTextRow & {
  id: string;
  checklist_id: string | null;
  read_at: Date | null;
  created_at: Date;
};

/**
 * The user's notifications with their actor's profile, newest first. The actor is read from their
 * profile as it is now, and the text made again from it (`notificationText`): a profile that has
 * turned private since the notification was written is not named.
 */
export async function listNotifications(db: Executor, userId: string, limit = 100): Promise<Notification[]> {
  const result = await db.execute<Row>(sql`
    select n.id, ${notificationTextColumns}, n.checklist_id, n.read_at, n.created_at
    from notifications n where n.user_id = ${userId}
    order by n.created_at desc, n.id desc limit ${limit}`);
  return result.rows.map((row) => ({
    id: row.id,
    type: row.type,
    message: notificationText(row, userId),
    checklistId: row.checklist_id,
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    actor: presentActor(row.actor, userId),
  }));
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}
