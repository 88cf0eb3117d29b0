import cluster, { type Worker } from 'node:cluster';
import type { Lifecycle } from './app';
import { restartDelay } from './db/embedded-postgres';
import type { Logger } from './logger';
import { STOP_GRACE_MS } from './http-server';

// WEB_CONCURRENCY > 1 (decision 023): the primary owns the database, migrations, seeding and the
// background work; its workers only serve HTTP, on the one port Node's cluster module shares.

type DatabaseState = ReturnType<Lifecycle['database']>;

/** What the primary tells a worker. */
export type ToWorker =
  | { type: 'start'; databaseUrl: string; database: DatabaseState }
  | { type: 'database'; state: DatabaseState }
  | { type: 'stop' };
/** What a worker tells the primary: it listens for messages and wants its settings. */
export type ToPrimary = { type: 'worker-started' };

/** Deaths within this window count towards the back-off before a replacement. */
const DEATH_WINDOW_MS = 60_000;
/** After a stop was asked for, how long the primary waits for its workers before killing them. */
const WORKER_STOP_TIMEOUT_MS = STOP_GRACE_MS + 5_000;

/**
 * How long to wait before replacing a worker, given when workers died (the newest last): 0.5 s
 * for the first death in a minute, doubling with each further one, at most 30 s, as for the
 * embedded PostgreSQL. A worker that crashes on every start is not restarted in a tight loop.
 */
export function workerRestartDelay(deathTimes: number[], now: number): number {
  const recent = deathTimes.filter((time) => now - time < DEATH_WINDOW_MS).length;
  return restartDelay(Math.max(0, recent - 1));
}

export type WorkerPool = {
  /** Tells every worker the embedded database's new state (for /api/health). */
  setDatabaseState: (state: DatabaseState) => void;
  /** Asks every worker to stop gracefully; resolves when all have exited. No replacement after. */
  stop: () => Promise<void>;
};

/**
 * Forks `count` workers running `entry` (main.ts), and replaces one that dies unexpectedly, with
 * back-off. onReady is called once, when all of the first workers listen, with their pids; a
 * worker that exits before then means the cluster cannot start: onStartFailure.
 */
export function startWorkers(options: {
  count: number;
  entry: string;
  databaseUrl: string;
  database: DatabaseState;
  logger: Logger;
  onReady: (pids: number[]) => void;
  onStartFailure: (reason: string) => void;
}): WorkerPool {
  const { logger } = options;
  let database = options.database;
  let isStopping = false;
  let isReady = false;
  const joined = new Set<Worker>();
  const listening = new Set<Worker>();
  const deathTimes: number[] = [];
  const restartTimers = new Set<NodeJS.Timeout>();
  cluster.setupPrimary({ exec: options.entry });

  const send = (worker: Worker, message: ToWorker) => {
    if (worker.isConnected()) worker.send(message, () => undefined);
  };

  const fork = () => {
    const worker = cluster.fork();
    const pid = worker.process.pid;
    // Until a worker says it has started, a message to it could be lost: it is sent only then.
    worker.on('message', (message: ToPrimary) => {
      if (message.type !== 'worker-started') return;
      joined.add(worker);
      send(worker, isStopping ? { type: 'stop' } : { type: 'start', databaseUrl: options.databaseUrl, database });
    });
    worker.on('listening', () => {
      listening.add(worker);
      if (isReady) logger.info({ pid }, 'a worker is serving');
      else if (listening.size === options.count) {
        isReady = true;
        options.onReady([...listening].map((each) => each.process.pid!));
      }
    });
    worker.on('exit', (code, signal) => {
      listening.delete(worker);
      joined.delete(worker);
      if (isStopping) return;
      if (!isReady) {
        options.onStartFailure(`a worker (pid ${pid}) exited with ${signal ?? `code ${code}`} while starting`);
        return;
      }
      const now = Date.now();
      deathTimes.push(now);
      while (deathTimes.length > 0 && now - deathTimes[0]! >= DEATH_WINDOW_MS) deathTimes.shift();
      const afterMs = workerRestartDelay(deathTimes, now);
      logger.error({ pid, code, signal, afterMs }, 'a worker stopped unexpectedly; starting another');
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        if (!isStopping) fork();
      }, afterMs);
      restartTimers.add(timer);
    });
  };
  for (let index = 0; index < options.count; index++) fork();

  return {
    setDatabaseState: (state) => {
      database = state;
      for (const worker of joined) send(worker, { type: 'database', state });
    },
    stop: async () => {
      isStopping = true;
      restartTimers.forEach((timer) => clearTimeout(timer));
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      const exited = workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
          }),
      );
      joined.forEach((worker) => send(worker, { type: 'stop' }));
      const timeout = setTimeout(() => {
        logger.warn({ afterMs: WORKER_STOP_TIMEOUT_MS }, 'workers still running after the stop timeout; killing them');
        workers.forEach((worker) => worker.process.kill('SIGKILL'));
      }, WORKER_STOP_TIMEOUT_MS);
      await Promise.all(exited);
      clearTimeout(timeout);
    },
  };
}

/**
 * In a worker: tells the primary it is listening for messages and resolves with its settings;
 * later messages (the database's state, stop) go to the handlers.
 */
export function joinPrimary(handlers: {
  onDatabaseState: (state: DatabaseState) => void;
  onStop: () => void;
}): Promise<{ databaseUrl: string; database: DatabaseState }> {
  return new Promise((resolve) => {
    process.on('message', (message: ToWorker) => {
      if (message.type === 'start') resolve({ databaseUrl: message.databaseUrl, database: message.database });
      else if (message.type === 'database') handlers.onDatabaseState(message.state);
      else if (message.type === 'stop') handlers.onStop();
    });
    process.send?.({ type: 'worker-started' } satisfies ToPrimary);
  });
}
