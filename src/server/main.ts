import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { upsertBadgeDefinitions } from './badges/badges.actions';
import { joinPrimary, startWorkers } from './cluster';
import { POOL_SIZE, withStartupLock, type Database } from './db/client';
import type { DatabaseState } from './db/embedded-postgres';
import { connectForRequests, openDatabase, type OpenDatabase } from './open-database';
import { ConfigError, loadEnv, resolveAuthSecret, type Env } from './env';
import { startHttpServer } from './http-server';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { startNotificationMailer } from './notifications/notification-mails';
import { findPublishedDemoAccount, seedIfEmpty } from './seed/seed';
import { pruneRateLimits } from './security/rate-limit';
import { expireUnconfirmedSignUps } from './accounts/own-profile.actions';
import { pruneEmailChangeLinks } from './accounts/email-change.actions';
import { pruneEndedSessions } from './accounts/sessions.actions';
import { endElapsedSuspensions } from './moderation/holds';
import { hasNoSuggestions, refreshItemSuggestions } from './checklists/item-suggestions.actions';
import { SUGGESTIONS_REFRESH_MINUTES } from '@/domain/checklists/item-suggestions';
import { pruneUntickMarks } from './checklists/progress.actions';
import { sweepBadgeChecks } from './badges/badge-checks';
import { sweepAutoHides } from './moderation/auto-hide';
import { foldTagCounts, TAG_COUNT_FOLD_MS } from './browse/browse.queries';
import { refreshTickStats } from './checklists/tick-stats.actions';

// Three ways to run (decision 023): WEB_CONCURRENCY=1 is one process that does everything; more
// is a cluster, whose primary owns the database, migrations, seeding and the background work,
// and whose workers (this same file, forked) only serve HTTP on the shared port.

/** Each app process's two pools: most statements (its LISTEN connection among them) and named ones. */
const CONNECTIONS_PER_PROCESS = 2 * POOL_SIZE;

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
  // Until the server is up, a failure anywhere (a program that would not spawn, say) is one line.
  const onStartupCrash = (error: Error) => {
    console.error(`Ticklist could not start: ${error.message}`);
    process.exit(1);
  };
  process.once('uncaughtException', onStartupCrash);
  const hasStarted = () => process.removeListener('uncaughtException', onStartupCrash);
  // A promise nobody awaited failing (a background sweep while the database is away, say) is
  // logged; it must not take the site down with it.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  if (cluster.isWorker) await runWorker(env, logger, hasStarted);
  else if (env.webConcurrency === 1) await runSingleProcess(env, logger, hasStarted);
  else await runPrimary(env, logger, hasStarted);
}

/** The database, migrated, with the badge definitions in step and (when asked) the demo content. */
async function prepareDatabase(
  env: Env,
  logger: Logger,
  options: Parameters<typeof openDatabase>[2] = {},
): Promise<OpenDatabase> {
  const database = await openDatabase(env, logger, options);
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
  return database;
}

/** Work done once per machine, not once per worker: the notification-mail outbox and hourly sweeps. */
async function startBackgroundWork(env: Env, db: Database, mailer: Mailer, logger: Logger) {
  const notificationMails = await startNotificationMailer({ db, mailer, logger, baseUrl: env.baseUrl });
  const pruneTimer = setInterval(
    () => {
      void pruneRateLimits(db).catch(() => undefined);
      void expireUnconfirmedSignUps(db).catch(() => undefined);
      void pruneEmailChangeLinks(db).catch(() => undefined);
      void pruneEndedSessions(db).catch(() => undefined);
      void pruneUntickMarks(db).catch(() => undefined);
      // A suspension ends within the hour after its time; its user's lists come back then.
      void endElapsedSuspensions(db).catch(() => undefined);
    },
    60 * 60 * 1000,
  );
  pruneTimer.unref();
  // What people really tick: a few lists' figures at a time, each at most an hour old.
  const tickStatsTimer = setInterval(() => void refreshTickStats(db).catch(() => undefined), 5 * 60 * 1000);
  tickStatsTimer.unref();
  // "Lists like this usually include…": worked out again every hour, and at once on a new database.
  const refreshSuggestions = () => void refreshItemSuggestions(db).catch(() => undefined);
  if (await hasNoSuggestions(db).catch(() => false)) refreshSuggestions();
  const suggestionsTimer = setInterval(refreshSuggestions, SUGGESTIONS_REFRESH_MINUTES * 60 * 1000);
  suggestionsTimer.unref();
  // What a process left in the outbox when it stopped between a write's commit and the work after
  // it (badge checks, automatic hiding): all of it now, then every minute what a live process has
  // not done within its half.
  const sweepChecks = (olderThanMs: number) => {
    void sweepBadgeChecks(db, olderThanMs).catch((error: unknown) => logger.warn({ err: error }, 'badge check sweep'));
    void sweepAutoHides(db, olderThanMs).catch((error: unknown) => logger.warn({ err: error }, 'auto-hide sweep'));
  };
  sweepChecks(0);
  const checksTimer = setInterval(() => sweepChecks(30_000), 60 * 1000);
  checksTimer.unref();
  // The tag counts' waiting changes, folded so that they stay few (the chips read past each one).
  const foldTags = () =>
    void foldTagCounts(db).catch((error: unknown) => logger.warn({ err: error }, 'tag count fold'));
  foldTags();
  const tagsTimer = setInterval(foldTags, TAG_COUNT_FOLD_MS);
  tagsTimer.unref();
  return {
    /** Lets the outbox finish the mail it is sending. */
    close: async () => {
      clearInterval(pruneTimer);
      clearInterval(tickStatsTimer);
      clearInterval(suggestionsTimer);
      clearInterval(checksTimer);
      clearInterval(tagsTimer);
      await notificationMails.close();
      await mailer.idle();
    },
  };
}

