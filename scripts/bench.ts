// `npm run bench -- [--users 10000] [--lists 50000] [--items 500000] [--likes 200000] [--seconds 5] [--connections 32]`
//
// Seeds a throwaway embedded PostgreSQL at the given size, serves the app on it, and measures
// browse (each order, with and without a search term and a tag) and detail with autocannon; then
// Discover (as a visitor and signed in), suggestions, the dashboard's In Progress and Saved tabs,
// recent activity, badges and the stats bar, signed in as one bench user who has started, saved,
// cloned, commented, been followed and earned badges like a busy real user (see seedBenchUser).
// For each case it prints req/s, p50/p95/p99 latency, SQL statements per request (a signed-in
// request includes Better Auth's session lookup), and the same query function run bare through the
// same driver at the same concurrency, so the API's overhead shows as a ratio. A measurement, not a
// test: nothing here passes or fails.
import type { EventEmitter } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import { browseQuerySchema, type BrowseQuery } from '../src/domain/checklists/browse';
import { createAuth } from '../src/server/accounts/auth';
import { accountStats } from '../src/server/accounts/me.queries';
import { backfillBadges, upsertBadgeDefinitions } from '../src/server/badges/badges.actions';
import { listBadgeStatus } from '../src/server/badges/badges.queries';
import { hashPassword } from '../src/server/accounts/password-hash';
import { createApp } from '../src/server/app';
import { browseChecklists } from '../src/server/checklists/browse.queries';
import { findChecklistDetail } from '../src/server/checklists/checklists.queries';
import { listDashboardLists, listRecentActivity } from '../src/server/dashboard/dashboard.queries';
import { DASHBOARD_LISTS_PAGE_SIZE } from '../src/domain/dashboard/dashboard';
import { applyMigrations, connectDatabase, type Database } from '../src/server/db/client';
import { loadDiscover, suggestChecklists } from '../src/server/discover/discover.queries';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { createMailer } from '../src/server/mail/mailer';
import { parseTrustedProxies } from '../src/server/security/client-address';
import { createNotificationHub } from '../src/server/notifications/live';

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const size = {
  users: flag('users', 10_000),
  lists: flag('lists', 50_000),
  items: flag('items', 500_000),
  likes: flag('likes', 200_000),
};
const seconds = flag('seconds', 5);
/** The signed-in user of the dashboard cases: u2 writes public lists only (every 10th list is private). */
const BENCH_USER = 'u2';
/** What the Lists tabs ask for first (the API's default page). */
const firstDashboardPage = { limit: DASHBOARD_LISTS_PAGE_SIZE };
const BENCH_EMAIL = 'bench_2@example.test';
const BENCH_PASSWORD = 'bench-password-1';
const PORT = 3999;
const BASE_URL = `http://localhost:${PORT}`;
const connections = flag('connections', 32);
const TAGS = [
  'moving house',
  'camping',
  'job interview',
  'new baby',
  'travel',
  'home maintenance',
  'cooking',
  'fitness',
  'finance',
  'study',
  'pets',
  'gardening',
];
const WORDS = [
  'tent',
  'boxes',
  'passport',
  'stove',
  'budget',
  'nappies',
  'interview',
  'paint',
  'garden',
  'recipe',
  'running',
  'insurance',
  'keys',
  'charger',
  'torch',
];

