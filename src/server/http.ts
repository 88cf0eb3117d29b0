import { createRoute, OpenAPIHono, z, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { accountMessages } from '@/domain/accounts/account-forms';
import { passwordMessages } from '@/domain/accounts/password';
import { apiErrorSchema, type ApiErrorBody } from '@/domain/api-error';
import { checklistMessages } from '@/domain/checklists/checklist-view';
import type { Logger } from './logger';
import type { WriteOutcome } from './outcome';
import type { PersonRow } from './presenters';
import { markNoStore } from './security/no-store';
import { logRequestEvent, logSecurityEvent, type SecurityEventName } from './security/security-events';
import type { RateDecision, RateRuleName, WriteAction } from './security/rate-limit';

// What every feature's routes share: the request's environment, the router, sign-in, and the small
// builders each route declaration uses to say what it takes and returns.

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  /** The session this request came with (the Sessions list marks it "This device"). */
  sessionId: string;
  /** Their profile, as a notification names them, when the session's statement read it. */
  person?: PersonRow | null;
};

export type AppEnv = {
  Variables: {
    /**
     * The signed-in user, looked up on first use and remembered for the request. Routes that do not
     * ask (browse, tags) cost no session queries.
     */
    currentUser: () => Promise<SessionUser | null>;
    clientIp: string;
    /** The app's logger (security events: security/security-events.ts). */
    logger: Logger;
    /**
     * The signed-in user, and their content write counted against its quotas from this request's
     * address (in the statement that reads the session, when it is the request's first look-up).
     */
    currentUserWriting: (action: WriteAction) => Promise<{ user: SessionUser; quota: RateDecision } | null>;
    /**
     * The signed-in user, and the decision on their read counted against the per-user limits
     * `rules`, in order, when the statement that read the session counted it (the request's first
     * look-up, of a session usable as it is); without `decision`, nothing was counted.
     */
    currentUserLimited: (
      rules: readonly RateRuleName[],
    ) => Promise<{ user: SessionUser; decision: RateDecision | undefined } | null>;
    /** Counts one event of a rate-limit rule (security/rate-limit.ts) for the key `parts` make. */
    consumeRate: (rule: RateRuleName, ...parts: string[]) => Promise<RateDecision>;
  };
};

/** The environment after `requireUser`: the signed-in user is on `c.var.user`. */
export type SignedInEnv = { Variables: AppEnv['Variables'] & { user: SessionUser } };

/** A feature's router: validation failures respond 400 with the schema's own messages. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const fieldErrors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const key = issue.path.join('.') || '_';
        fieldErrors[key] ??= issue.message;
      }
      const first = result.error.issues[0]?.message ?? 'Invalid request.';
      // A refused new password carries the spec's weak_password code with its reasons.
      const reasons = result.error.issues.flatMap((issue) =>
        issue.message === passwordMessages.tooShort
          ? ['length']
          : issue.message === passwordMessages.common
            ? ['common']
            : [],
      );
      if (reasons.length > 0) {
        return c.json({ message: first, code: 'weak_password', fieldErrors, reasons } satisfies ApiErrorBody, 400);
      }
      return c.json({ message: first, code: 'invalid_input', fieldErrors } satisfies ApiErrorBody, 400);
    },
  });
}

export function apiError(c: Context, status: ContentfulStatusCode, body: ApiErrorBody) {
  return c.json(body, status);
}

/**
 * The socket's address; behind no proxy this is the only address that cannot be forged. The
 * request's `clientIp` is resolved from it in app.ts (TRUSTED_PROXIES: security/client-address.ts).
 */
export function readClientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
}

// Small builders so each route declaration reads as what it takes and returns.

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});
export const errorContent = (description: string) => jsonContent(apiErrorSchema, description);
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
export const idParams = z.object({ id: z.string() });
/** The body of a change with nothing more to report than that it was made. */
export const okSchema = z.object({ ok: z.literal(true) });
/** The 200 of a change that answers `{ ok: true }`. */
export const okContent = (description: string) => jsonContent(okSchema, description);

