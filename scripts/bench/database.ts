// The bench's throwaway database: an embedded PostgreSQL in a temporary folder (or in --data DIR,
// seeded the first time and reused after), seeded with the seed's own settings, then restarted
// with the embedded server's settings to be measured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { applyMigrations, connectDatabase } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import type { BenchOptions, BenchSize } from './options';
import { seedDatabase } from './seeding';
import { seedModeration } from './seed-moderation';

/** Settings for the seed only, reset before measuring: a throwaway database need not survive a crash. */
const SEED_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_wal_size: '8GB',
  checkpoint_timeout: '30min',
  maintenance_work_mem: '512MB',
  jit: 'off',
};

/** Starts the bench's database in its folder, checking that a --data folder holds this size's seed or nothing. */
export async function startBenchDatabase(options: BenchOptions, size: BenchSize) {
  const dir = options.dataDir
    ? path.resolve(options.dataDir)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'ticklist-bench-'));
  // What a folder given by --data was seeded with, written once its seed has finished.
  const seededFile = path.join(dir, 'bench-seeded.json');
  const seededSize = fs.existsSync(seededFile) ? (JSON.parse(fs.readFileSync(seededFile, 'utf8')) as BenchSize) : null;
  if (options.dataDir) {
    if (seededSize && JSON.stringify(seededSize) !== JSON.stringify(size)) {
      throw new Error(
        `${dir} holds a seed of ${JSON.stringify(seededSize)}, not ${JSON.stringify(size)}: name another folder`,
      );
    }
    if (!seededSize && fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
      throw new Error(`${dir} is not empty and holds no finished bench seed: name an empty or new folder`);
    }
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.chmodSync(dir, 0o755);
  const logger = pino({ level: 'silent' });
  // The bench's own pool, and each app process's two pools of 10 (a cluster's primary too): with
  // --workers 2, PostgreSQL's default of 100 was used up ("too many clients already").
  const serverOptions = {
    maxConnections: Math.max(100, options.connections + 20 * ((options.workers ?? 0) + 1) + 20),
  };
  let database = await startEmbeddedPostgres(dir, logger, serverOptions);
  /** ALTER SYSTEM, then a restart so every setting (shared_preload_libraries too) takes effect. */
  const restartWith = async (settings: Record<string, string | null>) => {
    const admin = connectDatabase(database.url, { max: 1 });
    for (const [name, value] of Object.entries(settings)) {
      await admin.execute(
        sql.raw(value === null ? `alter system reset ${name}` : `alter system set ${name} = '${value}'`),
      );
    }
    await admin.$client.end();
    await database.stop();
    database = await startEmbeddedPostgres(dir, logger, serverOptions);
  };
  const migrate = async () => {
    const migrator = connectDatabase(database.url, { max: 1 });
    await applyMigrations(migrator);
    await migrator.$client.end();
  };

  return {
    dir,
    get url() {
      return database.url;
    },
    /** Seeds the database, or brings a reused seed up to date. */
    async seedOrReuse() {
      if (seededSize) {
        console.log(`Reusing the seed in ${dir} (with the writes of the runs before)`);
        // Migrations added since it was seeded, as the app applies them at start-up; and no write
        // quota used yet, as in a fresh seed (the runs before used the same users' daily quotas).
        await migrate();
        const cleaner = connectDatabase(database.url, { max: 1 });
        await cleaner.execute(sql`truncate rate_limits`);
        // A seed made before the moderation tables gets their rows now (once).
        console.log(`  moderation: ${await seedModeration(cleaner, size)}`);
        await cleaner.$client.end();
      } else {
        await restartWith(SEED_SETTINGS);
        await migrate();
        await seedDatabase(database, size, options.scale);
        if (options.dataDir) fs.writeFileSync(seededFile, JSON.stringify(size));
      }
    },
    /** Restarts with the embedded server's own settings, as the app runs in production. */
    async restartToMeasure() {
      // shared_preload_libraries: seeds made before decision 040 set it; the server's own flag wins.
      await restartWith({
        ...Object.fromEntries(Object.keys(SEED_SETTINGS).map((name) => [name, null])),
        shared_preload_libraries: null,
      });
    },
    /** Stops the database, and removes its folder unless it was given by --data. */
    async stop() {
      await database.stop();
      if (!options.dataDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
