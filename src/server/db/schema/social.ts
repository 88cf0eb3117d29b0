import { sql } from 'drizzle-orm';
import { check, index, pgTable, pgView, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { userRef, users } from './auth';
import { checklists } from './checklists';
import { timestampNow } from './columns';

export const follows = pgTable(
  'follows',
  {
    id: uuid().primaryKey().defaultRandom(),
    followerId: userRef(),
    followedId: userRef(),
    createdAt: timestampNow(),
  },
  (t) => [
    unique('follows_pair_unique').on(t.followerId, t.followedId),
    check('follows_not_self', sql`${t.followerId} <> ${t.followedId}`),
    index('follows_followed_idx').on(t.followedId),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    actorId: text().references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    message: text().notNull(),
    checklistId: uuid().references(() => checklists.id, { onDelete: 'cascade' }),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
  },
  (t) => [
    check(
      'notifications_type_values',
      sql`${t.type} in ('like', 'comment', 'clone', 'follow', 'badge', 'moderation', 'upstream')`,
    ),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    // A like or follow looks for the same person's earlier one to the same recipient
    // (notifications.actions.ts), and deleting a list or an account deletes its notifications
    // (ON DELETE CASCADE): without these, each would read every notification of a popular author,
    // or of everyone.
    index('notifications_actor_user_idx').on(t.actorId, t.userId),
    index('notifications_checklist_idx').on(t.checklistId),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

// The read model of a notification with its actor's public profile fields.
export const notificationsWithActor = pgView('notifications_with_actor', {
  id: uuid().notNull(),
  userId: text().notNull(),
  actorId: text(),
  type: text().notNull(),
  message: text().notNull(),
  checklistId: uuid(),
  readAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  actorUsername: text(),
  actorName: text(),
  actorAvatar: text(),
}).as(
  sql`select n.id, n.user_id, n.actor_id, n.type, n.message, n.checklist_id, n.read_at, n.created_at,
        p.username as actor_username, p.profile_name as actor_name, p.avatar_url as actor_avatar
      from notifications n left join profiles p on p.id = n.actor_id`,
);
