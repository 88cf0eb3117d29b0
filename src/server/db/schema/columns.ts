import { text, timestamp } from 'drizzle-orm/pg-core';

/** A moment with its time zone, required, now() when the insert does not say. */
export const timestampNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * What the moderators' Hide leaves on a list, a comment or a profile: when and why it was hidden
 * (null while it is not), and when its author asked for a review (once per hiding).
 */
export const moderationHoldColumns = () => ({
  hiddenAt: timestamp({ withTimezone: true }),
  hiddenReason: text(),
  reviewRequestedAt: timestamp({ withTimezone: true }),
});
