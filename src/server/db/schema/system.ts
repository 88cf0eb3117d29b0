import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns';

// The local outbox: mail that would have been sent when no SMTP_URL is configured.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    sentAt: timestampNow(),
  },
  (t) => [index('mail_outbox_sent_idx').on(t.sentAt.desc())],
);

// Fixed-window counters shared by every app process on the database (see server/security/rate-limit.ts).
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});