/** The usual error responses of a route that changes something. */
export const commonErrors = {
  400: errorContent('Invalid input, or an action the rules refuse'),
  401: errorContent('Not signed in'),
  403: errorContent('Not yours'),
  404: errorContent('Not found, or private and not yours'),
} satisfies RouteConfig['responses'];

export const notSignedInBody = { message: 'Auth session missing!', code: 'unauthorized' };

/**
 * Sign-in as middleware (STYLE.md habit 12): a visitor gets 401 (with `message` when the route has
 * words of its own, such as "Sign in to post a comment."), before the request is validated; a
 * signed-in user is put on `c.var.user` for the handler. With `quota`, the write is counted against
 * that action's quotas first (see `limitedWrite`).
 */
export function requireUser(options: { message?: string; quota?: WriteAction; limits?: RouteRateLimit[] } = {}) {
  const body = options.message ? { message: options.message, code: 'unauthorized' } : notSignedInBody;
  return createMiddleware<SignedInEnv>(async (c, next) => {
    // A response for one user (or the 401 that says there is none) is never cached.
    c.header('Cache-Control', 'no-store');
    const limits = options.limits ?? [];
    // Without a write quota, the route's per-user limits are counted by the statement that reads the
    // session when it can be (a session usable as it is, on the request's first look-up), before the
    // others; otherwise all of them are counted after it, in the order they were declared.
    const byUser = options.quota ? [] : limits.filter((limit) => limit.isPerUser);
    const writing = options.quota ? await c.var.currentUserWriting(options.quota) : null;
    const limited = byUser.length > 0 ? await c.var.currentUserLimited(byUser.map((limit) => limit.rule)) : null;
    const user = writing?.user ?? limited?.user ?? (await c.var.currentUser());
    if (!user) return c.json(body, 401);
    c.set('user', user);
    const counted = writing?.quota ?? limited?.decision;
    if (counted && !counted.allowed) return tooManyRequests(c, counted.retryAfterSeconds);
    const refused = await refusedByRateLimit(
      c,
      user,
      ...(limited?.decision ? limits.filter((limit) => !limit.isPerUser) : limits),
    );
    if (refused) return refused;
    await next();
    markNoStore(c);
  });
}

/**
 * Spread into `createRoute` for a route that needs a signed-in user: its handler reads `c.var.user`.
 * The route still lists its 401 among its responses, for the OpenAPI document (`signedInRoute` does both).
 */
export const signedIn = { middleware: requireUser() };

/**
 * A route for a signed-in user (`signedIn`), its 401 declared beside its own responses. Its type
 * parameters are createRoute's own, not `const` as writeRoute's: under `const`, a `...commonErrors`
 * spread in the config's responses gets string keys ("404"), which the handler's typed responses miss.
 */
export function signedInRoute<P extends string, R extends Omit<RouteConfig, 'middleware' | 'path'> & { path: P }>(
  config: R,
) {
  return createRoute({ ...config, ...signedIn, responses: { 401: commonErrors[401], ...config.responses } });
}

/**
 * Spread into `createRoute` for a content write with a quota (or use `writeRoute`): sign-in as
 * `signedIn`, then the user's and the address's quotas for `action` (security/rate-limit.ts), so
 * a refused write is 429 with Retry-After before anything is validated or written. The route
 * lists `...rateLimited` among its responses.
 */
export function limitedWrite(action: WriteAction, options: { message?: string } = {}) {
  return { middleware: requireUser({ ...options, quota: action }) };
}

/**
 * A rate limit a route declares: the rule, and its key read from the request. A key of null means
 * the rule does not apply to this request (a body without an address has no account to count).
 */
export type RouteRateLimit = {
  rule: RateRuleName;
  keyOf: (c: Context<AppEnv>, user: SessionUser | null) => string | null | Promise<string | null>;
  /** Keyed by the signed-in user's id alone (`perUser`), so countable with their session. */
  isPerUser?: boolean;
};

