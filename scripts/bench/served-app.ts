// What the bench and the load test measure against: the bench's database, seeded or reused, then
// restarted with the embedded server's settings, read into shared buffers, and the app served on
// it (in this process, or the built server with --workers N); all of it stopped after.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { connectDatabase, POOL_SIZE, type Database } from '../../src/server/db/client';
import { connectForRequests } from '../../src/server/open-database';
import { startBenchDatabase } from './database';
import type { BenchOptions, BenchSize } from './options';
import { serveBuilt, serveInProcess, type Target } from './serve';
import { warmConnections, warmSharedBuffers } from './warm';

/**
 * How many connections the served app's request pools hold together, and a pool of that size of
 * the bench's own; `isWarm`: the app's connections read the tables before measuring (the app in
 * this process; the built server's cannot be reached), so a pool of its size should too.
 */
export type AppPool = { connections: number; open: () => Database; isWarm: boolean };

/**
 * Seeds or reuses the database; unless --seed-only, serves the app on it and runs `work` with a
 * pool of `options.connections` (pg_stat_statements on; the app's own statements counted) and the target.
 */
export async function withServedApp(
  options: BenchOptions,
  size: BenchSize,
  work: (db: Database, target: Target, appPool: AppPool) => Promise<void>,
): Promise<void> {
  const database = await startBenchDatabase(options, size);
  try {
    await database.seedOrReuse();
    if (options.isSeedOnly) return;
    await database.restartToMeasure();
    const statements = { count: 0 };
    const db = connectDatabase(database.url, { max: options.connections, onQuery: () => statements.count++ });
    try {
      await db.execute(sql`create extension if not exists pg_stat_statements`);
      await warmSharedBuffers(db);
      // In this process the app gets the pool a server process serves requests with (decision 057),
      // not the load's 32 connections, which had PostgreSQL run 32 statements at once on 2 cores.
      const appDb =
        options.workers === null
          ? connectForRequests(database.url, pino({ level: 'silent' }), { onQuery: () => statements.count++ })
          : null;
      const appPool: AppPool = {
        connections: POOL_SIZE * (options.workers ?? 1),
        open: () => connectDatabase(database.url, { max: appPool.connections, keepsConnections: true }),
        isWarm: appDb !== null,
      };
      try {
        if (appDb) {
          const seconds = await warmConnections(appDb, { named: true });
          console.log(
            `Each of the app's connections (and of their twins for named statements) read the pages of the lists, ` +
              `their authors and the search words (${seconds.toFixed(1)} s)`,
          );
        }
        const target =
          options.workers === null
            ? serveInProcess(appDb!, statements)
            : await serveBuilt(database.url, options.workers, database.dir, db, options.cpuProfileDir);
        try {
          await work(db, target, appPool);
        } finally {
          await target.close();
        }
      } finally {
        await appDb?.$client.end();
      }
    } finally {
      await db.$client.end();
    }
  } finally {
    await database.stop();
  }
}
