import { relations, sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns';

// Tables owned by Better Auth (plural names: `usePlural: true` in server/accounts/auth.ts).
// Their columns follow Better Auth's core schema; everything product-specific lives on profiles.

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  // Unconfirmed sign-ups expire (decision 015); the sweep finds them without reading every user.
  (t) => [
    index('users_unconfirmed_created_idx')
      .on(t.createdAt)
      .where(sql`not ${t.emailVerified}`),
  ],
);

/** The user a row belongs to: deleting the account deletes the row. */
export const userRef = () =>
  text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
    ipAddress: text(),
    userAgent: text(),
    userId: userRef(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: userRef(),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * How Better Auth's tables refer to each other, for its joined lookups (`advanced.database.joins`
 * in server/accounts/auth.ts): a session and its user, or a user and their accounts, in one
 * statement instead of two.
 */
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
