import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

// Better Auth's session cookie, with the `__Secure-` prefix it takes on https.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/** Marks the answer as one no cache (browser, proxy, CDN) may keep; keeps directives already there. */
export function markNoStore(c: Context) {
  const current = c.res.headers.get('Cache-Control');
  if (current?.includes('no-store')) return;
  const kept =
    current
      ?.split(',')
      .map((part) => part.trim())
      .filter((part) => part === 'no-transform') ?? [];
  c.header('Cache-Control', ['no-store', ...kept].join(', '));
}

/**
 * An answer that may depend on who is asking must not be kept by a cache and handed to the next
 * person: every API answer to a request carrying a session cookie, and every answer that sets a
 * cookie. (Routes that require sign-in mark their answers themselves, 401 included: http.ts.)
 * Anonymous GETs without a cookie stay cacheable.
 */
export function noStoreForSessions() {
  return createMiddleware(async (c, next) => {
    await next();
    if (hasSessionCookie(c.req.header('cookie')) || c.res.headers.has('set-cookie')) markNoStore(c);
  });
}
