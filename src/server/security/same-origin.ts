import type { MiddlewareHandler } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from other origins. Browsers send Origin on every
 * cross-origin (and same-origin) POST; where it is absent, Sec-Fetch-Site tells. Requests
 * with neither come from non-browser clients, which cannot carry a victim's cookies.
 */
export function sameOriginOnly(baseUrl: string): MiddlewareHandler {
  const allowed = new URL(baseUrl).origin;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      const isForeign = origin ? origin !== allowed : fetchSite === 'cross-site' || fetchSite === 'same-site';
      if (isForeign)
        return c.json({ message: 'Requests from other sites are not allowed.', code: 'forbidden_origin' }, 403);
    }
    await next();
  };
}
