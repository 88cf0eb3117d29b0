import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * The user's suspension now: undefined when they are not suspended, null when it is for good, else
 * when it ends. A suspension whose time is up counts as ended before the sweep gets to it.
 */
export async function findActiveSuspension(db: Executor, userId: string): Promise<Date | null | undefined> {
  const found = await db.execute<{ until: Date | null }>(sql`
    select case when suspended_until <> 'infinity' then suspended_until end as until
    from profiles where id = ${userId} and suspended_until > now()`);
  const row = found.rows[0];
  return row ? row.until : undefined;
}
