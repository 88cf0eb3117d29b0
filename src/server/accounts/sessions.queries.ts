import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_DAYS } from '@/domain/accounts/lifetimes';
import { describeDevice, type ActiveSession } from '@/domain/accounts/sessions';
import type { Executor } from '../db/client';
import { sessions } from '../db/schema';

/** The user's live sessions, most recently seen first, the asking one marked. */
export async function listActiveSessions(
  db: Executor,
  userId: string,
  currentSessionId: string,
): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.createdAt, sql`now() - make_interval(days => ${SESSION_ABSOLUTE_DAYS})`),
      ),
    )
    .orderBy(desc(sessions.updatedAt), sessions.id)
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    lastSeenAt: row.updatedAt.toISOString(),
    // An IPv4 client on a dual-stack socket reads "::ffff:10.0.0.1"; people know it as 10.0.0.1.
    ipAddress: row.ipAddress?.replace(/^::ffff:(?=\d+\.)/, '') || null,
    isCurrent: row.id === currentSessionId,
  }));
}
