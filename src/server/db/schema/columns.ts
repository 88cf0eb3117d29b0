import { timestamp } from 'drizzle-orm/pg-core';

/** A moment with its time zone, required, now() when the insert does not say. */
export const timestampNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();
