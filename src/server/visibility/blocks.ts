import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Whether `blockerId` has blocked `blockedId`, as a condition for any query: one probe of the
 * blocks primary key (blocker, blocked). Either side may be a column of the caller's query
 * (`sql\`cm.user_id\``) or a value; a null blocker (a visitor) has blocked nobody.
 */
export function hasBlocked(blockerId: SQL | string | null, blockedId: SQL | string): SQL {
  if (blockerId === null) return sql`false`;
  return sql`exists (select 1 from blocks b where b.blocker_id = ${blockerId} and b.blocked_id = ${blockedId})`;
}

/**
 * Whether `blockerId` has blocked `userId`: what the blocked may not do to the blocker (follow them,
 * comment on or like their lists) is refused as if the user or the list were not there.
 */
export async function isBlockedBy(db: Executor, userId: string, blockerId: string): Promise<boolean> {
  const result = await db.execute<{ blocked: boolean }>(sql`select ${hasBlocked(blockerId, userId)} as blocked`);
  return result.rows[0]!.blocked;
}
