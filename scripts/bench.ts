// `npm run bench -- [--scale 1] [--seconds 5] [--connections 32] [--sign-ins 400] [--seed-only]
//                   [--workers N] [--only TEXT] [--data DIR] [--cpu-prof DIR]
//                   [--users N --lists N --items N --likes N]`
//
// Seeds a throwaway embedded PostgreSQL at a scale (1 = 10k users, 50k lists, 500k items, 100k
// likes, with progress, comments, follows, clones and library entries scaled with them; 10 =
// 100k users, 500k lists, 5M items, 1M likes), set-based (scripts/bench/seed.ts), with text drawn
// from a Zipf-distributed vocabulary (scripts/bench/vocabulary.ts). Then it serves the app on it (in
// its own process, or with --workers N the built server with WEB_CONCURRENCY=N) and measures, each case for --seconds with varied requests drawn from the data:
// - Browse: every order × {no filter, a tag, a common word, a rare word, two words, a word and a
//   tag}, on page 1 and on page 20 (cursors followed 19 times beforehand); "best" only with words
//   (without them it is Newest); and Newest and Best match with two words the server has not
//   searched for before (so not counted before: it keeps counts, decision 018);
// - detail, Discover (visitor and signed in), suggestions, the dashboard's tabs, activity, badges
//   and the stats bar (as one busy bench user, see seedBenchUser);
// - writes: tick, like, comment, create a list, clone, each signed in as many users (--sign-ins),
//   each user from an address of its own through X-Forwarded-For (the app trusts loopback as its
//   proxy here, as TRUSTED_PROXIES would in production), so the product's write quotas hold and
//   are spread, not raised.
// For each: req/s, p50/p95/p99, errors (non-2xx), SQL statements per request, the same query
// function run bare through the same pool where there is one (bare/API), and the app process's
// peak RSS (the load generator runs in a process of its own, scripts/bench/load.ts). At the end,
// the statements that took the most time, from pg_stat_statements, and, when the "two words,
// new" cases were measured, what their searches ask of the database alone (measureNewSearchFloor).
// PostgreSQL runs with the embedded server's settings while measuring; only the seed runs with
// fsync off (a throwaway database). Before measuring, the database is read into shared buffers
// when it fits, as a server that has served a while holds it (warmSharedBuffers). `--data DIR`
// keeps the database in DIR: seeded the first time, reused as it is after (the earlier runs'
// writes included), which saves the seed's minutes while a change is tried at scale 10. The write
// cases send the same requests each run, so on a reused seed a like or a tick is often one made
// before (nothing to write, no notification): measure those on a fresh seed.
// `--cpu-prof DIR` (with --workers) has the built server's processes write V8 CPU profiles there.
// A measurement, not a test: nothing here passes or fails.
import { fork, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import {
  BROWSE_ORDERS,
  BROWSE_PAGE_SIZE,
  LISTING_ORDERS,
  SEARCH_COUNT_CAP,
  browseQuerySchema,
  searchTerms,
  type BrowseCursor,
  type BrowseOrder,
  type BrowseQuery,
} from '../src/domain/checklists/browse';
import { ESTIMATED_TIMES } from '../src/domain/checklists/checklist-fields';
import { DASHBOARD_LISTS_PAGE_SIZE } from '../src/domain/dashboard/dashboard';
import { createAuth } from '../src/server/accounts/auth';
import { accountStats } from '../src/server/accounts/me.queries';
import { hashPassword } from '../src/server/accounts/password-hash';
import { createApp } from '../src/server/app';
import { backfillBadges, upsertBadgeDefinitions } from '../src/server/badges/badges.actions';
import { listBadgeStatus } from '../src/server/badges/badges.queries';
import { createBrowseCursors, SEARCH_STATE_MS } from '../src/server/checklists/browse-cursors';
import { browseChecklists, type Count } from '../src/server/checklists/browse.queries';
import { createSearchCounts } from '../src/server/checklists/search-counts';
import { createSearchPages } from '../src/server/checklists/search-pages';
import { findChecklistDetail } from '../src/server/checklists/checklists.queries';
import { listDashboardLists, listRecentActivity } from '../src/server/dashboard/dashboard.queries';
import { applyMigrations, connectDatabase, type Database } from '../src/server/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/server/db/embedded-postgres';
import { createDiscoverCache, loadDiscover, suggestChecklists } from '../src/server/discover/discover.queries';
import { createMailer } from '../src/server/mail/mailer';
import { createNotificationHub } from '../src/server/notifications/live';
import { parseTrustedProxies } from '../src/server/security/client-address';
import type { LoadJob, LoadRequest, LoadResult } from './bench/load';
import { parseBenchArgs, type BenchSize } from './bench/options';
import { checkConsistency, seedBulk, VOCABULARY_SIZE, type Phase } from './bench/seed';

const options = parseBenchArgs(process.argv.slice(2));
const size: BenchSize = { users: options.users, lists: options.lists, items: options.items, likes: options.likes };
const { seconds, connections } = options;
/** The signed-in user of the dashboard cases: u2 writes public lists only (every 10th list is private). */
const BENCH_USER = 'u2';
/** What the Lists tabs ask for first (the API's default page). */
const firstDashboardPage = { limit: DASHBOARD_LISTS_PAGE_SIZE };
const BENCH_PASSWORD = 'bench-password-1';
/** The app's AUTH_SECRET here, in one process or built: it signs the deep cases' Browse cursors, made beforehand. */
const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-1';
const browseCursors = createBrowseCursors(BENCH_SECRET);
/** What the bare cases' searches have counted, kept as a server process keeps them. */
const browseCounts = createSearchCounts<Count>();
const browsePages = createSearchPages();
const PORT = 3999;
const BASE_URL = `http://localhost:${PORT}`;
/** How deep the deep-page cases go (Browse pages of 12, by cursor). */
const DEEP_PAGE = 20;
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

/** A user's own address, as the proxy in front would report it (rate limits count per address). */
const addressOf = (userNumber: number) =>
  `10.${(userNumber >> 16) & 255}.${(userNumber >> 8) & 255}.${userNumber & 255}`;
const userNumber = (id: string) => Number(id.slice(1));

async function seed(database: EmbeddedDatabase): Promise<void> {
  const started = performance.now();
  const report = ({ name, seconds: took, detail }: Phase) =>
    console.log(`  ${name.padEnd(20)} ${took.toFixed(1).padStart(7)} s  ${detail}`);
  const timed = async (name: string, work: () => Promise<string | void>) => {
    const at = performance.now();
    const detail = (await work()) ?? '';
    report({ name, seconds: (performance.now() - at) / 1000, detail });
  };
  console.log(`Seeding ${JSON.stringify(size)} (scale ${options.scale}):`);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // The bulk load: no triggers, no foreign key checks (seed.ts says how it stays correct).
  const replicaUrl = `${database.url}?options=${encodeURIComponent('-c session_replication_role=replica')}`;
  const bulk = connectDatabase(replicaUrl, { max: 2 });
  try {
    await seedBulk(bulk, size, passwordHash, report);
  } finally {
    await bulk.$client.end();
  }
  const db = connectDatabase(database.url, { max: 4 });
  try {
    await timed('bench user', async () => {
      await db.execute(sql`analyze`);
      await seedBenchUser(db, size);
    });
    // Badges as the app keeps them: definitions from code, then every user's earned grants (with
    // their notifications), as `npm run badges:backfill` would.
    await timed('badges', async () => {
      await upsertBadgeDefinitions(db);
      return `${(await backfillBadges(db)).length.toLocaleString('en')} grants`;
    });
    // A settled database: statistics and the visibility map are current, as autovacuum keeps them.
    await timed('vacuum analyze', async () => {
      await db.execute(sql`vacuum analyze`);
    });
    await timed('check', () => checkConsistency(db));
  } finally {
    await db.$client.end();
  }
  console.log(`  ${'total'.padEnd(20)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
}

/**
 * The signed-in user of the dashboard cases, busy as a real one: 50 lists started (8 of them
 * finished), 30 lists in the library (3 groups and saved, overlapping), 5 clones and 3 clones of
 * theirs by others, 30 followers, 12 comments, 30 likes on one of their lists, and 200
 * notifications of every kind. Badges follow from these in seed().
 */
async function seedBenchUser(db: Database, size: BenchSize) {
  const me = BENCH_USER;
  // Another user, never u1 or u2, whatever --users is: the user number is 3 + n modulo the rest.
  const other = (n: SQL) => sql`(3 + (${n}) % ${size.users - 2})`;
  // `count` public lists by others, numbered j from 1, from `at` (0 to 1) of the way through all
  // lists; the sets below start far enough apart not to overlap.
  const others = (at: number, count: number) => sql`
    select c.id, c.title, (row_number() over (order by l.n))::int as j
    from bench.lists l join checklists c on c.id = l.id
    where c.is_public and c.author_id <> ${me} and l.n >= ${Math.floor(at * size.lists)}
    order by l.n limit ${count}`;

  // Started: every 6th list ticked through, the others 1 to 9 items in; most recently ticked first.
  await db.execute(sql`
    insert into checklist_item_completions (user_id, checklist_item_id, checklist_id, created_at)
    select ${me}, i.id, picked.id, now() - make_interval(hours => picked.j)
    from (${others(0.1, 50)}) picked
    join checklist_items i on i.checklist_id = picked.id
    where picked.j % 6 = 0 or i.order_index <= 1 + picked.j % 9
    on conflict do nothing`);
  await db.execute(sql`
    update checklist_progress
    set updated_at = now() - make_interval(hours => (hashtext(checklist_id::text) & 1023) % 720),
        started_at = now() - make_interval(days => 30 + (hashtext(checklist_id::text) & 1023) % 60)
    where user_id = ${me}`);

  // Library: 20 lists in 3 groups (5 of them in two), 15 saved (5 of them also in a group): 30 lists.
  await db.execute(sql`
    insert into user_list_groups (user_id, name, created_at)
    select ${me}, name, now() - make_interval(days => 40 - ord::int)
    from unnest(array['Weekend', 'Work', 'Someday']) with ordinality as t(name, ord)`);
  await db.execute(sql`
    with groups as (
      select id, (row_number() over (order by created_at))::int - 1 as g from user_list_groups where user_id = ${me}),
    picked as (${others(0.3, 20)})
    insert into user_list_memberships (user_id, checklist_id, list_group_id, created_at)
    select ${me}, picked.id, groups.id, now() - make_interval(days => picked.j)
    from picked join groups on groups.g = picked.j % 3 or (picked.j <= 5 and groups.g = (picked.j + 1) % 3)`);
  await db.execute(sql`
    insert into saved_checklists (user_id, checklist_id, created_at)
    select ${me}, picked.id, now() - make_interval(hours => picked.j * 5) from (
      (${others(0.3, 5)})
      union all
      (${others(0.5, 10)})) picked
    on conflict do nothing`);

  // Clones: 5 by the user (private copies with their items), 3 of the user's first list by others.
  await db.execute(sql`
    create unlogged table bench.clones as
    select gen_random_uuid() as id, source.id as source_id, source.title, ${me}::text as cloned_by, source.j
    from (${others(0.7, 5)}) source
    union all
    select gen_random_uuid(), source.id, source.title, 'u' || ${other(sql`100 + k`)}, k
    from (select id, title from checklists where author_id = ${me} order by created_at limit 1) source
    cross join generate_series(1, 3) k`);
  await db.execute(sql`
    insert into checklists (id, title, description, author_id, difficulty, is_public, created_at, updated_at)
    select k.id, k.title, 'A clone for the benchmark', k.cloned_by, 'medium', false,
           now() - make_interval(days => k.j), now() - make_interval(days => k.j)
    from bench.clones k`);
  await db.execute(sql`
    insert into checklist_items (checklist_id, content, order_index)
    select k.id, i.content, i.order_index from bench.clones k join checklist_items i on i.checklist_id = k.source_id`);
  await db.execute(sql`
    insert into cloned_checklists (original_checklist_id, original_title, cloned_checklist_id, cloned_by, created_at)
    select source_id, title, id, cloned_by, now() - make_interval(days => j) from bench.clones`);

  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select 'u' || ${other(sql`1000 + k * 37`)}, ${me} from generate_series(1, 30) k on conflict do nothing`);
  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select ${me}, 'u' || ${other(sql`2000 + k * 41`)} from generate_series(1, 20) k on conflict do nothing`);
  await db.execute(sql`
    insert into checklist_comments (checklist_id, user_id, content, created_at)
    select picked.id, ${me}, 'A comment from the bench user', now() - make_interval(hours => picked.j * 3)
    from (${others(0.9, 12)}) picked`);
  await db.execute(sql`
    insert into checklist_likes (checklist_id, user_id)
    select c.id, 'u' || ${other(sql`3000 + k * 43`)}
    from (select id from checklists where author_id = ${me} and is_public order by created_at desc limit 1) c
    cross join generate_series(1, 30) k on conflict do nothing`);

  // 200 notifications over two months, the newest 40 unread.
  await db.execute(sql`
    insert into notifications (user_id, actor_id, type, message, checklist_id, read_at, created_at)
    select ${me}, 'u' || ${other(sql`5000 + n`)}, kind,
           'bench_' || ${other(sql`5000 + n`)} || case kind when 'like' then ' liked "' when 'comment' then ' commented on "'
             when 'clone' then ' cloned "' else ' followed you' end
             || case when kind = 'follow' then '' else mine.title || '"' end,
           case when kind = 'follow' then null else mine.id end,
           case when n > 40 then now() end, now() - make_interval(hours => n * 7)
    from generate_series(1, 200) n
    cross join lateral (select (array['like', 'comment', 'clone', 'follow'])[1 + n % 4] as kind) t
    cross join (select id, title from checklists where author_id = ${me} order by created_at desc limit 1) mine`);
}

/** Signs a user in through the API as a browser behind our proxy would; answers the Cookie header. */
async function signIn(userId: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: BASE_URL,
      'x-forwarded-for': addressOf(userNumber(userId)),
    },
    body: JSON.stringify({ email: `bench_${userNumber(userId)}@example.test`, password: BENCH_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
  if (!response.ok || !cookie) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** Runs `work` over `items`, `parallel` at a time. */
async function eachLimited<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** A deterministic shuffle (the same order every run), so no case walks the data in its stored order. */
function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const result = [...items];
  let state = seed;
  for (let index = result.length - 1; index > 0; index--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const other = state % (index + 1);
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result;
}

type Case = {
  name: string;
  requests: LoadRequest[];
  /** The same query function without HTTP, cycling through the same variety; none for writes. */
  bare?: (index: number) => Promise<unknown>;
};

type Signed = { userId: string; cookie: string; address: string };
const asUser = (user: Signed, json = false): Record<string, string> => ({
  cookie: user.cookie,
  'x-forwarded-for': user.address,
  ...(json ? { origin: BASE_URL, 'content-type': 'application/json' } : {}),
});

/**
 * `run` in a loop on `connections` callers at once for --seconds, each call timed: its rate and
 * latencies, as the load generator reports a case's (the bare runs and the floor of new searches).
 */
async function measureTimed(run: (index: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        await run(done++);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  // Calls still running at the deadline finish and are counted, so the rate is over the time taken.
  const elapsed = (performance.now() - started) / 1000;
  return { rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** The filter of searches the server has not seen before. */
const NEW_SEARCHES = 'two words, new';

/**
 * What a search the server has not seen asks of the database, sent straight to it over
 * `connections` connections, without the app, each one statement planned with its words as the
 * app's are (decision 042):
 * - its matches counted up to the cap, what every first page needs for "Showing X of Y" (Most Used
 *   and Most Liked count further, `countLimit`): no first page of the "two words, new" cases can
 *   answer faster than this;
 * - its first page in Newest, 13 ids as the planner chooses to read them, and the count and that
 *   page in turn: what a page adds, for comparison (the app reads a page of at most a cap's
 *   matches with the count, and walks the index for more, `browseChecklists`).
 */
async function measureNewSearchFloor(db: Database, searches: string[]) {
  const words = (index: number) => sql.param(searchTerms(searches[index % searches.length]!));
  const count = (index: number) =>
    db.execute(sql`
      select count(*)::int from (
        select 1 from checklists c
        where c.is_public and c.search_vector @@ ticklist_search_query(${words(index)}::text[], true)
        limit ${SEARCH_COUNT_CAP + 1}) m`);
  const page = (index: number) =>
    db.execute(sql`
      select c.id from checklists c
      where c.is_public and c.search_vector @@ ticklist_search_query(${words(index)}::text[], true)
      order by c.created_at desc, c.id desc limit ${BROWSE_PAGE_SIZE + 1}`);
  console.log(
    `\nThe database alone, for the searches of "${NEW_SEARCHES}", ${connections} connections, no app ` +
      '(req/s, p50, p95, p99 in ms):',
  );
  // Each part starts at another point of the searches. (The database keeps no answers, so a search
  // sent again costs what it did the first time.)
  const parts: [string, (index: number) => Promise<unknown>][] = [
    ['count to the cap', (index) => count(index)],
    ['Newest page', (index) => page(index + 2_000)],
    ['count, then Newest page', async (index) => (await count(index + 4_000), await page(index + 4_000))],
  ];
  for (const [name, run] of parts) {
    const { rps, p50, p95, p99 } = await measureTimed(run);
    console.log(
      `  ${name.padEnd(42)} ${rps.toFixed(0).padStart(7)} ${p50.toFixed(0).padStart(6)} ${p95.toFixed(0).padStart(6)} ${p99.toFixed(0).padStart(6)}`,
    );
  }
}

async function main() {
  const dir = options.dataDir ? path.resolve(options.dataDir) : mkdtempSync(path.join(os.tmpdir(), 'ticklist-bench-'));
  // What a kept folder (--data) was seeded with, written once its seed has finished.
  const seededFile = path.join(dir, 'bench-seeded.json');
  const seededSize = existsSync(seededFile) ? (JSON.parse(readFileSync(seededFile, 'utf8')) as BenchSize) : null;
  if (options.dataDir) {
    if (seededSize && JSON.stringify(seededSize) !== JSON.stringify(size)) {
      throw new Error(
        `${dir} holds a seed of ${JSON.stringify(seededSize)}, not ${JSON.stringify(size)}: name another folder`,
      );
    }
    if (!seededSize && existsSync(dir) && readdirSync(dir).length > 0) {
      throw new Error(`${dir} is not empty and holds no finished bench seed: name an empty or new folder`);
    }
    mkdirSync(dir, { recursive: true });
  }
  chmodSync(dir, 0o755);
  const logger = pino({ level: 'silent' });
  // The bench's own pool, and each app process's two pools of 10 (a cluster's primary too): with
  // --workers 2, PostgreSQL's default of 100 was used up ("too many clients already").
  const serverOptions = { maxConnections: Math.max(100, connections + 20 * ((options.workers ?? 0) + 1) + 20) };
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
  const load = fork(path.join(import.meta.dirname, 'bench', 'load.ts'), { execArgv: ['--import', 'tsx'] });
  const runLoad = (job: LoadJob) =>
    new Promise<LoadResult>((resolve) => {
      load.once('message', (result) => resolve(result as LoadResult));
      load.send(job);
    });
  try {
    const migrate = async () => {
      const migrator = connectDatabase(database.url, { max: 1 });
      await applyMigrations(migrator);
      await migrator.$client.end();
    };
    if (seededSize) {
      console.log(`Reusing the seed in ${dir} (with the writes of the runs before)`);
      // Migrations added since it was seeded, as the app applies them at start-up; and no write
      // quota used yet, as in a fresh seed (the runs before used the same users' daily quotas).
      await migrate();
      const cleaner = connectDatabase(database.url, { max: 1 });
      await cleaner.execute(sql`truncate rate_limits`);
      await cleaner.$client.end();
    } else {
      await restartWith(SEED_SETTINGS);
      await migrate();
      await seed(database);
      if (options.dataDir) writeFileSync(seededFile, JSON.stringify(size));
    }
    if (options.isSeedOnly) return;
    // shared_preload_libraries: seeds made before decision 040 set it; the server's own flag wins.
    await restartWith({
      ...Object.fromEntries(Object.keys(SEED_SETTINGS).map((name) => [name, null])),
      shared_preload_libraries: null,
    });

    const statements = { count: 0 };
    const db = connectDatabase(database.url, { max: connections, onQuery: () => statements.count++ });
    try {
      await db.execute(sql`create extension if not exists pg_stat_statements`);
      await warmSharedBuffers(db);
      const target =
        options.workers === null
          ? serveInProcess(db, statements)
          : await serveBuilt(database.url, options.workers, dir, db);
      try {
        await measure(db, target, runLoad);
      } finally {
        await target.close();
      }
    } finally {
      await db.$client.end();
    }
  } finally {
    load.kill();
    await database.stop();
    if (!options.dataDir) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Brings the database into shared_buffers before measuring, as a server that has served a while
 * holds it: first waits for the autoprewarm worker to read back the pages cached when the server
 * last stopped (decision 040), then reads every table and index of the database that is not yet
 * cached (`pg_prewarm`), as long as the whole fits in three quarters of shared_buffers. The bench
 * machine's page cache does not keep the database, so without it the first case to touch a table
 * (the writes, after 20 minutes of reads) read it from the disk a page at a time, and figures
 * depended on what the run before had cached. Says what it read and how long it took.
 */
async function warmSharedBuffers(db: Database) {
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
 * What the cases are measured against: the app in this process (SQL counted per query, RSS of this
 * process), or the built server in processes of its own (SQL from pg_stat_statements, RSS of the
 * primary and its workers together).
 */
type Target = {
  describe: string;
  /** A running count of SQL statements the app has sent. */
  statements: () => Promise<number>;
  /** Waits until every request the load generator left in flight is answered; how many were served, if known. */
  settle: () => Promise<number | null>;
  /** Resident memory of the app's process(es) now, in bytes. */
  rss: () => number;
  close: () => Promise<void>;
};

function serveInProcess(db: Database, statements: { count: number }): Target {
  const logger = pino({ level: 'silent' });
  const env = {
    baseUrl: BASE_URL,
    isHttps: false,
    hasDevMailbox: false,
    // The load generator stands in for the proxy in front: it says which address each user is at.
    trustedProxies: parseTrustedProxies('127.0.0.1'),
  };
  const mailer = createMailer(
    { smtpUrl: undefined, mailFrom: 'bench@ticklist.local', hasDevMailbox: false },
    db,
    logger,
  );
  const auth = createAuth({ db, env, secret: BENCH_SECRET, mailer, logger });
  const hub = createNotificationHub(db, logger);
  const app = createApp({ db, env, auth, secret: BENCH_SECRET, mailer, logger, hub });
  // Requests answered, counted by the server: autocannon stops with requests in flight, whose
  // statements still run, so SQL/req divides by what was served once all of them are done.
  const traffic = { inFlight: 0, served: 0 };
  const server = serve({
    // The node server's bindings go through: the app reads the client's socket from them.
    fetch: async (...args: Parameters<typeof app.fetch>) => {
      traffic.inFlight++;
      try {
        return await app.fetch(...args);
      } finally {
        traffic.inFlight--;
        traffic.served++;
      }
    },
    port: PORT,
  });
  return {
    describe: 'the app in the bench process (one process)',
    statements: () => Promise.resolve(statements.count),
    settle: async () => {
      while (traffic.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const served = traffic.served;
      traffic.served = 0;
      return served;
    },
    rss: () => process.memoryUsage.rss(),
    close: async () => {
      server.close();
      await hub.close();
    },
  };
}

/** The built server (`npm run build` first) on the bench's database, with `workers` workers. */
async function serveBuilt(databaseUrl: string, workers: number, dir: string, db: Database): Promise<Target> {
  const main = path.resolve(import.meta.dirname, '../dist/server/main.js');
  if (!existsSync(main)) throw new Error('--workers runs the built server: run `npm run build` first.');
  // --cpu-prof: each process (the primary, and the workers it forks with the same flags) writes a
  // profile when it exits.
  const profiling = options.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfileDir)}`]
    : [];
  const child = spawn(process.execPath, [...profiling, main], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(PORT),
      BASE_URL,
      DATA_DIR: path.join(dir, 'app'),
      SEED_DEMO: '0',
      WEB_CONCURRENCY: String(workers),
      AUTH_SECRET: BENCH_SECRET,
      LOG_LEVEL: 'error',
      // The load generator stands in for the proxy in front: it says which address each user is at.
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`The built server exited (${child.exitCode}) before answering.`);
    const health = await fetch(`http://127.0.0.1:${PORT}/api/health`).catch(() => null);
    if (health?.ok) break;
    if (tries > 600) throw new Error('The built server did not answer /api/health within 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Every worker answers before measuring (each takes connections as it starts).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const database = (
    await db.execute<{ oid: number }>(sql`select oid from pg_database where datname = current_database()`)
  ).rows[0]!.oid;
  return {
    describe: `the built server, WEB_CONCURRENCY=${workers} (${workers} worker${workers === 1 ? '' : 's'} and a primary)`,
    statements: async () =>
      (
        await db.execute<{ calls: number }>(sql`
          select coalesce(sum(calls), 0)::float8 as calls from pg_stat_statements
          where dbid = ${database} and query not like '%pg_stat_statements%'
            -- A deferred foreign key's checks run at commit, outside any statement, so they are
            -- recorded as statements of their own (migration 0022); they are not round trips.
            and query !~ '^SELECT \\S+ FROM ONLY .* FOR KEY SHARE OF x$'`)
      ).rows[0]!.calls,
    // Requests the load generator gave up on are answered within a moment; they are not counted.
    settle: async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return null;
    },
    rss: () => processTreeRss(child.pid!),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The resident memory of a process and its descendants (Linux /proc), in bytes. */
function processTreeRss(pid: number): number {
  let total = 0;
  const queue = [pid];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    try {
      const status = readFileSync(`/proc/${next}/status`, 'utf8');
      total += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${next}/task`)) {
        const children = readFileSync(`/proc/${next}/task/${task}/children`, 'utf8').trim();
        if (children) queue.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // The process ended while it was read.
    }
  }
  return total;
}

async function measure(db: Database, target: Target, runLoad: (job: LoadJob) => Promise<LoadResult>) {
  const prepared = performance.now();
  // Who signs in: --sign-ins users spread over everyone (never u1 or the bench user), each from
  // an address of its own.
  const step = Math.max(1, Math.floor((size.users - 3) / options.signIns));
  const userIds = Array.from({ length: options.signIns }, (_, index) => `u${3 + index * step}`);
  const signed: Signed[] = [];
  await eachLimited(userIds, 4, async (userId) => {
    signed.push({ userId, cookie: await signIn(userId), address: addressOf(userNumber(userId)) });
  });
  signed.sort((a, b) => userNumber(a.userId) - userNumber(b.userId));
  const me: Signed = { userId: BENCH_USER, cookie: await signIn(BENCH_USER), address: addressOf(2) };
  const signInSeconds = (performance.now() - prepared) / 1000;

  // What the requests draw from, taken from the data.
  const rows = async <T extends Record<string, unknown>>(query: SQL) => (await db.execute<T>(query)).rows;
  const words = (await rows<{ rank: number; word: string }>(sql`select rank, word from bench.words order by rank`)).map(
    (row) => row.word,
  );
  // A rare word is one some public list has as a whole word (a search matches it as a prefix too).
  const matchesAny = async (word: string) =>
    (
      await rows<{ found: boolean }>(sql`
        select exists (select 1 from checklists where is_public and search_vector @@ ticklist_search_query(array[${word}], false)) as found`)
    )[0]!.found;
  const sharePublic = async (word: string) =>
    (
      await rows<{ share: number }>(sql`
        select (select count(*) from checklists where is_public and search_vector @@ ticklist_search_query(array[${word}], true))::float8
             / greatest(1, (select sum(public_count) from checklist_totals)) as share`)
    )[0]!.share;
  const common = words.slice(0, 10);
  const middle = words.slice(30, 300);
  const rare: string[] = [];
  for (let rank = VOCABULARY_SIZE - 1; rank > VOCABULARY_SIZE / 2 && rare.length < 40; rank -= 37) {
    if (await matchesAny(words[rank]!)) rare.push(words[rank]!);
  }
  const tagRows = await rows<{ tag: string; count: number }>(
    sql`select tag, count from tag_counts order by count desc, tag_key`,
  );
  const tags = [...tagRows.slice(0, 30), ...shuffled(tagRows.slice(30)).slice(0, 30)].map((row) => row.tag);
  console.log(
    `\nText: "${common[0]}" is in ${(100 * (await sharePublic(common[0]!))).toFixed(0)}% of public lists, ` +
      `"${common[9]}" in ${(100 * (await sharePublic(common[9]!))).toFixed(0)}%, "${middle[0]}" in ${(100 * (await sharePublic(middle[0]!))).toFixed(1)}%, ` +
      `rare words (${rare.length} found) like "${rare[0]}" in ${(100 * (await sharePublic(rare[0] ?? 'x'))).toFixed(3)}%; ` +
      `${tagRows.length} tags, the top one on ${tagRows[0]?.count.toLocaleString('en')} lists`,
  );

  const filters: { name: string; variants: { q: string; tag: string }[] }[] = [
    { name: '', variants: [{ q: '', tag: '' }] },
    { name: 'tag', variants: tags.map((tag) => ({ q: '', tag })) },
    { name: 'common word', variants: common.map((q) => ({ q, tag: '' })) },
    { name: 'rare word', variants: rare.map((q) => ({ q, tag: '' })) },
    {
      name: 'two words',
      variants: middle.slice(0, 40).map((word, index) => ({ q: `${common[index % common.length]} ${word}`, tag: '' })),
    },
    {
      name: 'word + tag',
      variants: middle.slice(0, 40).map((q, index) => ({ q, tag: tags[index % 10]! })),
    },
    // The cases above repeat their searches, so the server soon answers their counts and pages from
    // what it has kept (decisions 018 and 041). Here each first page is a search the server has not
    // seen before: 6,000 different pairs of words, more than a case sends in its seconds. (Its page
    // 20 cases, as every deep case, follow the cursors of 4 of them, and so repeat.)
    {
      name: NEW_SEARCHES,
      variants: shuffled(
        middle.flatMap((first, index) => middle.slice(index + 1).map((second) => `${first} ${second}`)),
      )
        .slice(0, 6000)
        .map((q) => ({ q, tag: '' })),
    },
  ];
  const newSearches = filters.find((filter) => filter.name === NEW_SEARCHES)!.variants.map((variant) => variant.q);
  const cases: Case[] = [];
  const browseRequest = (query: BrowseQuery, cursor: string | null): LoadRequest => {
    const params = new URLSearchParams({
      order: query.order,
      ...(query.q ? { q: query.q } : {}),
      ...(query.tag ? { tag: query.tag } : {}),
      ...(cursor ? { cursor } : {}),
    });
    return { method: 'GET', path: `/api/checklists?${params}` };
  };
  const deepSkipped: string[] = [];
  // The deep cases' cursors are made now; a search's cursor carries its count for SEARCH_STATE_MS
  // only (then the page counts again), so a case measured later than that is flagged below.
  const cursorsMadeAt = performance.now();
  for (const filter of filters) {
    const orders: readonly BrowseOrder[] = filter.variants[0]!.q ? BROWSE_ORDERS : LISTING_ORDERS;
    for (const order of orders) {
      const queries = filter.variants.map((variant) => browseQuerySchema.parse({ ...variant, order }));
      const label = `browse ${order}${filter.name ? ` + ${filter.name}` : ''}`;
      cases.push({
        name: label,
        requests: shuffled(queries).map((query) => browseRequest(query, null)),
        bare: (index) =>
          browseChecklists(db, queries[index % queries.length]!, {
            cursors: browseCursors,
            counts: browseCounts,
            pages: browsePages,
          }),
      });
      // Page 20 of up to 4 variants that have one: the cursor after 19 pages, as Load more sends it.
      const deep: { query: BrowseQuery; text: string; cursor: BrowseCursor }[] = [];
      await eachLimited(queries.slice(0, 4), 4, async (query) => {
        let text: string | null = null;
        for (let page = 1; page < DEEP_PAGE; page++) {
          const cursor: BrowseCursor | null = text ? browseCursors.decode(text, query) : null;
          text = (
            await browseChecklists(db, query, {
              cursor,
              cursors: browseCursors,
              counts: browseCounts,
              pages: browsePages,
            })
          ).nextCursor;
          if (!text) return;
        }
        deep.push({ query, text: text!, cursor: browseCursors.decode(text!, query)! });
      });
      if (deep.length === 0) {
        deepSkipped.push(label);
        continue;
      }
      cases.push({
        name: `${label}, page ${DEEP_PAGE}`,
        requests: deep.map(({ query, text }) => browseRequest(query, text)),
        bare: (index) => {
          const { query, cursor } = deep[index % deep.length]!;
          return browseChecklists(db, query, {
            cursor,
            cursors: browseCursors,
            counts: browseCounts,
            pages: browsePages,
          });
        },
      });
    }
  }

  const sample = await rows<{ id: string; author_id: string; title: string }>(sql`
    select c.id, c.author_id, c.title from bench.lists l join checklists c on c.id = l.id
    where c.is_public and (l.n - 1) % ${Math.max(1, Math.floor(size.lists / 3000))} = 0 order by l.n`);
  const lists = shuffled(sample);
  const ids = lists.map((list) => list.id);
  cases.push({
    name: 'detail',
    requests: ids.slice(0, 500).map((id) => ({ method: 'GET', path: `/api/checklists/${id}` })),
    bare: (index) => findChecklistDetail(db, ids[(index % 500) % ids.length]!, null),
  });
  // The bare Discover reads its sections every time; the server keeps them (DISCOVER_KEPT_MS).
  const discoverKept = createDiscoverCache(db, { ttlMs: 0 });
  const signedGet = (pathname: string) =>
    signed.map((user) => ({ method: 'GET' as const, path: pathname, headers: asUser(user) }));
  const mine = (pathname: string) => [{ method: 'GET' as const, path: pathname, headers: asUser(me) }];
  cases.push(
    {
      name: 'discover (visitor)',
      requests: [{ method: 'GET', path: '/api/discover' }],
      bare: () => loadDiscover(db, null, discoverKept),
    },
    {
      name: 'discover (signed in)',
      requests: signedGet('/api/discover'),
      bare: (index) => loadDiscover(db, signed[index % signed.length]!.userId, discoverKept),
    },
    {
      name: 'discover/suggestions',
      requests: signedGet('/api/discover/suggestions'),
      bare: (index) => suggestChecklists(db, signed[index % signed.length]!.userId),
    },
    {
      name: 'dashboard/lists tab=in-progress',
      requests: mine('/api/dashboard/lists?tab=in-progress'),
      bare: () => listDashboardLists(db, me.userId, 'in-progress', firstDashboardPage),
    },
    {
      name: 'dashboard/lists tab=saved',
      requests: mine('/api/dashboard/lists?tab=saved'),
      bare: () => listDashboardLists(db, me.userId, 'saved', firstDashboardPage),
    },
    {
      name: 'dashboard/activity',
      requests: mine('/api/dashboard/activity'),
      bare: () => listRecentActivity(db, me.userId, 10),
    },
    { name: 'badges', requests: mine('/api/badges'), bare: () => listBadgeStatus(db, me.userId) },
    { name: 'accounts/me/stats', requests: mine('/api/accounts/me/stats'), bare: () => accountStats(db, me.userId) },
  );

  // Writes: each user in turn (request i is user i mod N), on lists that are not their own, so a
  // user's per-minute quota (5 lists, 10 comments, 30 likes) is met only past N × quota requests.
  const perCase = signed.length * 5;
  const notOwn = (index: number) => {
    const user = signed[index % signed.length]!;
    let list = lists[index % lists.length]!;
    if (list.author_id === user.userId) list = lists[(index + 1) % lists.length]!;
    return { user, list };
  };
  const items = shuffled(
    await rows<{ checklist_id: string; id: string }>(sql`
      select i.checklist_id, i.id from checklist_items i
      where i.checklist_id = any(${sql.param(ids.slice(0, 2000))}::uuid[])`),
  );
  const phrase = (index: number, length: number) =>
    Array.from({ length }, (_, k) => words[Math.floor((index * 7 + k * 13) ** 1.3) % words.length]!).join(' ');
  const writes = (make: (index: number) => LoadRequest): LoadRequest[] =>
    Array.from({ length: perCase }, (_, index) => make(index));
  cases.push(
    {
      name: 'write: tick',
      requests: writes((index) => {
        const item = items[index % items.length]!;
        return {
          method: 'PUT',
          path: `/api/checklists/${item.checklist_id}/items/${item.id}/done`,
          headers: asUser(signed[index % signed.length]!, true),
        };
      }),
    },
    {
      name: 'write: like',
      requests: writes((index) => {
        const { user, list } = notOwn(index);
        return { method: 'PUT', path: `/api/checklists/${list.id}/like`, headers: asUser(user, true) };
      }),
    },
    {
      name: 'write: comment',
      requests: writes((index) => {
        const { user, list } = notOwn(index);
        return {
          method: 'POST',
          path: `/api/checklists/${list.id}/comments`,
          headers: asUser(user, true),
          body: JSON.stringify({ content: `${phrase(index, 6)}.` }),
        };
      }),
    },
    {
      name: 'write: create a list',
      requests: writes((index) => ({
        method: 'POST',
        path: '/api/checklists',
        headers: asUser(signed[index % signed.length]!, true),
        body: JSON.stringify({
          title: phrase(index, 3),
          description: `${phrase(index + 1, 8)}.`,
          items: Array.from({ length: 3 + (index % 10) }, (_, k) => phrase(index * 10 + k, 4)),
          tags: [tags[index % tags.length], tags[(index * 7 + 3) % tags.length]],
          estimatedTime: ESTIMATED_TIMES[index % ESTIMATED_TIMES.length],
          difficulty: ['easy', 'medium', 'hard'][index % 3],
        }),
      })),
    },
    {
      name: 'write: clone',
      requests: writes((index) => {
        const { user, list } = notOwn(index);
        return { method: 'POST', path: `/api/checklists/${list.id}/clone`, headers: asUser(user, true) };
      }),
    },
  );
  console.log(
    `Signed in ${signed.length + 1} users in ${signInSeconds.toFixed(1)} s; prepared ${cases.length} cases in ` +
      `${((performance.now() - prepared) / 1000).toFixed(1)} s` +
      (deepSkipped.length > 0 ? `; no page ${DEEP_PAGE} (fewer pages in the data) for: ${deepSkipped.join(', ')}` : ''),
  );

  const measured =
    options.only === null
      ? cases
      : cases.filter((entry) => options.only!.split('|').some((text) => entry.name.includes(text)));
  await db.execute(sql`select pg_stat_statements_reset()`);
  console.log(
    `\n${connections} connections, ${seconds} s per case, Node ${process.version}, ${os.cpus().length} CPUs, ` +
      `measuring ${target.describe}\n`,
  );
  const header = [
    'case'.padEnd(44),
    'req/s',
    'p50',
    'p95',
    'p99',
    'errors',
    'SQL/req',
    'bare q/s',
    'bare/API',
    'RSS MiB',
  ];
  const widths = [44, 7, 6, 6, 6, 7, 8, 9, 9, 8];
  console.log(header.map((cell, index) => (index === 0 ? cell : cell.padStart(widths[index]!))).join(' '));
  let peakRss = 0;
  const staleDeep: string[] = [];
  for (const entry of measured) {
    if (entry.name.endsWith(`page ${DEEP_PAGE}`) && performance.now() - cursorsMadeAt > SEARCH_STATE_MS) {
      staleDeep.push(entry.name);
    }
    let caseRss = target.rss();
    const sampler = setInterval(() => (caseRss = Math.max(caseRss, target.rss())), 100);
    await target.settle();
    const statementsBefore = await target.statements();
    const api = await runLoad({ url: `http://127.0.0.1:${PORT}`, connections, seconds, requests: entry.requests });
    const served = (await target.settle()) ?? api.total;
    const sqlPerRequest = ((await target.statements()) - statementsBefore) / Math.max(1, served);
    clearInterval(sampler);
    peakRss = Math.max(peakRss, caseRss);
    const bare = entry.bare ? (await measureTimed(entry.bare)).rps : null;
    const cells = [
      entry.name.padEnd(44),
      api.rps.toFixed(0),
      api.p50.toFixed(0),
      api.p95.toFixed(0),
      api.p99.toFixed(0),
      String(api.non2xx),
      sqlPerRequest.toFixed(2),
      bare === null ? '' : bare.toFixed(0),
      bare === null ? '' : (bare / Math.max(api.rps, 0.01)).toFixed(2),
      (caseRss / 2 ** 20).toFixed(0),
    ];
    const statuses = api.non2xx
      ? `  (${Object.entries(api.statuses)
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, count]) => `${count}× ${status}`)
          .join(', ')})`
      : '';
    console.log(cells.map((cell, index) => (index === 0 ? cell : cell.padStart(widths[index]!))).join(' ') + statuses);
  }
  if (staleDeep.length > 0) {
    console.log(
      `\nMeasured with cursors older than ${SEARCH_STATE_MS / 60_000} minutes, so their searches counted again: ` +
        staleDeep.join(', '),
    );
  }
  console.log(
    '\nLatencies in ms; errors = non-2xx answers. "bare" runs the same query function through the same pool',
    `without HTTP. Signed-in requests (discover (signed in), suggestions and the writes as ${signed.length} users;`,
    `dashboard, badges and stats as ${me.userId}) include the session lookup in SQL/req; writes include their quota`,
    `counters. Peak RSS of the app over all cases: ${(peakRss / 2 ** 20).toFixed(0)} MiB (${target.describe}).`,
  );

  const slowest = await rows<{ calls: number; total_ms: number; mean_ms: number; query: string }>(sql`
    select calls::int, total_exec_time::float8 as total_ms, mean_exec_time::float8 as mean_ms,
           left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 150) as query
    from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%'
    order by total_exec_time desc limit 15`);
  console.log('\nThe statements that took the most time while measuring (pg_stat_statements):');
  console.log(`${'total ms'.padStart(10)} ${'calls'.padStart(8)} ${'mean ms'.padStart(8)}  statement`);
  for (const row of slowest) {
    console.log(
      `${row.total_ms.toFixed(0).padStart(10)} ${String(row.calls).padStart(8)} ${row.mean_ms.toFixed(2).padStart(8)}  ${row.query}`,
    );
  }
  // Last, so that its statements are not among the slowest above.
  if (measured.some((entry) => entry.name.includes(NEW_SEARCHES))) await measureNewSearchFloor(db, newSearches);
}

await main();
