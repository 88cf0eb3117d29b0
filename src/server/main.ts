import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createAuth } from './accounts/auth';
import { createApp } from './app';
import { upsertBadgeDefinitions } from './badges/badges.actions';
import { withStartupLock } from './db/client';
import { openDatabase } from './db/open';
import { ConfigError, loadEnv, resolveAuthSecret } from './env';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { createNotificationHub } from './notifications/live';
import { startNotificationMailer } from './notifications/notification-mails';
import { findPublishedDemoAccount, seedIfEmpty } from './seed/seed';
import { pruneRateLimits } from './security/rate-limit';
import { expireUnconfirmedSignUps } from './accounts/own-profile.actions';

/** How long a stop waits for requests in flight. */
const STOP_GRACE_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env);
  const startedAt = performance.now();
  // Until the server is up, a failure anywhere (a program that would not spawn, say) is one line.
  const onStartupCrash = (error: Error) => {
    console.error(`Ticklist could not start: ${error.message}`);
    process.exit(1);
  };
  process.once('uncaughtException', onStartupCrash);

  const database = await openDatabase(env, logger);
  const { db } = database;
  await withStartupLock(db, async () => {
    // Definitions live in code (decision 011); the table is kept in step before anything grants.
    await upsertBadgeDefinitions(db);
    if (env.shouldSeedDemo) await seedIfEmpty(db, logger);
  });
  // A public site must not open with accounts whose password is printed in the README.
  if (!env.isLocalOrigin) {
    const demoAccount = await findPublishedDemoAccount(db);
    if (demoAccount) {
      console.error(
        `BASE_URL (${env.baseUrl}) is public, but demo account ${demoAccount} still has the published demo password: ` +
          'delete the users whose e-mail ends in @demo.ticklist.local, or start with a localhost BASE_URL.',
      );
      await database.close();
      process.exit(1);
    }
  }

  const mailer = createMailer(env, db, logger);
  const notificationMails = await startNotificationMailer({ db, mailer, logger, baseUrl: env.baseUrl });
  const auth = createAuth({ db, env, secret: resolveAuthSecret(env), mailer, logger });
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
  const hub = createNotificationHub(db, logger);
  let isStopping = false;
  const lifecycle = { database: database.state, isStopping: () => isStopping };
  const app = createApp({ db, env, auth, mailer, logger, hub, clientDir, lifecycle });

  const server = serve({ fetch: app.fetch, port: env.port }, (info) => {
    logger.info(
      {
        url: env.baseUrl,
        port: info.port,
        database: database.isEmbedded ? 'embedded' : 'DATABASE_URL',
        mail: env.hasDevMailbox ? `${env.baseUrl}/dev/mailbox` : mailer.isOutbox ? 'outbox' : 'smtp',
        startupMs: Math.round(performance.now() - startedAt),
      },
      'Ticklist is ready',
    );
    process.removeListener('uncaughtException', onStartupCrash);
  });
  server.on('error', (error) => {
    logger.fatal({ err: error }, `cannot listen on port ${env.port}`);
    void stop('listen-error', 1);
  });
  const pruneTimer = setInterval(
    () => {
      void pruneRateLimits(db).catch(() => undefined);
      void expireUnconfirmedSignUps(db).catch(() => undefined);
    },
    60 * 60 * 1000,
  );
  pruneTimer.unref();

  /**
   * Graceful stop: /api/ready answers 503 at once; no new connections; event streams end with a
   * reconnect hint; requests in flight finish (at most STOP_GRACE_MS); the outbox finishes the mail
   * it is sending; then PostgreSQL stops.
   */
  const stop = async (signal: string, exitCode = 0) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'stopping');
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    await hub.close();
    const nodeServer = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
    nodeServer.closeIdleConnections?.();
    const isDrained = await Promise.race([drained.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
    if (!isDrained) {
      logger.warn({ afterMs: STOP_GRACE_MS }, 'requests still running at the end of the grace period; closing them');
      nodeServer.closeAllConnections?.();
    }
    await notificationMails.close();
    await mailer.idle();
    await database.close();
    logger.info('stopped');
    process.exit(exitCode);
  };
  // A promise nobody awaited failing (a background sweep while the database is away, say) is
  // logged; it must not take the site down with it.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
