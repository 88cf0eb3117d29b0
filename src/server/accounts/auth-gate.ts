import type { MiddlewareHandler } from 'hono';
import { accountMessages } from '@/domain/accounts/account-forms';
import { passwordMessages, weakPasswordReasons } from '@/domain/accounts/password';
import type { Database } from '../db/client';
import type { AppEnv } from '../http';
import { consumeActionRate, type RateAction } from '../security/rate-limit';

type Exposed = { method: 'GET' | 'POST'; path: RegExp; rate?: RateAction; checksNewPassword?: boolean };

// The Better Auth endpoints the browser may call directly. Everything else Better Auth offers
// (sign-up without a username, change-email without the password check, account deletion...)
// is reachable only through our own routes, or not at all.
const exposed: Exposed[] = [
  { method: 'GET', path: /^\/api\/auth\/get-session$/ },
  { method: 'POST', path: /^\/api\/auth\/sign-in\/email$/, rate: 'signIn' },
  { method: 'POST', path: /^\/api\/auth\/sign-out$/ },
  { method: 'GET', path: /^\/api\/auth\/verify-email$/ },
  { method: 'POST', path: /^\/api\/auth\/send-verification-email$/, rate: 'verificationEmail' },
  { method: 'POST', path: /^\/api\/auth\/request-password-reset$/, rate: 'passwordReset' },
  { method: 'GET', path: /^\/api\/auth\/reset-password\/[^/]+$/ },
  { method: 'POST', path: /^\/api\/auth\/reset-password$/, rate: 'passwordReset', checksNewPassword: true },
];

async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.clone().json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Limits, filters and pre-checks requests before they reach Better Auth's handler. */
export function authGate(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const route = exposed.find((entry) => entry.method === c.req.method && entry.path.test(c.req.path));
    if (!route) return c.json({ message: 'Not found', code: 'not_found' }, 404);
    if (route.rate || route.checksNewPassword) {
      const body = await readJson(c.req.raw);
      if (route.rate) {
        const account = typeof body.email === 'string' ? body.email : undefined;
        const decision = await consumeActionRate(db, route.rate, { ip: c.var.clientIp, account });
        if (!decision.allowed) {
          c.header('Retry-After', String(decision.retryAfterSeconds));
          return c.json({ message: accountMessages.tooManyRequests, code: 'rate_limited' }, 429);
        }
      }
      if (route.checksNewPassword) {
        const password = typeof body.newPassword === 'string' ? body.newPassword : '';
        const reasons = weakPasswordReasons(password);
        if (reasons.length > 0) {
          const message = reasons.includes('length') ? passwordMessages.tooShort : passwordMessages.common;
          return c.json({ message, code: 'weak_password', reasons }, 400);
        }
      }
    }
    await next();
  };
}
