import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { userRef, users } from './auth';
import { checklists } from './checklists';
import { timestampNow } from './columns';

// Decision 009: e-mails about notifications go through a transactional outbox. Only these kinds are mailed.
const mailKindCheck = (kind: AnyPgColumn) => sql`${kind} in ('follow', 'comment')`;

// The cap: at most one e-mail per user and kind an hour. One row per (user, kind), moved
// forward by a conditional upsert in the notification's transaction, so concurrent events cannot both pass.
export const notificationMailCaps = pgTable(
  'notification_mail_caps',
  {
    userId: userRef(),
    kind: text().notNull(),
    lastSentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notification_mail_caps_kind_values', mailKindCheck(t.kind)),
  ],
);

// The outbox: written with the notification, so it commits or rolls back with it; emptied by the
// dispatcher (server/notifications/notification-mails.ts), which resolves the address at send time.
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: serial().primaryKey(),
    userId: userRef(),
    kind: text().notNull(),
    // The text as written; the mail is sent with its text made again from its actor and list as
    // they are then (a profile turned private since is not named). Null on rows queued before.
    message: text().notNull(),
    actorId: text().references(() => users.id, { onDelete: 'cascade' }),
    checklistId: uuid().references(() => checklists.id, { onDelete: 'cascade' }),
    linkPath: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampNow(),
    createdAt: timestampNow(),
  },
  (t) => [
    check('notification_mails_kind_values', mailKindCheck(t.kind)),
    check('notification_mails_link_path', sql`${t.linkPath} like '/%'`),
    index('notification_mails_next_attempt_idx').on(t.nextAttemptAt),
    // A deleted account's unsent mails go with it (ON DELETE CASCADE) without reading the outbox.
    index('notification_mails_user_idx').on(t.userId),
    // Deleting an account or a list finds the mails that name it without reading the outbox.
    index('notification_mails_actor_idx').on(t.actorId),
    index('notification_mails_checklist_idx').on(t.checklistId),
  ],
);
