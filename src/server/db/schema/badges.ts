import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userRef } from './auth';
import { timestampNow } from './columns';

// Badge definitions and grants. Empty until the badges issue defines the rules.
export const badges = pgTable(
  'badges',
  {
    slug: text().primaryKey(),
    name: text().notNull(),
    description: text().notNull(),
    tier: text().notNull(),
    rule: text().notNull(),
    createdAt: timestampNow(),
  },
  (t) => [check('badges_tier_values', sql`${t.tier} in ('bronze', 'silver', 'gold')`)],
);

export const userBadges = pgTable(
  'user_badges',
  {
    userId: userRef(),
    badgeSlug: text()
      .notNull()
      .references(() => badges.slug, { onDelete: 'cascade' }),
    grantedAt: timestampNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badgeSlug] }), index('user_badges_badge_idx').on(t.badgeSlug)],
);
