import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Notification } from '@/domain/social/notifications';
import type { Executor } from '../db/client';
import { notifications } from '../db/schema';
import { presentActor } from '../presenters';

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
    actor: presentActor({
      id: row.actor_id,
      name: row.actor_name,
      avatar: row.actor_avatar,
      username: row.actor_username,
    }),
  }));
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}
