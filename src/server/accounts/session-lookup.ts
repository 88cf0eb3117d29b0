import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import { absoluteLifetimeStart, hasOutlivedAbsoluteLifetime } from '@/domain/accounts/lifetimes';
import { commitWithoutWaiting, executeNamed, type Database } from '../db/client';
import type { SessionUser } from '../http';
import { personJson, type PersonRow } from '../presenters';
import {
  countUserRates,
  countWriteQuota,
  quotaDecision,
  type RateDecision,
  type RateRuleName,
  type WriteAction,
  type WriteQuotas,
} from '../security/rate-limit';
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
  /** The user's profile, as a notification names its actor (null when it has none). */
  person?: PersonRow | null;
  /** The decision on what the request counted (Counted), when the statement that read the session counted it. */
  decision?: RateDecision;
};

/**
 * What the statement that reads a request's session may count for it: a content write against its
 * quotas, or a signed-in read against its per-user limits (`rules`, in order).
 */
export type Counted =
  { action: WriteAction; address: string; quotas: WriteQuotas } | { rules: readonly RateRuleName[] };

/** The signed-in user of a request, and the decision on what it counted if the lookup counted it. */
export type LookedUp = { user: SessionUser; decision?: RateDecision };

export function createSessionLookup(db: Database, auth: Auth) {
  const sessionColumns = sql`
    json_build_object('id', s.id, 'createdAt', s.created_at, 'updatedAt', s.updated_at, 'expiresAt', s.expires_at,
      'ipAddress', s.ip_address) as session,
    json_build_object('id', u.id, 'email', u.email, 'emailVerified', u.email_verified) as "user",
    (select ${personJson} from profiles p where p.id = u.id) as person`;
  const fromToken = (token: string) => sql`
    from sessions s join users u on u.id = s.user_id where s.token = ${token}`;

  /**
   * The session of `token` with its user and their profile, in one statement; with `counted`, the
   * write or the read counted in the same statement when the session is usable as it is (`usable`:
   * live, not due for renewal, within its absolute lifetime), committed without waiting for the
   * disk as consumeWriteQuota's count is.
   */
  async function readSession(token: string, usable: Usable, counted?: Counted) {
    type Row = {
      session: { id: string; createdAt: string; updatedAt: string; expiresAt: string; ipAddress: string | null };
      user: FoundSession['user'];
      person: PersonRow | null;
      retry_after?: number | null;
    };
    const count =
      counted &&
      ('rules' in counted
        ? countUserRates(counted.rules, sql`u.id`)
        : countWriteQuota(counted.action, sql`u.id`, counted.address, counted.quotas));
    const counting = count
      ? sql`, ${commitWithoutWaiting},
        case when s.expires_at > ${usable.expiresAfter.toISOString()}::timestamptz
               and s.created_at > ${usable.createdAfter.toISOString()}::timestamptz
          then ${count} end as retry_after`
      : sql``;
    const [row] = await executeNamed<Row>(db, sql`select ${sessionColumns} ${counting} ${fromToken(token)}`);
    if (!row) return null;
    const { session } = row;
    const found: FoundSession = {
      session: {
        id: session.id,
        createdAt: new Date(session.createdAt),
        updatedAt: new Date(session.updatedAt),
        expiresAt: new Date(session.expiresAt),
        ipAddress: session.ipAddress,
      },
      user: row.user,
      person: row.person,
    };
    if (row.retry_after !== undefined && row.retry_after !== null) found.decision = quotaDecision(row.retry_after);
    return found;
  }

  /**
   * The session the cookie names, when it is live and not due for renewal (with `counted` counted,
   * if given); undefined when it is there but not usable as it is; null when there is none.
   */
  async function readUsual(headers: Headers, counted?: Counted): Promise<FoundSession | null | undefined> {
    const cookies = headers.get('cookie');
    if (!cookies) return null;
    const context = await auth.$context;
    // Hono's parser: the first cookie of a name counts, as in Better Auth; quoted values unquoted.
    const cookieValue = (name: string) => parseCookies(cookies, name)[name];
    const signed = cookieValue(context.authCookies.sessionToken.name);
    if (!signed) return null;
    const token = verifiedCookieValue(signed, context.secret);
    if (!token) return null;
    const now = Date.now();
    const { expiresIn, updateAge } = context.sessionConfig;
    // A session signed in without "remember me" (the sign-in form's default) lasts a day and is
    // never renewed; Better Auth knows it by a signed cookie of its own, and so do we. A renewed
    // one is due for renewal once less than `expiresIn - updateAge` seconds are left.
    const forgotten = cookieValue(context.authCookies.dontRememberToken.name);
    const isRenewed = !(forgotten && verifiedCookieValue(forgotten, context.secret));
    const usable: Usable = {
      expiresAfter: new Date(isRenewed ? now + (expiresIn - updateAge) * 1000 : now),
      createdAfter: absoluteLifetimeStart(new Date(now)),
    };
    const found = await readSession(token, usable, counted);
    if (!found) return null;
    const isUsable =
      found.session.expiresAt > usable.expiresAfter &&
      !hasOutlivedAbsoluteLifetime(found.session.createdAt, new Date(now));
    return isUsable || found.decision ? found : undefined;
  }

  /**
   * The signed-in user of a request from `clientIp`, or null; records where the session was last
   * seen. With `counted`, the write or the read is counted in the statement that reads the session
   * when it can be (then `decision` is the count's; otherwise the caller counts it).
   */
  return async function currentUser(headers: Headers, clientIp: string, counted?: Counted): Promise<LookedUp | null> {
    const usual = await readUsual(headers, counted);
    const found: FoundSession | null = usual === undefined ? await auth.api.getSession({ headers }) : usual;
    if (!found) return null;
    // Sliding renewal stops at the absolute lifetime: past it, the session ends (decision 016). (A
    // session whose statement counted the request was within it then: its statement checked.)
    if (!found.decision && hasOutlivedAbsoluteLifetime(found.session.createdAt)) {
      await endSession(db, found.session.id);
      return null;
    }
    const seenMsAgo = Date.now() - found.session.updatedAt.getTime();
    if (seenMsAgo > LAST_SEEN_REFRESH_SECONDS * 1000 || found.session.ipAddress !== clientIp) {
      await recordSessionSeen(db, found.session.id, clientIp);
    }
    const { user } = found;
    return {
      user: {
        id: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        sessionId: found.session.id,
        ...(found.person !== undefined ? { person: found.person } : {}),
      },
      ...(found.decision ? { decision: found.decision } : {}),
    };
  };
}

/** The bounds a session's times must be past to be used as it is, without Better Auth. */
type Usable = { expiresAfter: Date; createdAfter: Date };
