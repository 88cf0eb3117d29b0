import type { Env } from './env';
import type { Logger } from './logger';
import { applyMigrations, connectDatabase, withStartupLock, type ConnectOptions, type Database } from './db/client';
import { appRolePassword, appRoleUrl, grantAppRole } from './db/app-role';
import { startEmbeddedPostgres, type DatabaseState } from './db/embedded-postgres';

export type OpenDatabase = {
  db: Database;
  /** The URL requests use (on the embedded server: the app role's), for a cluster's workers. */
  url: string;
  isEmbedded: boolean;
  /** The embedded server's supervisor state; 'external' with DATABASE_URL. */
  state: () => DatabaseState | 'external';
  close: () => Promise<void>;
};

/** A request waits at most this long for a connection, and a statement runs at most this long. */
const REQUEST_DATABASE_TIMEOUTS = { connectMs: 5_000, statementMs: 15_000 };

/**
 * A pool for serving requests: bounded waits, a lost connection logged rather than thrown, and
 * every connection kept once opened (`keepsConnections`), so that a quiet spell does not make the
 * next requests pay for new database processes. `onQuery`: for a measurement that counts the app's
 * statements (the bench); `idleMs`: for a test that waits less than the pool's 10 s.
 */
export function connectForRequests(
  url: string,
  logger: Logger,
  options: Pick<ConnectOptions, 'max' | 'onQuery' | 'idleMs'> = {},
): Database {
  return connectDatabase(url, {
    ...options,
    keepsConnections: true,
    timeouts: REQUEST_DATABASE_TIMEOUTS,
    onConnectionError: (error) => logger.warn({ err: error.message }, 'a database connection was lost'),
  });
}

/**
 * Runs start-up work (migrations) on a pool of its own, under the start-up lock: without the
 * requests' statement timeout, since a migration may rewrite a large table (filling a new column of
 * every list takes minutes at 500,000), and closed afterwards.
 */
export async function withStartupConnection<T>(url: string, work: (db: Database) => Promise<T>): Promise<T> {
  const owner = connectDatabase(url, { max: 2 }); // the lock holds one
  try {
    return await withStartupLock(owner, () => work(owner));
  } finally {
    await owner.$client.end();
  }
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL in the data directory. Migrated. */
export async function openDatabase(
  env: Pick<Env, 'databaseUrl' | 'dataDir'>,
  logger: Logger,
  options: {
    /** The size of this process's pool (10 when unset). */
    max?: number;
    /** Passed to the embedded server (see startEmbeddedPostgres). */
    maxConnections?: number;
    onStateChange?: (state: DatabaseState) => void;
  } = {},
): Promise<OpenDatabase> {
  const embedded = env.databaseUrl
    ? null
    : await startEmbeddedPostgres(env.dataDir, logger, {
        maxConnections: options.maxConnections,
        onStateChange: options.onStateChange,
      });
  try {
    let url = env.databaseUrl;
    if (embedded) {
      // Migrations as the owner; requests as a role that can only read and write rows.
      const password = appRolePassword(env.dataDir);
      await withStartupConnection(embedded.url, async (owner) => {
        await applyMigrations(owner);
        await grantAppRole(owner, password);
      });
      url = appRoleUrl(embedded.url, password);
    } else {
      await withStartupConnection(url!, applyMigrations);
    }
    const db = connectForRequests(url!, logger, { max: options.max });
    return {
      db,
      url: url!,
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
