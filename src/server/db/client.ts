import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DrizzleQueryError, is, SQL, sql, type Query } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/** A pool's size unless told otherwise: each app process's pool for requests, and its pool for named statements. */
export const POOL_SIZE = 10;

export type ConnectOptions = {
  max?: number;
  /**
   * Bounds for serving requests (set by the app, not by scripts that seed or measure): how long to
   * wait for a connection, and how long one statement may run, so that no request hangs on a
   * database that is gone or stuck.
   */
  timeouts?: { connectMs: number; statementMs: number };
  /**
   * Keep every connection once opened, however long it stays idle (the app's request pools, and
   * the bench's pool of their size). A new PostgreSQL connection is a new process, which maps each
   * part of shared_buffers into its own memory the first time it reads it: a page fault each,
   * costly on a virtual machine. A connection closed after a quiet spell and opened again pays
   * that again, on the requests that come after it. TCP keepalives go with it, so that a server or
   * a network device that drops idle connections is noticed while the connection is idle rather
   * than by a request.
   */
  keepsConnections?: boolean;
  /** How long an idle connection is kept above the ones kept always (10 s unless told). */
  idleMs?: number;
  /** Called with every error of a pooled connection (a restart or failover of the server). */
  onConnectionError?: (error: Error) => void;
  /** Called with every SQL statement Drizzle sends (tests count statements per request with it). */
  onQuery?: (query: string) => void;
};

export function connectDatabase(url: string, options: ConnectOptions = {}): Database {
  const timeouts = options.timeouts;
  const config: pg.PoolConfig = {
    connectionString: url,
    max: options.max ?? POOL_SIZE,
    ...(options.keepsConnections
      ? { min: options.max ?? POOL_SIZE, keepAlive: true, keepAliveInitialDelayMillis: 60_000 }
      : {}),
    idleTimeoutMillis: options.idleMs ?? 10_000,
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: timeouts.statementMs,
          // The client's own bound, for a server that stops responding without closing the socket.
          query_timeout: timeouts.statementMs + timeouts.connectMs,
        }
      : {}),
  };
  // No database error may end the process. The pool only listens to its idle clients; a client
  // that is checked out (a transaction, a LISTEN) emits 'error' too when the server goes away,
  // and an 'error' event without a listener is thrown. Every client gets one as it is made; the
  // query that was running fails on its own and gets a 503 response (db/errors.ts).
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  const watched = <P extends pg.Pool>(pool: P) => {
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    return pool;
  };
  const onQuery = options.onQuery;
  const withDrizzle = <Client extends pg.Pool | pg.PoolClient>(client: Client) =>
    drizzle({
      client,
      schema,
      casing: 'snake_case',
      ...(onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {}),
    });
  const pool = watched(new PoolWithNamedStatements(config));
  const db = withDrizzle(pool);
  giveBackTransactionsConnections(db, withDrizzle);
  let named: NodePgDatabase<typeof schema> | undefined;
  namedStatementDatabases.set(db, () => {
    named ??= withDrizzle(pool.openNamedStatementsPool(watched));
    return named;
  });
  return db;
}

/**
 * Runs `db`'s transactions on connections it takes from the pool and gives back itself. The rule:
 * a connection goes back as broken, so that the pool closes it, when its BEGIN failed or got no
 * answer in time, when its ROLLBACK did, or when it is still inside a transaction; any other goes
 * back to be used again. A failed statement, a failed COMMIT, `tx.rollback()` or an error of our
 * own end in an answered ROLLBACK, which shows the connection answers and is outside any
 * transaction, so those keep their connection: a new one costs a new database process (see
 * `keepsConnections`).
 *
 * Why not Drizzle's own `transaction()` (drizzle-orm 0.45, `NodePgSession.transaction`): it sends
 * BEGIN before the `try` whose `finally` gives its connection back, so a connection whose BEGIN
 * fails (it died as it was handed out, in a PostgreSQL restart, or the server did not answer in
 * time) is never given back. The pool has one connection fewer from then on, and its `end()` waits
 * for it forever, so the process hangs when it stops. It also gives back a connection whose
 * ROLLBACK failed as if it were sound, though it may still be waiting for an answer. This can go
 * once Drizzle does both itself.
 *
 * The session's method is replaced, not `db.transaction`, because Drizzle's migrator calls the
 * session's. Each pooled connection gets a Drizzle of its own once (`drizzleOn`), whose session
 * takes the connection for a single client (its class's name has no "Pool" in it), so its
 * transactions neither take a connection nor give one back. A transaction sends the same statements
 * as before.
 */
