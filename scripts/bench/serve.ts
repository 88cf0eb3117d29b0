// Serving what the bench measures: the app on the bench's database, in the bench's own process
// or as the built server (`--workers N`), on a fixed loopback port.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createAuth } from '../../src/server/accounts/auth';
import { foldTagCounts, TAG_COUNT_FOLD_MS } from '../../src/server/browse/browse.queries';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createMailer } from '../../src/server/mail/mailer';
import { createNotificationHub } from '../../src/server/notifications/live';
import { builtPageBodyRenderer } from '../../src/server/public-face/page-body';
import { parseTrustedProxies } from '../../src/server/security/client-address';

export const PORT = 3999;
export const BASE_URL = `http://localhost:${PORT}`;
/** The app's AUTH_SECRET here, in one process or built: it signs the deep cases' Browse cursors, made beforehand. */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-1';

/**
 * What the cases are measured against: the app in this process (SQL counted per query, RSS of this
 * process), or the built server in processes of its own (SQL from pg_stat_statements, RSS of the
 * primary and its workers together).
 */
export type Target = {
  describe: string;
  /** A running count of SQL statements the app has sent. */
  statements: () => Promise<number>;
  /** Waits until every request the load generator left in flight has its response; how many were served, if known. */
  settle: () => Promise<number | null>;
  /** Resident memory of the app's process(es) now, in bytes. */
  rss: () => number;
  close: () => Promise<void>;
};

export function serveInProcess(db: Database, statements: { count: number }): Target {
  const logger = pino({ level: 'silent' });
  const env = {
    baseUrl: BASE_URL,
    isHttps: false,
    hasDevMailbox: false,
    // The load generator stands in for the proxy in front: it says which address each user is at.
    trustedProxies: parseTrustedProxies('127.0.0.1'),
  };
  const mailer = createMailer(
    { smtpUrl: undefined, mailFrom: 'bench@ticklist.local', hasDevMailbox: false },
    db,
    logger,
  );
  const auth = createAuth({ db, env, secret: BENCH_SECRET, mailer, logger });
  const hub = createNotificationHub(db, logger);
  // Pages are served as the built server serves them: the client's shell, and visitors' pages
  // rendered by its renderer. Without a build, a page case cannot be measured (see pageCases).
  const built = path.resolve(import.meta.dirname, '../../dist');
  const clientDir = existsSync(path.join(built, 'client', 'index.html')) ? path.join(built, 'client') : undefined;
  const renderPageBody = clientDir ? builtPageBodyRenderer(path.join(built, 'server')) : undefined;
  const app = createApp({ db, env, auth, secret: BENCH_SECRET, mailer, logger, hub, clientDir, renderPageBody });
  // Responses sent, counted by the server: autocannon stops with requests in flight, whose
  // statements still run, so SQL/req divides by what was served once all of them are done.
  const traffic = { inFlight: 0, served: 0 };
  const server = serve({
    // The node server's bindings go through: the app reads the client's socket from them.
    fetch: async (...args: Parameters<typeof app.fetch>) => {
      traffic.inFlight++;
      try {
        return await app.fetch(...args);
      } finally {
        traffic.inFlight--;
        traffic.served++;
      }
    },
    port: PORT,
  });
  // The one piece of the server's background work a read depends on: the tag counts' waiting
  // changes, folded as the server folds them, so that the chips' read finds as few as it would.
  const foldTimer = setInterval(() => void foldTagCounts(db).catch(() => undefined), TAG_COUNT_FOLD_MS);
  return {
    describe: 'the app in the bench process (one process)',
    statements: () => Promise.resolve(statements.count),
    settle: async () => {
      while (traffic.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const served = traffic.served;
      traffic.served = 0;
      return served;
    },
    rss: () => process.memoryUsage.rss(),
    close: async () => {
      clearInterval(foldTimer);
      server.close();
      await hub.close();
    },
  };
}

/** The built server (`npm run build` first) on the bench's database, with `workers` workers. */
export async function serveBuilt(
  databaseUrl: string,
  workers: number,
  dir: string,
  db: Database,
  cpuProfileDir: string | null,
): Promise<Target> {
  const main = path.resolve(import.meta.dirname, '../../dist/server/main.js');
  if (!existsSync(main)) throw new Error('--workers runs the built server: run `npm run build` first.');
  // --cpu-prof: each process (the primary, and the workers it forks with the same flags) writes a
  // profile when it exits.
  const profiling = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`] : [];
  const child = spawn(process.execPath, [...profiling, main], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      BASE_URL,
      DATA_DIR: path.join(dir, 'app'),
      SEED_DEMO: '0',
      WEB_CONCURRENCY: String(workers),
      AUTH_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'error',
      // The load generator stands in for the proxy in front: it says which address each user is at.
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`The built server exited (${child.exitCode}) before responding.`);
    const health = await fetch(`http://127.0.0.1:${PORT}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (tries > 600) throw new Error('The built server did not respond to /api/health within 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Every worker responds before measuring (each takes connections as it starts).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const database = (
    await db.execute<{ oid: number }>(sql`select oid from pg_database where datname = current_database()`)
  ).rows[0]!.oid;
  return {
    describe: `the built server, WEB_CONCURRENCY=${workers} (${workers} worker${workers === 1 ? '' : 's'} and a primary)`,
    statements: async () =>
      (
        await db.execute<{ calls: number }>(sql`
          select coalesce(sum(calls), 0)::float8 as calls from pg_stat_statements
          where dbid = ${database} and query not like '%pg_stat_statements%'
            -- A deferred foreign key's checks run at commit, outside any statement, so they are
            -- recorded as statements of their own; they are not round trips.
            and query !~ '^SELECT \\S+ FROM ONLY .* FOR KEY SHARE OF x$'`)
      ).rows[0]!.calls,
    // Requests the load generator gave up on have their responses within a moment; they are not counted.
    settle: async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return null;
    },
    rss: () => processTreeRss(child.pid!),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The resident memory of a process and its descendants (Linux /proc), in bytes. */
function processTreeRss(pid: number): number {
  let total = 0;
  const queue = [pid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    try {
      const status = readFileSync(`/proc/${next}/status`, 'utf8');
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${next}/task`)) {
        const children = readFileSync(`/proc/${next}/task/${task}/children`, 'utf8').trim();
        if (children) queue.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}
