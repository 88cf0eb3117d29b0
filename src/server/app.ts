import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { getSessionCookie } from 'better-auth/cookies';
import { bodyLimit } from 'hono/body-limit';
import { accepts } from 'hono/accepts';
import { compress } from 'hono/compress';
import type { Context, Next } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { accountMessages } from '@/domain/accounts/account-forms';
import { accountDataRoutes } from './accounts/account-data.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { emailChangeRoutes } from './accounts/email-change.routes';
import type { Auth } from './accounts/auth';
import { authGate } from './accounts/auth-gate';
import { HEAD_LOOKUP_MS, headFor, pageTemplate, SITE_HEAD, type RenderedBody } from './public-face/page-head';
import { modulePreloads, type PageBodyRenderer } from './public-face/page-body';
import {
  createVisitorPages,
  servedPage,
  visitorPageKey,
  type RenderedPage,
  type ServedPage,
} from './public-face/visitor-pages';
import { publicFaceRoutes } from './public-face/public-face.routes';
import { createPreviewRenderer, type PreviewLimits } from './public-face/share-preview/preview-renderer';
import { meRoutes } from './accounts/me.routes';
import { createSessionLookup, type Counted, type LookedUp } from './accounts/session-lookup';
import { badgesRoutes } from './badges/badges.routes';
import { checklistActionsRoutes, commentsRoutes } from './checklists/checklist-actions.routes';
import { remixesRoutes } from './checklists/remixes.routes';
import { livingListsRoutes } from './checklists/living-lists.routes';
import { createBrowseCursors, createSearchCounts, createSearchPages } from './browse/browse.queries';
import { checklistsRoutes } from './checklists/checklists.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import type { Database } from './db/client';
import { databaseErrorCode, responseForDatabaseError, unavailableResponse } from './db/errors';
import { createDiscoverCache } from './discover/discover.queries';
import { discoverRoutes } from './discover/discover.routes';
import { mailboxRoutes } from './dev/mailbox.routes';
import type { Env } from './env';
import { createRouter, readClientIp, type AppEnv } from './http';
import type { Logger } from './logger';
import { libraryRoutes } from './library/library.routes';
import { auditLogRoutes } from './moderation/audit-log.routes';
import { reviewRequestsRoutes } from './moderation/review-requests.routes';
import { roleAdminRoutes } from './moderation/role-admin.routes';
import { staffPicksRoutes } from './moderation/staff-picks.routes';
import { moderationQueueRoutes } from './moderation/queue.routes';
import type { Mailer } from './mail/mailer';
import type { NotificationHub } from './notifications/live';
import { notificationsRoutes } from './notifications/notifications.routes';
import { defaultStreamLimits, notificationStreamRoutes, type StreamLimits } from './notifications/stream.routes';
import { securityHeaders } from './security/headers';
import { noStoreForSessions } from './security/no-store';
import { blocksRoutes } from './social/blocks.routes';
import { socialRoutes } from './social/social.routes';
import { reportsRoutes } from './moderation/reports.routes';
import { resolveClientAddress } from './security/client-address';
import { sameOriginOnly } from './security/same-origin';
import { notifyingAfterCommit, type AfterCommitTask } from './notifications/notify-after-commit';
import {
  consumeRate,
  consumeWriteQuota,
  writeQuotas as defaultWriteQuotas,
  type WriteQuotas,
} from './security/rate-limit';

export const MAX_BODY_BYTES = 64 * 1024;

export type AppDeps = {
  db: Database;
  env: Pick<Env, 'baseUrl' | 'isHttps' | 'hasDevMailbox' | 'trustedProxies'>;
  auth: Auth;
  /** The server's secret (AUTH_SECRET, the same in every process): signs Browse's cursors. */
  secret: string;
  mailer: Mailer;
  logger: Logger;
  /** Live notifications: the streams' LISTEN connection (one per process). */
  hub: NotificationHub;
  /** The content-write quotas (security/rate-limit.ts); tests that are not about them raise them. */
  writeQuotas?: WriteQuotas | undefined;
  /** Bounds on the live event streams (notifications/stream.routes.ts); tests shorten the times. */
  streamLimits?: StreamLimits | undefined;
  /** Folder of the built client to serve, if any (dist/client). */
  clientDir?: string | undefined;
  /** Renders a public page's body for a visitor (the built dist/server/render.js; decision 025), if any. */
  renderPageBody?: PageBodyRenderer | undefined;
  /** How long a page waits for its own head and body (HEAD_LOOKUP_MS); tests that are not about it raise it. */
  pageWaitMs?: number | undefined;
  /** How a visitor's rendered pages are cached (public-face/visitor-pages.ts); tests shorten or stop it. */
  visitorPageOptions?: Parameters<typeof createVisitorPages>[0];
  /** How long Discover's shared sections are cached (DISCOVER_CACHE_MS); tests that write and read at once set 0. */
  discoverCacheTtlMs?: number | undefined;
  /** What /api/health and /api/ready report (main.ts knows; tests may leave it out). */
  lifecycle?: Lifecycle | undefined;
  /** How a slowed-down sign-in waits (auth-gate.ts); tests record the wait instead of sleeping. */
  pause?: ((ms: number) => Promise<void>) | undefined;
  /** Bounds on rendering share previews (public-face/share-preview/preview-renderer.ts); tests tighten them. */
  previewLimits?: PreviewLimits | undefined;
};

