import type { Env } from '../env';
import type { Logger } from '../logger';
import { applyMigrations, connectDatabase, withStartupLock, type Database } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';

export type OpenDatabase = { db: Database; isEmbedded: boolean; close: () => Promise<void> };

/** DATABASE_URL when set; otherwise the embedded PostgreSQL in the data directory. Migrated. */
export async function openDatabase(env: Pick<Env, 'databaseUrl' | 'dataDir'>, logger: Logger): Promise<OpenDatabase> {
  const embedded = env.databaseUrl ? null : await startEmbeddedPostgres(env.dataDir, logger);
  try {
    const db = connectDatabase(env.databaseUrl ?? embedded!.url);
    await withStartupLock(db, () => applyMigrations(db));
    return {
      db,
      isEmbedded: embedded !== null,
      close: async () => {
        await db.$client.end().catch(() => undefined);
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
