import type { Context, MiddlewareHandler } from 'hono';
import { passwordMessages, weakPasswordReasons } from '@/domain/accounts/password';
import type { Database } from '../db/client';
import { tooManyRequests, type AppEnv } from '../http';
import { consumeRate, firstRefusal, peekRate, type RateDecision } from '../security/rate-limit';

type Body = Record<string, unknown>;
type Exposed = {
  method: 'GET' | 'POST';
  path: RegExp;
  /** Checks before the request reaches Better Auth; may refuse it. */
  before?: (db: Database, ip: string, body: Body) => Promise<RateDecision>;
  /** Runs after Better Auth answered (sign-in failures are counted here). */
  after?: (db: Database, ip: string, body: Body, status: number) => Promise<void>;
  checksNewPassword?: boolean;
};

const emailOf = (body: Body) => (typeof body.email === 'string' ? body.email : '');

const limitMail = (db: Database, ip: string, body: Body) =>
  firstRefusal(
    () => consumeRate(db, 'mailPerIp', ip),
    () => consumeRate(db, 'mailPerAccountAndIp', emailOf(body), ip),
    () => consumeRate(db, 'mailPerAccount', emailOf(body)),
  );

// The Better Auth endpoints the browser may call directly. Everything else Better Auth offers
// (sign-up without a username, change-email without the password check, account deletion...)
// is reachable only through our own routes, or not at all.
const exposed: Exposed[] = [
  { method: 'GET', path: /^\/api\/auth\/get-session$/ },
  {
    method: 'POST',
    path: /^\/api\/auth\/sign-in\/email$/,
    before: (db, ip, body) =>
      firstRefusal(
        () => consumeRate(db, 'signInPerIp', ip),
        () => peekRate(db, 'signInFailuresPerAccountAndIp', emailOf(body), ip),
        () => peekRate(db, 'signInFailuresPerAccount', emailOf(body)),
      ),
    after: async (db, ip, body, status) => {
      if (status !== 401) return;
      await consumeRate(db, 'signInFailuresPerAccountAndIp', emailOf(body), ip);
      await consumeRate(db, 'signInFailuresPerAccount', emailOf(body));
    },
  },
  { method: 'POST', path: /^\/api\/auth\/sign-out$/ },
  { method: 'GET', path: /^\/api\/auth\/verify-email$/ },
  { method: 'POST', path: /^\/api\/auth\/send-verification-email$/, before: limitMail },
  { method: 'POST', path: /^\/api\/auth\/request-password-reset$/, before: limitMail },
  { method: 'GET', path: /^\/api\/auth\/reset-password\/[^/]+$/ },
  {
    method: 'POST',
    path: /^\/api\/auth\/reset-password$/,
    before: (db, ip) => consumeRate(db, 'mailPerIp', ip),
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

/** Limits, filters and pre-checks requests before they reach Better Auth's handler. */
export function authGate(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = exposed.find((entry) => entry.method === c.req.method && entry.path.test(c.req.path));
    if (!route) return c.json({ message: 'Not found', code: 'not_found' }, 404);
    if (!route.before && !route.after && !route.checksNewPassword) return next();

    const body = await readJsonBody(c);
    if (body === null) return c.json({ message: 'Send the request as JSON.', code: 'unsupported_media_type' }, 415);
    const decision = route.before ? await route.before(db, c.var.clientIp, body) : { allowed: true as const };
    if (!decision.allowed) return tooManyRequests(c, decision.retryAfterSeconds);
    if (route.checksNewPassword) {
      const reasons = weakPasswordReasons(typeof body.newPassword === 'string' ? body.newPassword : '');
      if (reasons.length > 0) {
        const message = reasons.includes('length') ? passwordMessages.tooShort : passwordMessages.common;
        return c.json({ message, code: 'weak_password', reasons }, 400);
      }
    }
    await next();
    await route.after?.(db, c.var.clientIp, body, c.res.status);
  };
}