async function seed(db: Database) {
  // One array parameter each (a plain array would be spread into a list of parameters).
  const words = sql.param(WORDS);
  const tags = sql.param(TAGS);
  const started = performance.now();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select 'u' || g, 'bench_' || g, 'bench_' || g || '@example.test', true from generate_series(1, ${size.users}) g`);
  await db.execute(sql`
    insert into accounts (id, account_id, provider_id, user_id, password)
    select 'a' || g, 'u' || g, 'credential', 'u' || g, ${passwordHash} from generate_series(1, ${size.users}) g`);
  await db.execute(sql`
    insert into profiles (id, username, profile_name, avatar_url)
    select 'u' || g, 'bench_' || g, 'Bench user ' || g, '🙂' from generate_series(1, ${size.users}) g`);
  // Search and counter triggers stay on: the benchmark measures the real write path too.
  await db.execute(sql`
    insert into checklists (title, description, author_id, estimated_time, difficulty, is_public, created_at, updated_at)
    select 'Checklist ' || g || ' about ' || (${words}::text[])[1 + g % ${WORDS.length}],
           'A benchmark list with ' || (${words}::text[])[1 + (g * 7) % ${WORDS.length}] || ' and more',
           'u' || (1 + g % ${size.users}), '30 minutes', (array['easy','medium','hard'])[1 + g % 3],
           g % 10 <> 0, now() - make_interval(mins => g),
           least(now(), now() - make_interval(mins => g) + make_interval(mins => (g * 7919) % 1440))
    from generate_series(1, ${size.lists}) g`);
  await db.execute(
    sql`create temporary table bench_lists as select id, row_number() over (order by created_at) as n from checklists`,
  );
  await db.execute(sql`alter table checklist_items disable trigger checklist_items_search_insert`);
  const perList = Math.max(1, Math.round(size.items / size.lists));
  await db.execute(sql`
    insert into checklist_items (checklist_id, content, order_index)
    select l.id, 'Step ' || s || ': ' || (${words}::text[])[1 + (l.n + s) % ${WORDS.length}], s
    from bench_lists l cross join generate_series(1, ${perList}) s`);
  await db.execute(sql`alter table checklist_items enable trigger checklist_items_search_insert`);
  await db.execute(sql`
    insert into checklist_tags (checklist_id, tag)
    select l.id, (${tags}::text[])[1 + (l.n + k) % ${TAGS.length}] from bench_lists l cross join generate_series(0, 1) k`);
  await db.execute(sql`update checklists set title = title`); // recompute the search documents once, with items
  await db.execute(sql`
    insert into checklist_likes (checklist_id, user_id)
    select l.id, liker.id
    from bench_lists l join checklists c on c.id = l.id
    cross join generate_series(1, ${Math.max(1, Math.round(size.likes / size.lists))}) k
    cross join lateral (select 'u' || (1 + (l.n * 31 + k) % ${size.users}) as id) liker
    where liker.id <> c.author_id -- the database refuses a like of one's own list
    on conflict do nothing`);
  await db.execute(sql`
    insert into checklist_item_completions (user_id, checklist_item_id, checklist_id)
    select 'u' || (1 + (l.n * 13) % ${size.users}), i.id, l.id
    from bench_lists l join checklist_items i on i.checklist_id = l.id and i.order_index = 1
    where l.n % 3 = 0 on conflict do nothing`);
  await seedEngagement(db);
  await seedBenchUser(db);
  // Badges as the app keeps them: definitions from code, then every user's earned grants (with
  // their notifications), as `npm run badges:backfill` would. On fresh tables without statistics
  // the planner picks scans per user and the back-fill takes minutes; analysed, a few seconds.
  await db.execute(sql`analyze`);
  await upsertBadgeDefinitions(db);
  const grants = await backfillBadges(db);
  // A settled database: statistics and the visibility map are current, as autovacuum keeps them.
  await db.execute(sql`vacuum analyze`);
  console.log(
    `Seeded ${JSON.stringify(size)} and ${grants.length} badge grants in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * What Discover, the dashboard and badges read beyond lists, likes and ticks, spread over everyone:
 * a popular few with many likes (rated 4 or more) and many users (trending), staff picks, follows,
 * comments, library groups, saved lists and notifications. Counters, ratings and progress stay
 * trigger-kept.
 */
async function seedEngagement(db: Database) {
  const users = size.users;
  // Every 20th list is popular: 12 more likes lift its rating to 4 or more.
  await db.execute(sql`
    insert into checklist_likes (checklist_id, user_id)
    select l.id, liker.id
    from bench_lists l join checklists c on c.id = l.id cross join generate_series(1, 12) k
    cross join lateral (select 'u' || (1 + (l.n * 97 + k * 389) % ${users}) as id) liker
    where l.n % 20 = 0 and liker.id <> c.author_id on conflict do nothing`);
  // Every 50th list is in use by several people (uses_count, i.e. trending).
  await db.execute(sql`
    insert into checklist_item_completions (user_id, checklist_item_id, checklist_id)
    select 'u' || (1 + (l.n * 53 + k * 211) % ${users}), i.id, l.id
    from bench_lists l cross join generate_series(1, 8) k
    join checklist_items i on i.checklist_id = l.id and i.order_index = 1
    where l.n % 50 = 0 on conflict do nothing`);
  await db.execute(sql`
    insert into staff_picks (checklist_id, picked_at)
    select c.id, now() - make_interval(hours => l.n::int % 500)
    from bench_lists l join checklists c on c.id = l.id
    where c.is_public and l.n % 997 = 3`);
  await db.execute(sql`
    insert into follows (follower_id, followed_id)
    select 'u' || g, 'u' || (1 + (g * 7 + k * 1931) % ${users})
    from generate_series(1, ${users}) g cross join generate_series(1, 5) k
    where 1 + (g * 7 + k * 1931) % ${users} <> g on conflict do nothing`);
  await db.execute(sql`
    insert into checklist_comments (checklist_id, user_id, content, created_at)
    select l.id, 'u' || (1 + (l.n * 17) % ${users}), 'Benchmark comment on list ' || l.n, now() - make_interval(mins => l.n::int)
    from bench_lists l where l.n % 4 = 0`);
  await db.execute(sql`
    insert into user_list_groups (user_id, name)
    select 'u' || g, 'Favourites' from generate_series(1, ${users}) g where g % 5 = 0`);
  await db.execute(sql`
    insert into user_list_memberships (user_id, checklist_id, list_group_id)
    select ug.user_id, l.id, ug.id
    from user_list_groups ug cross join generate_series(1, 3) k
    join bench_lists l on l.n = 1 + (substr(ug.user_id, 2)::int * 29 + k * 4099) % ${size.lists}
    on conflict do nothing`);
  await db.execute(sql`
    insert into saved_checklists (user_id, checklist_id)
    select 'u' || g, l.id
    from generate_series(1, ${users}) g cross join generate_series(1, 2) k
    join bench_lists l on l.n = 1 + (g * 31 + k * 7177) % ${size.lists}
    where g % 3 = 0 on conflict do nothing`);
  // What likes would have told the authors (one notification per like on every other list).
  await db.execute(sql`
    insert into notifications (user_id, actor_id, type, message, checklist_id, read_at, created_at)
    select c.author_id, lk.user_id, 'like', 'bench_' || substr(lk.user_id, 2) || ' liked "' || c.title || '"', c.id,
           case when l.n % 3 = 0 then null else now() end, now() - make_interval(mins => l.n::int)
    from bench_lists l join checklists c on c.id = l.id join checklist_likes lk on lk.checklist_id = c.id
    where l.n % 2 = 0 and lk.user_id <> c.author_id`);
}

/**
 * The signed-in user of the dashboard cases, busy as a real one: 50 lists started (8 of them
 * finished), 30 lists in the library (3 groups and saved, overlapping), 5 clones and 3 clones of
 * theirs by others, 30 followers, 12 comments, 30 likes on one of their lists, and 200
 * notifications of every kind. Badges follow from these in seed().
 */
async function seedBenchUser(db: Database) {
  const me = BENCH_USER;
  // Another user, never u1 or u2, whatever --users is: the user number is 3 + n modulo the rest.
  const other = (n: SQL) => sql`(3 + (${n}) % ${size.users - 2})`;
  // `count` public lists by others, numbered j from 1, from `at` (0 to 1) of the way through all
  // lists; the sets below start far enough apart not to overlap.
  const others = (at: number, count: number) => sql`
    select c.id, c.title, (row_number() over (order by l.n))::int as j
    from bench_lists l join checklists c on c.id = l.id
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
    create temporary table bench_clones as
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
    from bench_clones k`);
  await db.execute(sql`
    insert into checklist_items (checklist_id, content, order_index)
    select k.id, i.content, i.order_index from bench_clones k join checklist_items i on i.checklist_id = k.source_id`);
  await db.execute(sql`
    insert into cloned_checklists (original_checklist_id, original_title, cloned_checklist_id, cloned_by, created_at)
    select source_id, title, id, cloned_by, now() - make_interval(days => j) from bench_clones`);

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

/** Signs the bench user in through the API, as a browser would; answers the Cookie header to send. */
async function signIn(): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE_URL },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
  if (!response.ok || !cookie) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measureApi(url: string, headers: Record<string, string>, statements: { count: number }) {
  const latencies: number[] = [];
  statements.count = 0;
  // Without a callback autocannon returns an emitter that is also a promise of the result.
  const instance = autocannon({ url, headers, connections, duration: seconds }) as unknown as EventEmitter &
    Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statementsPerRequest: statements.count / Math.max(1, result.requests.total),
    non2xx: result.non2xx,
  };
}

