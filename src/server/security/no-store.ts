import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';

// Better Auth's session cookie, with the `__Secure-` prefix it takes on https.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}

/** Marks the response as one no cache (browser, proxy, CDN) may store; keeps directives already there. */
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
 * A response that may depend on who is asking must not be cached and handed to the next
 * person: every API response to a request carrying a session cookie, and every response that sets a
 * cookie. (Routes that require sign-in mark their responses themselves, 401 included: http.ts.)
 * Anonymous GETs without a cookie stay cacheable.
 */
export function noStoreForSessions() {
  return createMiddleware(async (c, next) => {
    await next();
    if (hasSessionCookie(c.req.header('cookie')) || c.res.headers.has('set-cookie')) markNoStore(c);
  });
}

/**
 * How long a visitor's Browse, tags, public list and Discover responses may be cached: a CDN or browser
 * serves them for 30 s, then stale for up to 30 s more while it fetches afresh, so a new list or
 * like shows within a minute.
 */
export const VISITOR_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=30';

/**
 * Marks a successful response that is the same for every visitor as cacheable, when it was asked for
 * without a session cookie; with one, noStoreForSessions() makes it no-store. `Vary: Cookie` either
 * way, so a cache never hands the visitor's copy to someone signed in (or the reverse).
 */
export function cacheForVisitors(c: Context) {
  c.header('Vary', 'Cookie', { append: true });
  if (!hasSessionCookie(c.req.header('cookie'))) c.header('Cache-Control', VISITOR_CACHE_CONTROL);
}