function giveBackTransactionsConnections(
  db: NodePgDatabase<typeof schema> & { $client: pg.Pool },
  drizzleOn: (client: pg.PoolClient) => NodePgDatabase<typeof schema>,
): void {
  const onConnections = new WeakMap<pg.PoolClient, NodePgDatabase<typeof schema>>();
  db._.session.transaction = async (work, config) => {
    const client = await db.$client.connect();
    let hasBegun = false;
    let failure: { error: unknown } | null = null;
    let result;
    try {
      let onIt = onConnections.get(client);
      if (!onIt) onConnections.set(client, (onIt = drizzleOn(client)));
      result = await onIt._.session.transaction((tx) => {
        hasBegun = true;
        return work(tx);
      }, config);
    } catch (error) {
      failure = { error };
    }
    const hasFailedRollback = failure?.error instanceof DrizzleQueryError && failure.error.query === 'rollback';
    const isBroken = !hasBegun || hasFailedRollback || client.getTransactionStatus() !== 'I';
    client.release(isBroken ? asError(failure?.error ?? 'the connection is still inside a transaction') : undefined);
    if (failure) throw failure.error;
    return result!;
  };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Connections that keep a named statement's generic plan (decision 038): PostgreSQL would
 * otherwise compare it with the plans made for the values after five runs, and go on planning every
 * run when the generic plan's estimate is the higher, which it is for a walk after a cursor (whose
 * planning costs more than its running). The setting is the connection's, so these statements get a
 * pool of their own, opened on first use and ended with the pool it belongs to; every other
 * statement is still planned with its values.
 */
class PoolWithNamedStatements extends pg.Pool {
  #named: pg.Pool | undefined;

  openNamedStatementsPool(watched: (pool: pg.Pool) => pg.Pool): pg.Pool {
    if (this.ending || this.ended) throw new Error('Cannot use a pool after calling end on the pool');
    this.#named ??= watched(new pg.Pool({ ...this.options, Client: GenericPlanClient }));
    return this.#named;
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.#named?.end()]);
  }
}

/**
 * A connection whose statements keep their generic plan: the setting is its first statement, sent
 * and acknowledged before the pool hands it out. (Not in the startup options, which a connection
 * string's `options` or PGOPTIONS would replace, and which a pooler may refuse.) pg-pool connects
 * its clients with a callback, so both forms are kept.
 */
class GenericPlanClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: ((error: Error) => void) | ((error: null, client: pg.Client) => void)): void;
  override connect(
    callback?: ((error: Error) => void) | ((error: null, client: pg.Client) => void),
  ): Promise<pg.Client> | void {
    const connected = super.connect().then(async () => {
      await this.query('set plan_cache_mode = force_generic_plan');
      return this as pg.Client;
    });
    if (!callback) return connected;
    connected.then(
      (client) => (callback as (error: null, client: pg.Client) => void)(null, client),
      (error: Error) => (callback as (error: Error) => void)(error),
    );
  }
}

/**
 * A select-list entry that lets the statement's own transaction commit without waiting for its WAL
 * to reach the disk (`synchronous_commit` off until that transaction ends). Only for a statement
 * sent alone to the pool, never inside a transaction, whose whole commit it would change: the
 * quota counters (rate-limit.ts) and the NOTIFYs after a write (decision 039), whose records
 * a later commit's flush, or the WAL writer within 200 ms, takes to the disk.
 */
export const commitWithoutWaiting = sql`set_config('synchronous_commit', 'off', true)`;

/** A database's pools: its own, and its twin for named statements (opened now if it was not). */
export function poolsOf(db: Database): pg.Pool[] {
  const named = namedStatementDatabases.get(db)?.();
  return named ? [db.$client, (named as Database).$client] : [db.$client];
}

/** Each pool's twin for named statements (see executeNamed); a transaction has none. */
const namedStatementDatabases = new WeakMap<object, () => NodePgDatabase<typeof schema>>();

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
    // A connection whose unlock failed may still hold the lock, which would keep every other
    // process from starting: it goes back as broken, and closing it lets the lock go.
    const unlocked = await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).then(
      () => undefined,
      (error: unknown) => asError(error),
    );
    client.release(unlocked);
  }
}

