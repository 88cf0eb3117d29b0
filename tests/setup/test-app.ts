import pino from 'pino';
import { afterAll } from 'vitest';
import { createAuth } from '../../src/server/accounts/auth';
import { createApp, type AppDeps } from '../../src/server/app';
import { upsertBadgeDefinitions } from '../../src/server/badges/badges.actions';
import type { Database } from '../../src/server/db/client';
import { hasDevMailbox } from '../../src/server/env';
import { createLogger } from '../../src/server/logger';
import { createMailer, type OutboxMail } from '../../src/server/mail/mailer';
import { createNotificationHub } from '../../src/server/notifications/live';
import type { PageBodyRenderer } from '../../src/server/public-face/page-body';
import { startNotificationMailer } from '../../src/server/notifications/notification-mails';
import type { StreamLimits } from '../../src/server/notifications/stream.routes';
import type { PreviewLimits } from '../../src/server/public-face/share-preview/preview-renderer';
import { parseTrustedProxies } from '../../src/server/security/client-address';
import { writeQuotas, type WriteQuotas } from '../../src/server/security/rate-limit';
import { createTestDatabase } from './test-database';

export const TEST_BASE_URL = 'http://localhost:3000';
/** The test app's AUTH_SECRET: sessions, and Browse's cursors (a test may sign one of its own). */
export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';

type RequestOptions = { method?: string; json?: unknown; headers?: Record<string, string>; ip?: string };

/** A browser-like caller: keeps its cookies and sends our Origin, like the real client. */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: ReturnType<typeof createApp>,
    private readonly baseUrl: string,
  ) {}

  async request(path: string, options: RequestOptions = {}): Promise<Response> {
    const method = options.method ?? (options.json === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { origin: this.baseUrl, ...options.headers };
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const response = await this.app.request(
      url,
      {
        method,
        headers,
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
        redirect: 'manual',
      },
      { incoming: { socket: { remoteAddress: options.ip ?? '127.0.0.1' } } },
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  post(path: string, json: unknown, options: Omit<RequestOptions, 'json'> = {}) {
    return this.request(path, { ...options, method: 'POST', json });
  }
}

/**
 * The content-write quotas, a thousand times over: tests that make many writes quickly are not
 * about quotas (tests/api/write-quotas.test.ts is, with `realWriteQuotas`).
 */
const roomyWriteQuotas = Object.fromEntries(
  Object.entries(writeQuotas).map(([action, quota]) => [
    action,
    { perDay: quota.perDay * 1000, perMinute: quota.perMinute * 1000 },
  ]),
) as WriteQuotas;

export async function createTestApp(
  options: {
    baseUrl?: string;
    db?: Database;
    smtpUrl?: string;
    mailOutbox?: 'allow';
    /** Where the app logs (a captured stream); silent otherwise. */
    logDestination?: pino.DestinationStream;
    realWriteQuotas?: boolean;
    /** TRUSTED_PROXIES, as env.ts reads it. */
    trustedProxies?: string;
    streamLimits?: StreamLimits;
    /** A folder holding the client's index.html, to serve pages as the built app does. */
    clientDir?: string;
    previewLimits?: PreviewLimits;
    /** Renders public pages on the server (src/client/entry-server.tsx), as the built app does. */
    renderPageBody?: PageBodyRenderer;
    /** How long a page waits for its head and body (the app's default: HEAD_LOOKUP_MS). */
    pageWaitMs?: number;
    /** How a visitor's rendered pages are cached; by default not at all, so each test sees its own writes. */
    visitorPageOptions?: AppDeps['visitorPageOptions'];
    /** Runs while a slowed-down sign-in waits, before its password is checked (a race, made to order). */
    duringPause?: () => Promise<void>;
    /** How long Discover's shared sections are cached; by default not at all, so each test sees its own writes. */
    discoverCacheTtlMs?: number;
  } = {},
) {
  const baseUrl = options.baseUrl ?? TEST_BASE_URL;
  const db = options.db ?? (await createTestDatabase()).db;
  // As main.ts does at start-up: grants refer to the badge definitions.
  await upsertBadgeDefinitions(db);
  const logger = options.logDestination
    ? createLogger({ logLevel: 'info' }, options.logDestination)
    : pino({ level: 'silent' });
  // Slowed-down sign-ins record their wait here instead of sleeping (auth-gate.ts).
  const pauses: number[] = [];
  const pause = async (ms: number) => {
    pauses.push(ms);
    await options.duringPause?.();
  };
  // The outbox's pages follow the same rule as a real start-up (env.ts).
  const isDevMailbox = hasDevMailbox({ baseUrl, smtpUrl: options.smtpUrl, mailOutbox: options.mailOutbox });
  const mailer = createMailer(
    { smtpUrl: options.smtpUrl, mailFrom: 'Ticklist <test@ticklist.local>', hasDevMailbox: isDevMailbox },
    db,
    logger,
  );
  const env = {
    baseUrl,
    isHttps: baseUrl.startsWith('https:'),
    hasDevMailbox: isDevMailbox,
    trustedProxies: parseTrustedProxies(options.trustedProxies),
  };
  const auth = createAuth({ db, env, secret: TEST_SECRET, mailer, logger });
  const hub = createNotificationHub(db, logger);
  afterAll(() => hub.close());
  // Manual: tests send queued notification mails with dispatchMails(), at the moment they choose.
  const notificationMails = await startNotificationMailer({ db, mailer, logger, baseUrl, isManual: true });
  afterAll(() => notificationMails.close());
  const app = createApp({
    db,
    env,
    auth,
    secret: TEST_SECRET,
    mailer,
    logger,
    hub,
    pause,
    writeQuotas: options.realWriteQuotas ? writeQuotas : roomyWriteQuotas,
    streamLimits: options.streamLimits,
    clientDir: options.clientDir,
    previewLimits: options.previewLimits,
    renderPageBody: options.renderPageBody,
    pageWaitMs: options.pageWaitMs,
    visitorPageOptions: options.visitorPageOptions ?? { ttlMs: 0 },
    discoverCacheTtlMs: options.discoverCacheTtlMs ?? 0,
  });
  return {
    app,
    db,
    auth,
    /** This app's notification hub: closing it ends its streams and its LISTEN connection, as a stopping process does. */
    hub,
    mailer,
    baseUrl,
    /** The waits slowed-down sign-ins asked for, in order. */
    pauses,
    agent: () => new Agent(app, baseUrl),
    /** Mail stored in the local outbox, newest first. */
    outbox: async (): Promise<OutboxMail[]> => {
      await mailer.idle();
      return mailer.listOutbox();
    },
    /** Sends the queued notification mails now, as a woken dispatcher would; resolves with how many. */
    dispatchMails: () => notificationMails.dispatchNow(),
    /** The first link of the newest mail to `to`. */
    lastLinkTo: async (to: string): Promise<string> => {
      await mailer.idle();
      const mail = (await mailer.listOutbox()).find((entry) => entry.to === to.toLowerCase() || entry.to === to);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no mail with a link to ${to}`);
      return link;
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
