// Warming the bench's database before measuring, so that no case pays for reading it from the disk.
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { poolsOf, type Database } from '../../src/server/db/client';
import { eachLimited } from './each-limited';

/**
 * Brings the database into shared_buffers before measuring, as a server that has served a while
 * holds it: first waits for the autoprewarm worker to read back the pages cached when the server
 * last stopped (decision 040), then reads every table and index of the database that is not yet
 * cached (`pg_prewarm`), as long as the whole fits in three quarters of shared_buffers. The bench
 * machine's page cache does not hold the whole database, so without it the first case to touch a
 * table (the writes, after all the reads) read it from the disk a page at a time, and figures
 * depended on what the run before had cached. Says what it read and how long it took.
 */
export async function warmSharedBuffers(db: Database) {
  const started = performance.now();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const first = async <T>(query: SQL) => (await db.execute<T & Record<string, unknown>>(query)).rows[0]!;
  const workers = async () =>
    (
      await first<{ workers: number }>(
        sql`select count(*)::int as workers from pg_stat_activity where backend_type = 'autoprewarm worker'`,
      )
    ).workers;
  // The leader starts a worker per database, one after another, a moment after the server accepts
  // connections: done when none has run for two polls in a row.
  while ((await workers()) === 0 && performance.now() - started < 3000) await sleep(100);
  for (let idlePolls = 0; idlePolls < 2 && performance.now() - started < 10 * 60_000;) {
    idlePolls = (await workers()) > 0 ? 0 : idlePolls + 1;
    await sleep(500);
  }
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  await db.execute(sql`create extension if not exists pg_buffercache`);
  await db.execute(sql`create extension if not exists pg_prewarm`);
  const cachedMb = async () =>
    (
      await first<{ mb: number }>(
        sql`select (buffers_used::bigint * current_setting('block_size')::int / 1048576)::int as mb from pg_buffercache_summary()`,
      )
    ).mb;
  const readBack = await cachedMb();
  const sizes = await first<{ database_mb: number; buffers_mb: number }>(sql`
    select (pg_database_size(current_database()) / 1048576)::int as database_mb,
           (select setting::bigint * current_setting('block_size')::int / 1048576
            from pg_settings where name = 'shared_buffers')::int as buffers_mb`);
  if (sizes.database_mb > sizes.buffers_mb * 0.75) {
    console.log(
      `Shared buffers hold ${readBack} MiB read back after the start (${seconds()} s); the database (${sizes.database_mb} MiB) is ` +
        `too large for ${sizes.buffers_mb} MiB of shared buffers to read whole`,
    );
    return;
  }
  await db.execute(sql`
    select pg_prewarm(c.oid) from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and c.relkind in ('r', 'i', 't', 'm') and c.relpersistence = 'p'`);
  console.log(
    `Shared buffers hold ${await cachedMb()} MiB, ${readBack} of them read back after the start, the rest read whole ` +
      `(${seconds()} s)`,
  );
}

/**
 * Has each connection of a pool read every page of the tables a Browse page reads (the lists with
 * their words and indexes, their authors, the search lexicon), as the connections of a server that
 * has served a while have. A new PostgreSQL connection maps each page of shared_buffers into its
 * own memory the first time it reads it, a page fault each, which is costly on a virtual machine; a
 * search that walks Most Used's index reads pages all over the table, so a new connection's first
 * such searches are far slower than later ones (decision 058). The server keeps its connections
 * (`keepsConnections`), so it pays this once a connection; the bench pays it here, before it
 * measures. `named`: the pool's connections for named statements too. Returns the seconds it took.
 */
export async function warmConnections(db: Database, { named }: { named: boolean }) {
  const started = performance.now();
  await db.execute(sql`create extension if not exists pageinspect`);
  for (const pool of named ? poolsOf(db) : [db.$client]) {
    // Every connection the pool may open, checked out at once so that each is a different one.
    const checkedOut = await Promise.allSettled(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    const clients = checkedOut.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    let error: unknown = checkedOut.find((result) => result.status === 'rejected')?.reason;
    try {
      // Two at a time (the cores), without the pool's statement timeout or its own read timeout,
      // which reading the tables on a busy machine may pass; after a failure, none more.
      await eachLimited(clients, 2, async (client) => {
        if (error !== undefined) return;
        try {
          await client.query('set statement_timeout = 0');
          await client.query({ text: READ_EVERY_PAGE, query_timeout: 3_600_000 } as pg.QueryConfig);
          await client.query('reset statement_timeout');
        } catch (caught) {
          error ??= caught;
        }
      });
    } finally {
      // After a failure every connection is closed, none pooled with its timeout off.
      for (const client of clients) client.release(error === undefined ? undefined : true);
    }
    if (error !== undefined) throw error;
  }
  return (performance.now() - started) / 1000;
}

const READ_EVERY_PAGE = `
  with tables as (select unnest(array['checklists', 'profiles', 'search_words']::regclass[]) as oid),
  relations as (
    select oid from tables
    union select reltoastrelid from pg_class where oid in (select oid from tables) and reltoastrelid <> 0
    union select indexrelid from pg_index
      where indrelid in (select oid from tables union select reltoastrelid from pg_class where oid in (select oid from tables)))
  select sum(length(get_raw_page(r.oid::regclass::text, 'main', b)))::bigint as bytes
  from relations r, generate_series(0, pg_relation_size(r.oid) / current_setting('block_size')::int - 1) b`;
