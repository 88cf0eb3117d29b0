import { and, eq, ne, sql } from 'drizzle-orm';
import { SESSION_ABSOLUTE_DAYS } from '@/domain/accounts/lifetimes';
import type { Executor } from '../db/client';
import { sessions } from '../db/schema';

/** How stale a session's "last seen" may get before a request refreshes it (one write at most). */
export const LAST_SEEN_REFRESH_SECONDS = 5 * 60;

/** Ends one session (its absolute lifetime is over, decision 016). */
export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Deletes the records of sessions that have run out (past their expiry, or past their absolute
 * lifetime): no one can use them again, and each names an address and a browser that need not be
 * kept. Hourly, so a session that simply ran out is not kept until its browser comes back.
 */
export async function pruneEndedSessions(db: Executor): Promise<void> {
  await db.execute(sql`
    delete from sessions
    where expires_at <= now() or created_at <= now() - make_interval(days => ${SESSION_ABSOLUTE_DAYS})`);
}

/** Ends the session a token names (one a sign-in opened that must not stand). */
export async function endSessionByToken(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}

/**
 * Records that a session was just used, and from where, for the Sessions list. The lookup calls it
 * only when the last record is older than a few minutes or the address changed, so most requests
 * write nothing; the condition is repeated here so concurrent requests write once.
 */
export async function recordSessionSeen(db: Executor, sessionId: string, ip: string): Promise<void> {
  await db.execute(sql`
    update sessions set updated_at = now(), ip_address = ${ip}
    where id = ${sessionId}
      and (updated_at < now() - make_interval(secs => ${LAST_SEEN_REFRESH_SECONDS}) or ip_address is distinct from ${ip})`);
}

/** Sets the address of a session just opened by a sign-in (ours, not a header Better Auth would trust). */
export async function recordSessionAddress(db: Executor, token: string, ip: string): Promise<void> {
  await db.update(sessions).set({ ipAddress: ip }).where(eq(sessions.token, token));
}

/** Ends every session of the user but the one given; returns how many ended. */
export async function revokeOtherSessions(db: Executor, userId: string, keepSessionId: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}