/** A limit per client address (an IPv6 address counts by its /64). */
export const perAddress = (rule: RateRuleName): RouteRateLimit => ({ rule, keyOf: (c) => c.var.clientIp });

/** A limit per signed-in user; declare it after sign-in (`signedInAndLimited`). */
export const perUser = (rule: RateRuleName): RouteRateLimit => ({
  rule,
  isPerUser: true,
  keyOf: (_c, user) => {
    if (!user) throw new Error(`The rate limit ${rule} counts per user: declare it after sign-in.`);
    return user.id;
  },
});

/**
 * Counts the request against each limit in turn and returns the 429 of the first that refuses it,
 * or null when all allow it. For a limit that applies only to some requests of a route (a share
 * preview not yet rendered); otherwise declare the limits on the route (`limited`).
 */
export async function refusedByRateLimit(
  // Any route's context: each has the request's address and `consumeRate` (set for every request).
  c: Context,
  user: SessionUser | null,
  ...limits: RouteRateLimit[]
) {
  for (const { rule, keyOf } of limits) {
    const key = await keyOf(c, user);
    if (key === null) continue;
    const decision = await c.var.consumeRate(rule, key);
    if (!decision.allowed) return tooManyRequests(c, decision.retryAfterSeconds);
  }
  return null;
}

/** Middleware: a request over any of `limits` is 429 with Retry-After before it is validated. */
export function rateLimit(...limits: RouteRateLimit[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const refused = await refusedByRateLimit(c, null, ...limits);
    if (refused) return refused;
    await next();
  });
}

/** Spread into `createRoute` for a route anyone may call, with rate limits. */
export const limited = (...limits: RouteRateLimit[]) => ({ middleware: [rateLimit(...limits)] });

/** Spread into `createRoute` for a signed-in route with rate limits (sign-in first, so `perUser` has its user). */
export const signedInAndLimited = (...limits: RouteRateLimit[]) => ({ middleware: requireUser({ limits }) });

/** The 429 of a route with a quota, for the OpenAPI document. */
export const rateLimited = {
  429: errorContent('Too many of these lately: Retry-After says how many seconds to wait'),
} satisfies RouteConfig['responses'];

/**
 * A signed-in route under the per-user limit `rule` (a read a person makes a few times a minute,
 * or a costly lookup): sign-in, then the limit, and its 400, 401 and 429 declared beside its own
 * responses (a read of one's own thing adds its 404).
 */
export function perUserLimitedRoute<P extends string, R extends Omit<RouteConfig, 'middleware' | 'path'> & { path: P }>(
  rule: RateRuleName,
  config: R,
) {
  return createRoute({
    ...config,
    ...signedInAndLimited(perUser(rule)),
    responses: { 400: commonErrors[400], 401: commonErrors[401], ...rateLimited, ...config.responses },
  });
}

/**
 * A content write's route: signed in, its quota counted before anything is validated, and the
 * usual error responses (400, 401, 403, 404, 429) declared beside its own.
 */
export function writeRoute<const R extends Omit<RouteConfig, 'middleware'>>(
  quota: WriteAction,
  config: R,
  options: { message?: string } = {},
) {
  return createRoute({
    ...config,
    ...limitedWrite(quota, options),
    responses: { ...commonErrors, ...rateLimited, ...config.responses },
  });
}

/**
 * Deleting one of the user's own things by its id: signed in, 200 `{ ok: true }`, and the usual
 * error responses (a missing one, or someone else's, is refused as the action decides). With a
 * `quota`, the delete is a content write counted against it first, as `writeRoute`'s are (and
 * declares their 429).
 */
export function deleteRoute<const P extends string>(path: P, summary: string, quota?: WriteAction) {
  return createRoute({
    method: 'delete',
    path,
    middleware: requireUser({ quota }),
    summary,
    request: { params: idParams },
    responses: { 200: okContent('Deleted'), ...commonErrors, ...(quota ? rateLimited : {}) },
  });
}

/**
 * A toggle on one thing (a like, a follow, a save): PUT turns it on and DELETE off, at one path with
 * one request, each harmless twice. Both are content writes counted against `quota` (`writeRoute`)
 * and respond 200 with the thing's new `state`; this returns the declaration of either.
 */
