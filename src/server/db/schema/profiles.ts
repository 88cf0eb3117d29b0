import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { moderationHoldColumns, timestampNow } from './columns';

// One profile per auth user (same id). A profile is public unless explicitly made private,
// so the column is NOT NULL DEFAULT true and there is no third state to misread.
export const profiles = pgTable(
  'profiles',
  {
    id: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    profileName: text(),
    avatarUrl: text(),
    isPublic: boolean().notNull().default(true),
    emailNotifications: boolean().notNull().default(true),
    /** Whether the owner of a clone is notified (at most daily per clone) when its original changes. */
    upstreamNotifications: boolean().notNull().default(true),
    theme: text().notNull().default('system'),
    /** The detail pages leave ticked items out while this is on. */
    hideCompletedItems: boolean().notNull().default(false),
    /** 'user', 'moderator' or 'admin' (decision 048); only the server reads it to decide. */
    role: text().notNull().default('user'),
    /** Until when the account is suspended ('infinity' for good); null when it is not. */
    suspendedUntil: timestamp({ withTimezone: true }),
    suspensionReason: text(),
    ...moderationHoldColumns(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (t) => [
    // Usernames are unique compared case-insensitively.
    uniqueIndex('profiles_username_lower_idx').on(sql`lower(${t.username})`),
    check('profiles_username_format', sql`${t.username} ~ '^[A-Za-z0-9_]{3,20}$'`),
    check('profiles_theme_values', sql`${t.theme} in ('light', 'dark', 'system')`),
    check('profiles_role_values', sql`${t.role} in ('user', 'moderator', 'admin')`),
    // The moderation queue's people with a role, and the sweep that ends suspensions.
    index('profiles_role_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'user'`),
    index('profiles_suspended_until_idx')
      .on(t.suspendedUntil)
      .where(sql`${t.suspendedUntil} is not null`),
  ],
);

// A username asked for in a sign-up whose e-mail already has an account. It is held for as long
// as an unconfirmed account would hold it (48 hours), so the name shows as "taken"
// exactly as it would had the address been new: nothing tells the two sign-ups apart.
export const usernameHolds = pgTable(
  'username_holds',
  {
    username: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('username_holds_username_lower_idx').on(sql`lower(${t.username})`),
    index('username_holds_expires_idx').on(t.expiresAt),
  ],
);
