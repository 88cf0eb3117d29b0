import type { Context, MiddlewareHandler } from 'hono';
import { sql } from 'drizzle-orm';
import { emailChangeResultPath } from '@/domain/accounts/email-change';
import { passwordMessages, weakPasswordReasons } from '@/domain/accounts/password';
import type { Database } from '../db/client';
import { tooManyRequests, type AppEnv } from '../http';
import { revokePendingEmailChanges } from './email-change.actions';
import { expireUnconfirmedSignUps } from './own-profile.actions';
import { endSessionByToken, recordSessionAddress } from './sessions.actions';
import {
  consumeRate,
  countRate,
  firstRefusal,
  rateRules,
  releaseRate,
  reserveRate,
  signInDelayMs,
  type RateDecision,
} from '../security/rate-limit';
import { logRequestEvent } from '../security/security-events';

type Body = Record<string, unknown>;
type Gate = { db: Database; c: Context<AppEnv>; body: Body; pause: (ms: number) => Promise<void> };
/**
 * What a guard decides before Better Auth runs: a refusal by a limit, a response of its own, or go
 * on (then `after` sees the status).
 */
type Verdict =
  RateDecision | { allowed: false; response: Response } | { allowed: true; after: (status: number) => Promise<void> };
type Exposed = {
  method: 'GET' | 'POST';
  path: RegExp;
  /** Checks before the request reaches Better Auth; may refuse it, or ask to see the response. */
  guard?: (gate: Gate) => Promise<Verdict>;
  /** The guard reads the JSON body (any other body type could carry an e-mail our limits would not see). */
  readsJson?: boolean;
  checksNewPassword?: boolean;
};

const emailOf = (body: Body) => (typeof body.email === 'string' ? body.email.trim().toLowerCase() : '');

async function userIdByEmail(db: Database, email: string): Promise<string | null> {
  const result = await db.execute<{ id: string }>(sql`select id from users where email = ${email}`);
  return result.rows[0]?.id ?? null;
}

const limitMail = ({ db, c, body }: Gate) =>
  firstRefusal(
    () => consumeRate(db, 'mailPerIp', c.var.clientIp),
    () => consumeRate(db, 'mailPerAccountAndIp', emailOf(body), c.var.clientIp),
    () => consumeRate(db, 'mailPerAccount', emailOf(body)),
  );

/**
 * Sign-in limits that hold under parallel attempts. Each attempt takes a slot per (account, address) before its password is checked,
 * atomically, and keeps it only if the password was wrong: from one address at most
 * `signInFailuresPerAccountAndIp.max` wrong passwords are ever checked, whatever the parallelism.
 * Failures from every address only slow the account's sign-ins down (signInDelayMs), so nobody
 * else's failures can refuse the owner. A completed password reset clears both counts (auth.ts).
 */
async function guardSignIn({ db, c, body, pause }: Gate): Promise<Verdict> {
  const ip = c.var.clientIp;
  const email = emailOf(body);
  const perIp = await consumeRate(db, 'signInPerIp', ip);
  if (!perIp.allowed) return perIp;
  // An unconfirmed sign-up past its 48 hours is gone before anyone can sign in to it.
  await expireUnconfirmedSignUps(db);
  const slot = await reserveRate(db, 'signInFailuresPerAccountAndIp', email, ip);
  if (!slot.allowed) return slot;
  let hashBefore: string | null = null;
  try {
    hashBefore = await passwordHashOf(db, email);
    const delay = signInDelayMs(await countRate(db, 'signInFailuresPerAccount', email));
    if (delay > 0) {
      logRequestEvent(c, 'sign-in.slowed', {
        userId: await userIdByEmail(db, email),
        outcome: 'delayed',
        delayMs: delay,
      });
      await pause(delay);
    }
  } catch (error) {
    await releaseRate(db, 'signInFailuresPerAccountAndIp', email, ip);
    throw error;
  }
  return {
    allowed: true,
    after: async (responseStatus) => {
      const status = await hideUnconfirmed(c, responseStatus);
      if (status === 200) {
        await releaseRate(db, 'signInFailuresPerAccountAndIp', email, ip);
        const body: unknown = await c.res
          .clone()
          .json()
          .catch(() => null);
        const token = (body as { token?: unknown } | null)?.token;
        // The password changed while this sign-in checked the old one (an undone e-mail change, a
        // reset): the session it opened would outlive the change that was to end every session.
        if (typeof token === 'string' && (await passwordHashOf(db, email)) !== hashBefore) {
          await endSessionByToken(db, token);
          respondAsWrongPassword(c);
          logRequestEvent(c, 'sign-in.failure', {
            userId: await userIdByEmail(db, email),
            outcome: 'password-changed-meanwhile',
          });
          return;
        }
        if (typeof token === 'string') await recordSessionAddress(db, token, ip);
        logRequestEvent(c, 'sign-in.success', { userId: await userIdByEmail(db, email), outcome: 'signed-in' });
        return;
      }
      if (status !== 401) {
        // Not a wrong password (invalid input, an error): the slot goes back.
        await releaseRate(db, 'signInFailuresPerAccountAndIp', email, ip);
        logRequestEvent(c, 'sign-in.failure', { userId: await userIdByEmail(db, email), outcome: `status-${status}` });
        return;
      }
      await consumeRate(db, 'signInFailuresPerAccount', email);
      const userId = await userIdByEmail(db, email);
      logRequestEvent(c, 'sign-in.failure', { userId, outcome: 'wrong-password' });
      const used = await countRate(db, 'signInFailuresPerAccountAndIp', email, ip);
      if (used >= rateRules.signInFailuresPerAccountAndIp.max) {
        logRequestEvent(c, 'sign-in.lockout', { userId, outcome: 'address-locked-out-of-account' });
      }
    },
  };
}