/**
 * The last commit whose migrations lead, one by one, to the baseline (decision 047). A database
 * migrated part of the way by an older version is brought up to date by starting that commit once.
 */
export const LAST_COMMIT_BEFORE_BASELINE = '3174927';

/**
 * Refuses a database that an older version migrated part of the way: the baseline (the first
 * migration) holds the whole schema those migrations built, so it cannot run on top of some of them.
 * A database at the baseline's point carries its timestamp and skips it; an empty one runs it.
 */
async function refuseDatabaseOlderThanBaseline(db: Database): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const baseline = journal.entries[0]!.when;
  const table = await db.execute<{ name: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (table.rows[0]?.name == null) return;
  const { rows } = await db.execute<{ last: string | null }>(
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const last = rows[0]?.last;
  if (last != null && Number(last) < baseline) {
    throw new Error(
      `The database was migrated by an older Ticklist: start commit ${LAST_COMMIT_BEFORE_BASELINE} on it once to bring it up to date, then this version (or start on an empty data directory).`,
    );
  }
}

export async function applyMigrations(db: Database): Promise<void> {
  await refuseDatabaseOlderThanBaseline(db);
  await migrate(db, { migrationsFolder: migrationsFolder() });
}

/** A transaction on the database, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A database or a transaction on it: what query functions accept so callers can compose them. */
export type Executor = Database | Transaction;

const dialect = new PgDialect({ casing: 'snake_case' });
/** The names given to statement texts so far (a process sends a bounded set of shapes). */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 500;

/** The name given to a statement's text, or none past MAX_NAMED_STATEMENTS. */
function statementNameOf(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `t_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A statement's text and parameters, built once; its varying values are `sql.placeholder(name)`s. */
export type BuiltStatement = { query: Query; name: string | undefined };

/**
 * Builds `query` once, for a statement sent on every request: building a long statement's text from
 * its fragments costs a request more than a short one's (measured: the detail read,
 * docs/performance/sections-runs-export-lineage.md). Each run gives its values to executeNamed.
 */
export function buildStatement(query: SQL): BuiltStatement {
  const built = dialect.sqlToQuery(query);
  return { query: built, name: statementNameOf(built.sql) };
}

/**
 * Runs `query` as a named prepared statement, its name taken from its text (decision 033): each
 * pooled connection parses it once, and PostgreSQL may then keep one generic plan for it instead of
 * planning every execution. Only for statements whose best plan does not depend on their
 * parameters' values; texts past MAX_NAMED_STATEMENTS run unnamed, as `db.execute` does. A
 * statement built once (buildStatement) takes its placeholders' `values`.
 */
export async function executeNamed<Row extends Record<string, unknown>>(
  db: Executor,
  query: SQL | BuiltStatement,
  values?: Record<string, unknown>,
): Promise<Row[]> {
  const { query: built, name } = is(query, SQL) ? buildStatement(query) : query;
  // A transaction's statements stay on its connection (and are planned as PostgreSQL chooses).
  const target = (name && namedStatementDatabases.get(db)?.()) || db;
  const prepared = target._.session.prepareQuery(built, undefined, name, false);
  return ((await prepared.execute(values)) as pg.QueryResult<Row>).rows;
}

/**
 * A count written into a statement's text rather than sent as a parameter, for a named statement:
 * its generic plan would guess a parameter's `LIMIT` at a tenth of the rows, and might sort every
 * row instead of walking an index (decision 033). Each different count is a different statement,
 * so a count the caller chooses goes through `sqlLimitAtLeast`.
 */
export function sqlCount(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`not a count: ${value}`);
  return sql.raw(String(value));
}

/**
 * A `LIMIT` of at least `wanted` rows, rounded up to a power of two: a size a request chooses (1 to
 * 60) makes one of a few statements rather than one per size, which would use up the names a
 * process gives (MAX_NAMED_STATEMENTS). The caller keeps the rows it wanted.
 */
export function sqlLimitAtLeast(wanted: number): SQL {
  if (!Number.isSafeInteger(wanted) || wanted < 1) throw new Error(`not a limit: ${wanted}`);
  return sqlCount(2 ** Math.ceil(Math.log2(wanted)));
}