const describeMail = (env: Env, mailer: Mailer) =>
  env.hasDevMailbox ? `${env.baseUrl}/dev/mailbox` : mailer.isOutbox ? 'outbox' : 'smtp';

/** Stops once, on SIGINT or SIGTERM (or when asked), then exits with the code given. */
function onStopSignals(logger: Logger, stopAll: () => Promise<void>) {
  let isStopping = false;
  const stop = async (signal: string, exitCode = 0) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'stopping');
    await stopAll();
    logger.info('stopped');
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return stop;
}

/**
 * The stop of the process that owns the database (the single process, or the cluster's primary):
 * serving ends, then the background work, then the database. Each step is logged as it ends, so
 * that a stop that never ends says which step it is stuck in.
 */
function stopDatabaseOwner(
  logger: Logger,
  steps: {
    stopServing: () => Promise<void>;
    /** What the log says once serving has ended. */
    servingEnded: string;
    background: { close: () => Promise<void> };
    database: { close: () => Promise<void> };
  },
) {
  return onStopSignals(logger, async () => {
    await steps.stopServing();
    logger.info(`stopping: ${steps.servingEnded}`);
    await steps.background.close();
    logger.info('stopping: background work finished');
    await steps.database.close();
  });
}

/** WEB_CONCURRENCY=1: one process starts the database and serves. */
async function runSingleProcess(env: Env, logger: Logger, hasStarted: () => void) {
  const startedAt = performance.now();
  const database = await prepareDatabase(env, logger);
  const { db } = database;
  const mailer = createMailer(env, db, logger);
  const background = await startBackgroundWork(env, db, mailer, logger);
  const server = startHttpServer({
    env,
    db,
    mailer,
    logger,
    database: database.state,
    onListening: (port) => {
      logger.info(
        {
          url: env.baseUrl,
          port,
          database: database.isEmbedded ? 'embedded' : 'DATABASE_URL',
          mail: describeMail(env, mailer),
          startupMs: Math.round(performance.now() - startedAt),
        },
        'Ticklist is ready',
      );
      hasStarted();
    },
    onListenError: (error) => {
      logger.fatal({ err: error }, `cannot listen on port ${env.port}`);
      void stop('listen-error', 1);
    },
  });
  // Graceful stop: the server drains (http-server.ts), the outbox finishes the mail it is
  // sending, then PostgreSQL stops.
  const stop = stopDatabaseOwner(logger, {
    stopServing: () => server.stop(),
    servingEnded: 'requests finished',
    background,
    database,
  });
}

/** WEB_CONCURRENCY > 1, the primary: the database, then the workers that serve. */
async function runPrimary(env: Env, logger: Logger, hasStarted: () => void) {
  const startedAt = performance.now();
  // The workers are forked once the database is open; its state changes reach them from then on.
  let tellWorkers: (state: DatabaseState) => void = () => undefined;
  const database = await prepareDatabase(env, logger, {
    max: 4,
    // PostgreSQL's default (100) holds four processes; more workers need more connections.
    maxConnections: Math.max(100, CONNECTIONS_PER_PROCESS * (env.webConcurrency + 1) + 10),
    onStateChange: (state) => tellWorkers(state),
  });
  const { db } = database;
  // Made here once, so the workers read one secret rather than each generating its own.
  resolveAuthSecret(env);
  const mailer = createMailer(env, db, logger);
  const background = await startBackgroundWork(env, db, mailer, logger);
  const workers = startWorkers({
    count: env.webConcurrency,
    entry: fileURLToPath(import.meta.url),
    databaseUrl: database.url,
    database: database.state(),
    logger,
    onReady: (pids) => {
      logger.info(
        {
          url: env.baseUrl,
          port: env.port,
          database: database.isEmbedded ? 'embedded' : 'DATABASE_URL',
          mail: describeMail(env, mailer),
          workers: pids,
          startupMs: Math.round(performance.now() - startedAt),
        },
        'Ticklist is ready',
      );
      hasStarted();
    },
    onStartFailure: (reason) => {
      logger.fatal(`${reason}; stopping`);
      void stop('start-failure', 1);
    },
  });
  tellWorkers = workers.setDatabaseState;
  // Graceful stop: each worker drains as a single process does; once all have exited, the
  // outbox finishes the mail it is sending, then PostgreSQL stops.
  const stop = stopDatabaseOwner(logger, {
    stopServing: () => workers.stop(),
    servingEnded: 'workers exited',
    background,
    database,
  });
}

/** WEB_CONCURRENCY > 1, a worker: serves HTTP on the database the primary opened. */
async function runWorker(env: Env, logger: Logger, hasStarted: () => void) {
  let database: DatabaseState | 'external' = 'up';
  // Until the worker serves, a stop has nothing to drain.
  let stopAll = async (): Promise<void> => undefined;
  // Asked by the primary, or by a signal to the whole process group (Ctrl-C in a terminal).
  const stop = onStopSignals(logger.child({ worker: process.pid }), () => stopAll());
  const settings = await joinPrimary({
    onDatabaseState: (state) => (database = state),
    onStop: () => void stop('primary'),
  });
  database = settings.database;
  const db = connectForRequests(settings.databaseUrl, logger);
  const mailer = createMailer(env, db, logger);
  const server = startHttpServer({
    env,
    db,
    mailer,
    logger,
    database: () => database,
    onListening: hasStarted,
    onListenError: (error) => {
      logger.fatal({ err: error }, `cannot listen on port ${env.port}`);
      process.exit(1);
    },
  });
  stopAll = async () => {
    await server.stop();
    await mailer.idle();
    await db.$client.end().catch(() => undefined);
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
