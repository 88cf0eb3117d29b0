import type { Env } from '../env';
import type { Logger } from '../logger';
import { applyMigrations, connectDatabase, withStartupLock, type Database } from './client';
import { startEmbeddedPostgres, type DatabaseState } from './embedded-postgres';

export type OpenDatabase = {
  db: Database;
  isEmbedded: boolean;
  /** The embedded server's supervisor state; 'external' with DATABASE_URL. */
  state: () => DatabaseState | 'external';
  close: () => Promise<void>;
};

/** A request waits at most this long for a connection, and a statement runs at most this long. */
export const REQUEST_DATABASE_TIMEOUTS = { connectMs: 5_000, statementMs: 15_000 };

/** DATABASE_URL when set; otherwise the embedded PostgreSQL in the data directory. Migrated. */
export async function openDatabase(env: Pick<Env, 'databaseUrl' | 'dataDir'>, logger: Logger): Promise<OpenDatabase> {
  const embedded = env.databaseUrl ? null : await startEmbeddedPostgres(env.dataDir, logger);
  try {
    const db = connectDatabase(env.databaseUrl ?? embedded!.url, {
      timeouts: REQUEST_DATABASE_TIMEOUTS,
      onConnectionError: (error) => logger.warn({ err: error.message }, 'a database connection was lost'),
    });
    await withStartupLock(db, () => applyMigrations(db));
    return {
      db,
      isEmbedded: embedded !== null,
      state: () => embedded?.state() ?? 'external',
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