async function measureBare(run: () => Promise<unknown>) {
  let done = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await run();
        done++;
      }
    }),
  );
  return done / seconds;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ticklist-bench-'));
  chmodSync(dir, 0o755);
  const logger = pino({ level: 'silent' });
  const database = await startEmbeddedPostgres(dir, logger);
  const statements = { count: 0 };
  const db = connectDatabase(database.url, { max: connections, onQuery: () => statements.count++ });
  try {
    await applyMigrations(db);
    await seed(db);
    const env = {
      baseUrl: BASE_URL,
      isHttps: false,
      hasDevMailbox: false,
      trustedProxies: parseTrustedProxies(undefined),
    };
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'bench@ticklist.local', hasDevMailbox: false },
      db,
      logger,
    );
    const auth = createAuth({ db, env, secret: 'bench-secret-bench-secret-bench-secret-1', mailer, logger });
    const hub = createNotificationHub(db, logger);
    const app = createApp({ db, env, auth, mailer, logger, hub });
    const server = serve({ fetch: app.fetch, port: PORT });
    const [sample] = (
      await db.execute<{ id: string }>(sql`select id from checklists where is_public order by likes_count desc limit 1`)
    ).rows;

    const cases: { name: string; path: string; headers?: Record<string, string>; bare: () => Promise<unknown> }[] = [];
    for (const order of ['newest', 'most-used', 'most-liked'] as const) {
      for (const q of ['', 'tent']) {
        for (const tag of ['', 'camping']) {
          const query: BrowseQuery = browseQuerySchema.parse({ order, q, tag });
          const params = new URLSearchParams({ order, ...(q ? { q } : {}), ...(tag ? { tag } : {}) });
          cases.push({
            name: `browse order=${order}${q ? ` q=${q}` : ''}${tag ? ` tag=${tag}` : ''}`,
            path: `/api/checklists?${params}`,
            bare: () => browseChecklists(db, query),
          });
        }
      }
    }
    cases.push({
      name: 'detail',
      path: `/api/checklists/${sample!.id}`,
      bare: () => findChecklistDetail(db, sample!.id, null),
    });

    const signedIn = { cookie: await signIn() };
    const me = BENCH_USER;
    cases.push(
      { name: 'discover (visitor)', path: '/api/discover', bare: () => loadDiscover(db, null) },
      { name: 'discover', path: '/api/discover', headers: signedIn, bare: () => loadDiscover(db, me) },
      {
        name: 'discover/suggestions',
        path: '/api/discover/suggestions',
        headers: signedIn,
        bare: () => suggestChecklists(db, me),
      },
      {
        name: 'dashboard/lists tab=in-progress',
        path: '/api/dashboard/lists?tab=in-progress',
        headers: signedIn,
        bare: () => listDashboardLists(db, me, 'in-progress', firstDashboardPage),
      },
      {
        name: 'dashboard/lists tab=saved',
        path: '/api/dashboard/lists?tab=saved',
        headers: signedIn,
        bare: () => listDashboardLists(db, me, 'saved', firstDashboardPage),
      },
      {
        name: 'dashboard/activity',
        path: '/api/dashboard/activity',
        headers: signedIn,
        bare: () => listRecentActivity(db, me, 10),
      },
      { name: 'badges', path: '/api/badges', headers: signedIn, bare: () => listBadgeStatus(db, me) },
      {
        name: 'accounts/me/stats',
        path: '/api/accounts/me/stats',
        headers: signedIn,
        bare: () => accountStats(db, me),
      },
    );
    const stats = await accountStats(db, me);
    const inProgress = (await listDashboardLists(db, me, 'in-progress', firstDashboardPage)).checklists;
    const badges = (await listBadgeStatus(db, me)).filter((badge) => badge.earnedAt);
    const [extra] = (
      await db.execute<{ picks: number; rated: number; notifications: number }>(sql`
        select (select count(*)::int from staff_picks) as picks,
               (select count(*)::int from checklists where is_public and rating >= 4) as rated,
               (select count(*)::int from notifications where user_id = ${me}) as notifications`)
    ).rows;
    console.log(
      `Signed in as ${me}: ${JSON.stringify(stats)}, ${inProgress.length}${inProgress.length === DASHBOARD_LISTS_PAGE_SIZE ? '+' : ''} in progress, ${badges.length} badges, ` +
        `${extra!.notifications} notifications; ${extra!.picks} staff picks, ${extra!.rated} public lists rated 4+`,
    );

    console.log(
      `\n${connections} connections, ${seconds} s per case, Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      'case'.padEnd(46),
      'req/s'.padStart(8),
      'p50'.padStart(6),
      'p95'.padStart(6),
      'p99'.padStart(6),
      'SQL/req'.padStart(8),
      'bare q/s'.padStart(9),
      'bare/API'.padStart(9),
    );
    for (const entry of cases) {
      const api = await measureApi(`http://127.0.0.1:${PORT}${entry.path}`, entry.headers ?? {}, statements);
      const bare = await measureBare(entry.bare);
      console.log(
        entry.name.padEnd(46),
        api.rps.toFixed(0).padStart(8),
        api.p50.toFixed(0).padStart(6),
        api.p95.toFixed(0).padStart(6),
        api.p99.toFixed(0).padStart(6),
        api.statementsPerRequest.toFixed(2).padStart(8),
        bare.toFixed(0).padStart(9),
        (bare / api.rps).toFixed(2).padStart(9),
        api.non2xx ? ` (${api.non2xx} non-2xx)` : '',
      );
    }
    console.log(
      '\nLatencies in ms. "bare" runs the same query function through the same pool without HTTP.',
      `\nFrom "discover" on, requests carry ${me}'s session cookie (SQL/req includes the session lookup);`,
      '"discover (visitor)" carries none.',
    );
    server.close();
    await hub.close();
  } finally {
    await db.$client.end();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