/** The process's view of itself, for load balancers. */
export type Lifecycle = {
  /** The embedded database's supervisor state; an external database is always 'external'. */
  database: () => 'up' | 'restarting' | 'stopped' | 'external';
  isStopping: () => boolean;
};

const alwaysUp: Lifecycle = { database: () => 'external', isStopping: () => false };

export function createApp({
  db,
  env,
  auth,
  secret,
  mailer,
  logger,
  hub,
  writeQuotas = defaultWriteQuotas,
  streamLimits = defaultStreamLimits,
  clientDir,
  renderPageBody,
  pageWaitMs = HEAD_LOOKUP_MS,
  visitorPageOptions,
  discoverCacheTtlMs,
  lifecycle = alwaysUp,
  pause,
  previewLimits,
}: AppDeps) {
  const app = createRouter();
  const isDatabaseReachable = () =>
    db.$client
      .query('select 1')
      .then(() => true)
      .catch(() => false);
  const unavailable = (c: Context) => {
    c.header('Retry-After', String(unavailableResponse.retryAfterS));
    return c.json(unavailableResponse.body, unavailableResponse.status);
  };

  app.use(async (c, next) => {
    const started = performance.now();
    c.set('clientIp', resolveClientAddress(readClientIp(c), c.req.header('x-forwarded-for'), env.trustedProxies));
    c.set('logger', logger);
    c.set('consumeRate', (rule, ...parts) => consumeRate(db, rule, ...parts));
    await next();
    logger.debug(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      'request',
    );
  });
  app.use(securityHeaders({ isHttps: env.isHttps }));
  app.use('/api/*', sameOriginOnly(env.baseUrl));
  // Every request body we accept is small; refuse big ones before anything reads them. A GET or
  // HEAD has no body to limit, and asking for one would build the whole Fetch Request (with its
  // AbortSignal) that @hono/node-server otherwise never makes for a read.
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: 'The request is too large.', code: 'too_large' }, 413),
  });
  const isRead = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD';
  app.use('/api/*', (c, next) => (isRead(c) ? next() : limitBody(c, next)));
  app.use('/api/*', noStoreForSessions());
  // A write's changes to notifications are NOTIFYed once it has committed (decision 045), and the
  // tasks it left in the outbox (a badge check, an automatic hiding) run then too. The write answers
  // as it did whatever they do: a failed one is logged here, and its task stays in the outbox for
  // the periodic sweep.
  const afterCommitFailed = (error: unknown, task: AfterCommitTask) =>
    task === 'notify'
      ? logger.warn({ err: error, task }, 'could not notify notification changes')
      : logger.warn({ err: error, task }, 'after-commit task failed; left in the outbox for the sweep');
  app.use('/api/*', (c, next) => (isRead(c) ? next() : notifyingAfterCommit(db, next, afterCommitFailed)));
  const lookUpSession = createSessionLookup(db, auth);
  app.use('/api/*', async (c, next) => {
    // One look-up a request: the first may also count the request (a write against its quotas, a
    // read against its per-user limits), and only that first one's decision is the count's.
    let lookup: { found: Promise<LookedUp | null>; counted: Counted | undefined } | undefined;
    const lookUp = async (counted?: Counted) => {
      lookup ??= { found: lookUpSession(c.req.raw.headers, c.var.clientIp, counted), counted };
      const found = await lookup.found;
      return (
        found && { user: found.user, decision: counted && lookup.counted === counted ? found.decision : undefined }
      );
    };
    c.set('currentUser', async () => (await lookUp())?.user ?? null);
    c.set('currentUserWriting', async (action) => {
      const found = await lookUp({ action, address: c.var.clientIp, quotas: writeQuotas });
      if (!found) return null;
      const quota = found.decision ?? (await consumeWriteQuota(db, action, found.user.id, c.var.clientIp, writeQuotas));
      return { user: found.user, quota };
    });
    c.set('currentUserLimited', async (rules) => lookUp({ rules }));
    await next();
  });

  app.use('/api/auth/*', authGate(db, pause));
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const response = await auth.handler(c.req.raw);
    // Better Auth responds to its own failures with a 500 ("Failed to get session"); when the cause is
    // a database that is away, say so as every other route does, so clients wait and try again.
    if (response.status >= 500 && !(await isDatabaseReachable())) return unavailable(c);
    return response;
  });

  const routes = app
    .route('/api/accounts', accountsRoutes({ db, auth, mailer, baseUrl: env.baseUrl }))
    .route('/api/accounts', emailChangeRoutes({ db, auth, mailer, baseUrl: env.baseUrl }))
    .route('/api/accounts', meRoutes({ db }))
    .route('/api/accounts', accountDataRoutes({ db, auth }))
    .route(
      '/api/checklists',
      checklistsRoutes({
        db,
        cursors: createBrowseCursors(secret),
        counts: createSearchCounts(),
        pages: createSearchPages(),
      }),
    )
    .route('/api/checklists', checklistActionsRoutes({ db }))
    .route('/api/checklists', remixesRoutes({ db }))
    .route('/api/checklists', livingListsRoutes({ db }))
    .route('/api/comments', commentsRoutes({ db }))
    .route('/api/library', libraryRoutes({ db }))
    .route('/api', socialRoutes({ db }))
    .route('/api', blocksRoutes({ db }))
    .route('/api', notificationsRoutes({ db }))
    .route('/api', discoverRoutes({ db, cache: createDiscoverCache(db, { ttlMs: discoverCacheTtlMs }) }))
    .route('/api', badgesRoutes({ db }))
    .route('/api', dashboardRoutes({ db }))
    .route('/api', reviewRequestsRoutes({ db }))
    .route('/api', staffPicksRoutes({ db }))
    .route('/api', auditLogRoutes({ db }))
    .route('/api', roleAdminRoutes({ db }))
    .route('/api', reportsRoutes({ db }))
    .route('/api', moderationQueueRoutes({ db, mailer }));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Ticklist API',
      version: '1.0.0',
      description: 'The HTTP API of Ticklist. Authentication endpoints live under /api/auth (Better Auth).',
    },
  });
  app.route('/api', notificationStreamRoutes({ db, hub, limits: streamLimits }));
  // For load balancers (README, "several app processes"): health says the process is alive (and
  // how its embedded database is doing); ready says it can serve: the database responds, the
  // migrations were applied before the app was built, and it is not shutting down.
  app.get('/api/health', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ ok: true, database: lifecycle.database() });
  });
  app.get('/api/ready', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (lifecycle.isStopping()) return c.json({ ready: false, reason: 'stopping' }, 503);
    return (await isDatabaseReachable())
      ? c.json({ ready: true })
      : c.json({ ready: false, reason: 'database unavailable' }, 503);
  });
  app.all('/api/*', (c) => c.json({ message: 'Not found', code: 'not_found' }, 404));

  // Only on a developer's machine (env.ts, hasDevMailbox): the outbox holds confirmation and reset links.
  if (env.hasDevMailbox && mailer.isOutbox) app.route('/dev', mailboxRoutes(mailer));

  // For crawlers and feed readers: robots.txt, the sitemaps, the Atom feeds and the
  // lists' share preview images.
  // Public words only, and a sitemap may be megabytes: compressed for whoever accepts it.
  for (const pattern of ['/sitemap.xml', '/sitemaps/*', '/feeds/*']) app.use(pattern, compress());
  app.route('/', publicFaceRoutes({ db, baseUrl: env.baseUrl, previews: createPreviewRenderer(previewLimits) }));

  if (clientDir && existsSync(path.join(clientDir, 'index.html'))) {
    const root = path.relative(process.cwd(), clientDir) || '.';
    const indexHtml = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    // Built files are named by their content: cached for a year, sent as their brotli or gzip copy
    // (made by the build) to whoever accepts it. The header goes on the file's own response: set in
    // serveStatic's onFound, it came after the response was made and reached it only by chance.
    const builtFiles = serveStatic({ root, precompressed: true });
    const builtFilesCached = (cacheControl: string) => async (c: Context<AppEnv>, next: Next) => {
      const file = await builtFiles(c, next);
      file?.headers.set('Cache-Control', cacheControl);
      // Plain or compressed, the response depends on Accept-Encoding: a cache must not hand the plain
      // copy it stored for one client to every other.
      if (file && !/accept-encoding/i.test(file.headers.get('Vary') ?? ''))
        file.headers.append('Vary', 'Accept-Encoding');
      return file;
    };
    app.use('/assets/*', builtFilesCached('public, max-age=31536000, immutable'));
    // The service worker is checked afresh at every visit, so a new version reaches the app at once
    // (which then offers it: "A new version is ready").
    app.use('/sw.js', builtFilesCached('no-cache'));
    // The client is a single-page app: every GET that is not a file gets index.html and React
    // Router decides. A public page's HTML carries its own head (title, description, previews,
    // feed), the landing page's too, so index.html itself is never served as a file.
    const renderPage = pageTemplate(indexHtml);
    // A page's HTML carries its rendered body and the API responses the app takes over: compressed,
    // a list's page is much smaller on a slow phone line; once per rendering, not per request
    // (public-face/visitor-pages.ts). Only pages (and the files beside them, compressed at build
    // time) are: an API response may hold a signed-in person's data beside words an attacker chose,
    // which compression would let a watcher of sizes guess at (BREACH).
    const sendPage = (c: Context<AppEnv>, page: ServedPage) => {
      c.header('Vary', 'Accept-Encoding', { append: true });
      const encoding = accepts(c, { header: 'Accept-Encoding', supports: ['gzip'], default: 'identity' });
      if (encoding !== 'gzip') return c.html(page.html);
      c.header('Content-Type', 'text/html; charset=UTF-8');
      c.header('Content-Encoding', 'gzip');
      return c.body(page.gzip as Uint8Array<ArrayBuffer>);
    };
    // A public list, a profile and Browse come rendered on the server for a visitor (decision 025):
    // the app's own code renders them with the responses of this app's API, asked in-process.
    const preloadsOf = modulePreloads(clientDir);
    const visitorPages = createVisitorPages(visitorPageOptions);
    const bodyFor = async (c: Context<AppEnv>, url: URL): Promise<RenderedBody | null> => {
      // Signed in (or a session that was): the app renders the page for whoever it turns out to be.
      if (!renderPageBody || getSessionCookie(c.req.raw.headers)) return null;
      const fetchApi = async (apiPath: string, init: RequestInit) =>
        app.request(apiPath, { method: init.method, signal: init.signal }, c.env);
      try {
        const body = await renderPageBody(url, fetchApi);
        return body && { root: body.root, data: body.data, preloads: preloadsOf(body.screen) };
      } catch (error) {
        logger.warn({ err: error, path: c.req.path }, 'page not rendered on the server; the shell is served');
        return null;
      }
    };
    const renderFullPage = async (c: Context<AppEnv>, url: URL): Promise<RenderedPage> => {
      // The app itself still loads, at once, while the database is away or slow, and shows its
      // "Try again" states: the page's own head and body are waited for at most pageWaitMs
      // (HEAD_LOOKUP_MS), then the page has the site's head and the shell's empty body.
      const timeUp = new Promise<null>((resolve) => setTimeout(resolve, pageWaitMs, null).unref());
      const [head, body] = await Promise.all([
        Promise.race([
          headFor(db, url).catch((error: unknown) => {
            logger.debug({ err: error, path: c.req.path }, 'page head unavailable; the site head is used');
            return null;
          }),
          timeUp,
        ]),
        Promise.race([bodyFor(c, url), timeUp]),
      ]);
      return { html: renderPage(head ?? SITE_HEAD, env.baseUrl, body), isCacheable: head !== null && body !== null };
    };
    const servePage = async (c: Context<AppEnv>) => {
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Cookie');
      const url = new URL(c.req.url);
      // A visitor's page is the same for every visitor: rendered once for all who ask within a few
      // seconds (public-face/visitor-pages.ts). Anyone with a session gets theirs rendered by the app.
      if (getSessionCookie(c.req.raw.headers)) return sendPage(c, servedPage((await renderFullPage(c, url)).html));
      const key = visitorPageKey(url);
      return sendPage(c, await visitorPages.serve(key, () => renderFullPage(c, new URL(key, url))));
    };
    app.get('/', servePage);
    app.get('/index.html', servePage);
    app.use('*', builtFiles);
    app.get('*', servePage);
  }

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    const response = responseForDatabaseError(error);
    if (response) {
      if (response.retryAfterS) c.header('Retry-After', String(response.retryAfterS));
      if (response.body.code === 'unavailable') logger.warn({ path: c.req.path }, 'database unavailable');
      // Input the database refused (a value not of its type) is the client's mistake: a warning,
      // with the SQLSTATE but not the failed statement's parameters, which a request chose.
      if (response.body.code === 'invalid_input')
        logger.warn({ path: c.req.path, code: databaseErrorCode(error) }, 'input refused by the database');
      return c.json(response.body, response.status);
    }
    logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ message: accountMessages.unexpected, code: 'internal' }, 500);
  });

  return routes;
}

export type App = ReturnType<typeof createApp>;
