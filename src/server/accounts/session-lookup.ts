import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import { hasOutlivedAbsoluteLifetime } from '@/domain/accounts/lifetimes';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import type { SessionUser } from '../http';
import type { Auth } from './auth';
import { endSession, LAST_SEEN_REFRESH_SECONDS, recordSessionSeen } from './sessions.actions';

// Who a request is signed in as (decision 032). Better Auth stays the authority on sessions: it
// opens them, renews them, ends the expired ones and signs the cookie. Every signed-in request reads
// its session, though, and Better Auth's getSession costs the app more CPU than its one statement:
// the cookie's HMAC through WebCrypto's asynchronous API, an endpoint context, and a relational
// query built anew. So the usual case is read here: a cookie whose signature checks (node:crypto,
// synchronously) naming a session that is live and not yet due for renewal, read with its user in
// one prepared statement. A session that is expired or due for renewal goes to Better Auth's
// getSession as before, so renewal and clean-up keep its exact rules; a cookie without a valid
// signature, or naming no session, is nobody, as it is for Better Auth.

/** Better Auth signs a cookie as `value.signature`, the signature base64 HMAC-SHA256 (44 characters). */
const SIGNATURE_LENGTH = 44;

/** The signed value of a `value.signature` cookie, or null when the signature is not ours. */
export function verifiedCookieValue(cookie: string, secret: string): string | null {
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1));
  if (signature.length !== SIGNATURE_LENGTH) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  return timingSafeEqual(signature, expected) ? value : null;
}

type FoundSession = {
  session: { id: string; createdAt: Date; updatedAt: Date; expiresAt: Date; ipAddress?: string | null | undefined };
  user: { id: string; email: string; emailVerified: boolean };
};

export function createSessionLookup(db: Database, auth: Auth) {
  const byToken = db
    .select({
      session: {
        id: sessions.id,
        createdAt: sessions.createdAt,
        updatedAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
      },
      user: { id: users.id, email: users.email, emailVerified: users.emailVerified },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_by_token');

  /** The session the cookie names, when it is live and not due for renewal; undefined otherwise. */
  async function readUsual(headers: Headers): Promise<FoundSession | null | undefined> {
    const cookies = headers.get('cookie');
    if (!cookies) return null;
    const context = await auth.$context;
    // Hono's parser: the first cookie of a name counts, as in Better Auth; quoted values unquoted.
    const cookieValue = (name: string) => parseCookies(cookies, name)[name];
    const signed = cookieValue(context.authCookies.sessionToken.name);
    if (!signed) return null;
    const token = verifiedCookieValue(signed, context.secret);
    if (!token) return null;
    const [found] = await byToken.execute({ token });
    if (!found) return null;
    const now = Date.now();
    const { expiresIn, updateAge } = context.sessionConfig;
    const isExpired = found.session.expiresAt.getTime() < now;
    // A session signed in without "remember me" (the sign-in form's default) lasts a day and is
    // never renewed; Better Auth knows it by a signed cookie of its own, and so do we.
    const forgotten = cookieValue(context.authCookies.dontRememberToken.name);
    const isRenewed = !(forgotten && verifiedCookieValue(forgotten, context.secret));
    const isDueForRenewal = isRenewed && found.session.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now;
    return isExpired || isDueForRenewal ? undefined : found;
  }

  /** The signed-in user of a request from `clientIp`, or null; records where the session was last seen. */
  return async function currentUser(headers: Headers, clientIp: string): Promise<SessionUser | null> {
    const usual = await readUsual(headers);
    const found: FoundSession | null = usual === undefined ? await auth.api.getSession({ headers }) : usual;
    if (!found) return null;
    // Sliding renewal stops at the absolute lifetime: past it, the session ends (decision 016).
    if (hasOutlivedAbsoluteLifetime(found.session.createdAt)) {
      await endSession(db, found.session.id);
      return null;
    }
    const seenMsAgo = Date.now() - found.session.updatedAt.getTime();
    if (seenMsAgo > LAST_SEEN_REFRESH_SECONDS * 1000 || found.session.ipAddress !== clientIp) {
      await recordSessionSeen(db, found.session.id, clientIp);
    }
    const { user } = found;
    return { id: user.id, email: user.email, emailVerified: user.emailVerified, sessionId: found.session.id };
  };
}