export function toggleRoute<const P extends string, const Q extends RouteConfig['request'], S extends z.ZodType>(
  quota: WriteAction,
  toggle: { path: P; request: Q; state: S },
) {
  return <const M extends 'put' | 'delete'>(method: M, summary: string, description: string) =>
    writeRoute(quota, {
      method,
      path: toggle.path,
      summary,
      request: toggle.request,
      responses: { 200: jsonContent(toggle.state, description) },
    });
}

/** The state a toggle's route answers with (its 200 body). */
type ToggleState<R extends RouteConfig> = R['responses'] extends {
  200: { content: { 'application/json': { schema: infer S extends z.ZodType } } };
}
  ? z.output<S>
  : never;

/**
 * The one handler of a toggle's PUT and DELETE (`toggleRoute`, or an item's completion), `isOn`
 * saying which way: `set` turns the thing on or off for the signed-in user, and the answer is its
 * new state, or the refusal (`notFoundMessage` for a missing thing).
 */
export function toggleHandler<R extends RouteConfig & { responses: { 400: unknown; 403: unknown; 404: unknown } }>(
  set: (c: Parameters<RouteHandler<R>>[0], isOn: boolean) => Promise<WriteOutcome<ToggleState<R>>>,
  notFoundMessage?: string,
) {
  return (isOn: boolean) =>
    // Sound: `set` answers the route's own 200 state, and a refusal is among the errors a toggle declares.
    (async (c: Parameters<RouteHandler<R>>[0]) => {
      const outcome = await set(c, isOn);
      return outcome.ok ? c.json(outcome.value, 200) : refusal(c, outcome, notFoundMessage);
    }) as unknown as RouteHandler<R>;
}

/** Who is asking where a visitor may ask too: the signed-in user's id, or null. */
export async function userIdOf(c: Context<AppEnv>): Promise<string | null> {
  return (await c.var.currentUser())?.id ?? null;
}

/** 404 with `message`: the same answer for a missing thing and for someone else's private one. */
export function notFound(c: Context, message: string = checklistMessages.notFound) {
  return c.json({ message, code: 'not_found' }, 404);
}

/** Turns a refused write into its response: 404 for missing (or private), 403 or 400 with the rule's message. */
export function refusal(
  c: Context,
  outcome: Exclude<WriteOutcome<unknown>, { ok: true }>,
  notFoundMessage: string = checklistMessages.notFound,
) {
  if (outcome.reason === 'not_found') {
    // The same 404 either way; the log tells someone else's private thing from a missing one.
    if (outcome.hidden) {
      const user = c.get('user') as SessionUser | undefined;
      logRequestEvent(c as Context<AppEnv>, 'access.refused', {
        userId: user?.id ?? null,
        outcome: 'private',
        ...outcome.hidden,
      });
    }
    return notFound(c, notFoundMessage);
  }
  return c.json({ message: outcome.message, code: outcome.reason }, outcome.reason === 'forbidden' ? 403 : 400);
}

/**
 * A request a rate limit refused: 429 with the spec's words and how long to wait in `Retry-After`.
 * Every refusal is a security event (`rate-limit.refused` unless the caller names a closer one).
 */
export function tooManyRequests(
  c: Context,
  retryAfterSeconds: number,
  event: { name?: SecurityEventName; userId?: string | null } = {},
) {
  const logger = c.get('logger') as Logger | undefined;
  if (logger) {
    const userId = event.userId ?? (c.get('user') as SessionUser | undefined)?.id ?? null;
    logSecurityEvent(logger, event.name ?? 'rate-limit.refused', {
      userId,
      ip: String(c.get('clientIp') ?? 'unknown'),
      outcome: 'refused',
      path: c.req.path,
      retryAfterSeconds,
    });
  }
  c.header('Retry-After', String(retryAfterSeconds));
  return c.json({ message: accountMessages.tooManyRequests, code: 'rate_limited' }, 429);
}