/** Better Auth's response to a wrong password, which every failed sign-in gives. */
export const WRONG_PASSWORD_RESPONSE = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };

/** Replaces the response with Better Auth's to a wrong password: 401, and no cookie. */
function respondAsWrongPassword(c: Context<AppEnv>): void {
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  headers.delete('set-cookie');
  c.res = undefined; // replaced, not merged (Hono would copy the old response's headers over)
  c.res = new Response(JSON.stringify(WRONG_PASSWORD_RESPONSE), { status: 401, headers });
}

/** The stored hash of the account's password, to tell whether it changed during a sign-in. */
async function passwordHashOf(db: Database, email: string): Promise<string | null> {
  const result = await db.execute<{ password: string | null }>(sql`
    select a.password from accounts a join users u on u.id = a.user_id
    where u.email = ${email} and a.provider_id = 'credential'`);
  return result.rows[0]?.password ?? null;
}

/**
 * The right password of an unconfirmed account gets the response to a wrong one (Better
 * Auth says 403 EMAIL_NOT_VERIFIED, having mailed the owner a fresh confirmation link). Otherwise
 * anyone could sign up with someone's address and a password of their choosing, then sign in with
 * it: "not confirmed" for a new address, "wrong password" for one with an account. Counted as a
 * wrong password too, so the limits cannot tell them apart either. Returns the status of the response now.
 */
async function hideUnconfirmed(c: Context<AppEnv>, status: number): Promise<number> {
  if (status !== 403) return status;
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => null);
  if ((body as { code?: unknown } | null)?.code !== 'EMAIL_NOT_VERIFIED') return status;
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  c.res = undefined; // replaced, not merged (Hono would copy the old response's headers over)
  c.res = new Response(JSON.stringify(WRONG_PASSWORD_RESPONSE), { status: 401, headers });
  return 401;
}

async function guardResetRequest(gate: Gate): Promise<Verdict> {
  const decision = await limitMail(gate);
  if (!decision.allowed) return decision;
  return {
    allowed: true,
    after: async (status) => {
      const userId = await userIdByEmail(gate.db, emailOf(gate.body));
      logRequestEvent(gate.c, 'password.reset-requested', { userId, outcome: `status-${status}` });
    },
  };
}

async function guardReset({ db, c, body }: Gate): Promise<Verdict> {
  const decision = await consumeRate(db, 'mailPerIp', c.var.clientIp);
  if (!decision.allowed) return decision;
  // Whose token it is, read before Better Auth uses it up.
  const token = typeof body.token === 'string' ? body.token : '';
  const holder = await db.execute<{ value: string; is_live: boolean }>(
    sql`select value, expires_at > now() as is_live from verifications where identifier = ${`reset-password:${token}`}`,
  );
  const userId = holder.rows[0]?.value ?? null;
  // The holder of a live link takes the account back: a pending e-mail change dies before the new
  // password is saved, so none can complete while the reset runs (auth.ts revokes again after).
  if (userId && holder.rows[0]?.is_live) await revokePendingEmailChanges(db, userId);
  return {
    allowed: true,
    after: async (status) => {
      if (status === 200) logRequestEvent(c, 'password.reset', { userId, outcome: 'reset' });
      else logRequestEvent(c, 'password.change-failure', { userId, outcome: `reset-status-${status}` });
    },
  };
}

