import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

// Badge definitions and grants. Empty until the badges issue defines the rules.
export const badges = pgTable(
  'badges',
  {
    slug: text().primaryKey(),
    name: text().notNull(),
    description: text().notNull(),
    tier: text().notNull(),
    rule: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('badges_tier_values', sql`${t.tier} in ('bronze', 'silver', 'gold')`)],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeSlug: text()
      .notNull()
      .references(() => badges.slug, { onDelete: 'cascade' }),
    grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeSlug] }), index('user_badges_badge_idx').on(t.badgeSlug)],
);
