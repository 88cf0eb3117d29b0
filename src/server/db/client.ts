import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export type ConnectOptions = {
  max?: number;
  /**
   * Bounds for serving requests (set by the app, not by scripts that seed or measure): how long to
   * wait for a connection, and how long one statement may run, so that no request hangs on a
   * database that is gone or stuck.
   */
  timeouts?: { connectMs: number; statementMs: number };
  /** Told of every error of a pooled connection (a restart or failover of the server). */
  onConnectionError?: (error: Error) => void;
  /** Called with every SQL statement Drizzle sends (tests count statements per request with it). */
  onQuery?: (query: string) => void;
};

export function connectDatabase(url: string, options: ConnectOptions = {}): Database {
  const timeouts = options.timeouts;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: timeouts.statementMs,
          // The client's own bound, for a server that stops answering without closing the socket.
          query_timeout: timeouts.statementMs + timeouts.connectMs,
        }
      : {}),
  });
  // No database error may end the process. The pool only listens to its idle clients; a client
  // that is checked out (a transaction, a LISTEN) emits 'error' too when the server goes away,
  // and an 'error' event without a listener is thrown. Every client gets one as it is made; the
  // query that was running fails on its own and is answered 503 (db/errors.ts).
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  const onQuery = options.onQuery;
  return drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    ...(onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {}),
  });
}

/**
 * The committed migrations sit beside this module: src/server/db/migrations when run from source,
 * dist/server/migrations in the build (scripts/build.mjs copies them next to the bundle).
 */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

// Any fixed number: the key of the advisory lock that serialises start-up work across processes.
const STARTUP_LOCK_KEY = 7_420_001;

/**
 * Runs `work` while holding a database-wide advisory lock, so several app processes starting
 * together on one database migrate (and seed) one after another, never at the same time.
 */
export async function withStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

export async function applyMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}

/** A database or a transaction on it: what query functions accept so callers can compose them. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

const dialect = new PgDialect({ casing: 'snake_case' });
/** The names given to statement texts so far (a process sends a bounded set of shapes). */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 500;

/**
 * Runs `query` as a named prepared statement, its name taken from its text (decision 033): each
 * pooled connection parses it once, and PostgreSQL may then keep one generic plan for it instead of
 * planning every execution. Only for statements whose best plan does not depend on their
 * parameters' values; texts past MAX_NAMED_STATEMENTS run unnamed, as `db.execute` does.
 */
export async function executeNamed<Row extends Record<string, unknown>>(db: Executor, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `t_${createHash('sha256').update(built.sql).digest('base64url').slice(0, 22)}`;
    statementNames.set(built.sql, name);
  }
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as pg.QueryResult<Row>;
  return result.rows;
}