/**
 * Better Auth's own e-mail-change links (a signed token naming the new address) change nothing
 * here: such a link cannot be revoked, and a change is confirmed through ours (decision 044).
 */
function isEmailChangeToken(token: string): boolean {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && 'updateTo' in payload;
  } catch {
    return false;
  }
}

async function guardVerifyEmail({ db, c }: Gate): Promise<Verdict> {
  if (isEmailChangeToken(c.req.query('token') ?? '')) {
    return { allowed: false, response: c.redirect(emailChangeResultPath('invalid'), 302) };
  }
  // A link to an unconfirmed sign-up past its 48 hours confirms nothing: the account is gone.
  await expireUnconfirmedSignUps(db);
  return { allowed: true };
}

async function guardSignOut({ c }: Gate): Promise<Verdict> {
  const user = await c.var.currentUser();
  return {
    allowed: true,
    after: async (status) => {
      if (status === 200 && user) logRequestEvent(c, 'sessions.revoked', { userId: user.id, outcome: 'signed-out' });
    },
  };
}

// The Better Auth endpoints the browser may call directly. Everything else Better Auth offers
// (sign-up without a username, change-email without the password check, account deletion...)
// is reachable only through our own routes, or not at all.
const exposed: Exposed[] = [
  {
    method: 'GET',
    path: /^\/api\/auth\/get-session$/,
    // Our own lookup first: it ends a session past its absolute lifetime (decision 016).
    guard: async ({ c }) => {
      await c.var.currentUser();
      return { allowed: true };
    },
  },
  { method: 'POST', path: /^\/api\/auth\/sign-in\/email$/, guard: guardSignIn, readsJson: true },
  { method: 'POST', path: /^\/api\/auth\/sign-out$/, guard: guardSignOut },
  { method: 'GET', path: /^\/api\/auth\/verify-email$/, guard: guardVerifyEmail },
  { method: 'POST', path: /^\/api\/auth\/send-verification-email$/, guard: limitMail, readsJson: true },
  { method: 'POST', path: /^\/api\/auth\/request-password-reset$/, guard: guardResetRequest, readsJson: true },
  { method: 'GET', path: /^\/api\/auth\/reset-password\/[^/]+$/ },
  {
    method: 'POST',
    path: /^\/api\/auth\/reset-password$/,
    guard: guardReset,
    readsJson: true,
    checksNewPassword: true,
  },
];

/** Our gate reads JSON only; any other body type could carry an e-mail our limits would not see. */
async function readJsonBody(c: Context<AppEnv>): Promise<Body | null> {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('application/json')) return null;
  try {
    const body: unknown = await c.req.raw.clone().json();
    return body && typeof body === 'object' ? (body as Body) : {};
  } catch {
    return {};
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Limits, filters and pre-checks requests before they reach Better Auth's handler. `pause` is how
 * a slowed-down sign-in waits (tests pass one that records the wait instead of sleeping).
 */
export function authGate(db: Database, pause: (ms: number) => Promise<void> = sleep): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = exposed.find((entry) => entry.method === c.req.method && entry.path.test(c.req.path));
    if (!route) return c.json({ message: 'Not found', code: 'not_found' }, 404);
    if (!route.guard && !route.checksNewPassword) return next();

    const body = route.readsJson ? await readJsonBody(c) : {};
    if (body === null) return c.json({ message: 'Send the request as JSON.', code: 'unsupported_media_type' }, 415);
    const verdict = route.guard ? await route.guard({ db, c, body, pause }) : { allowed: true as const };
    if (!verdict.allowed && 'response' in verdict) return verdict.response;
    if (!verdict.allowed) {
      const isSignIn = route.guard === guardSignIn;
      return tooManyRequests(c, verdict.retryAfterSeconds, isSignIn ? { name: 'sign-in.refused' } : {});
    }
    if (route.checksNewPassword) {
      const reasons = weakPasswordReasons(typeof body.newPassword === 'string' ? body.newPassword : '');
      if (reasons.length > 0) {
        const message = reasons.includes('length') ? passwordMessages.tooShort : passwordMessages.common;
        return c.json({ message, code: 'weak_password', reasons }, 400);
      }
    }
    const after = 'after' in verdict ? verdict.after : undefined;
    try {
      await next();
    } finally {
      await after?.(c.res.status);
    }
  };
}
