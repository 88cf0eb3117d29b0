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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

// Decision 009: e-mails about notifications go through a transactional outbox. Only these kinds are mailed.
const mailKindCheck = (kind: AnyPgColumn) => sql`${kind} in ('follow', 'comment')`;

// The cap: at most one e-mail per user and kind an hour. One row per (user, kind), moved
// forward by a conditional upsert in the notification's transaction, so concurrent events cannot both pass.
export const notificationMailCaps = pgTable(
  'notification_mail_caps',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    message: text().notNull(),
    linkPath: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notification_mails_kind_values', mailKindCheck(t.kind)),
    check('notification_mails_link_path', sql`${t.linkPath} like '/%'`),
    index('notification_mails_next_attempt_idx').on(t.nextAttemptAt),
    // A deleted account's unsent mails go with it (ON DELETE CASCADE) without reading the outbox.
    index('notification_mails_user_idx').on(t.userId),
  ],
);
