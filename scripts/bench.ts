// `npm run bench -- [--users 10000] [--lists 50000] [--items 500000] [--likes 200000] [--seconds 5] [--connections 32]`
//
// Seeds a throwaway embedded PostgreSQL at the given size, serves the app on it, and measures
// browse (each order, with and without a search term and a tag) and detail with autocannon.
// For each case it prints req/s, p50/p95/p99 latency, SQL statements per request, and the same
// query run bare through the same driver at the same concurrency, so the API's overhead shows as
// a ratio. A measurement, not a test: nothing here passes or fails.
import type { EventEmitter } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { browseQuerySchema, type BrowseQuery } from '../src/domain/checklists/browse';
import { createAuth } from '../src/server/accounts/auth';
import { hashPassword } from '../src/server/accounts/password-hash';
import { createApp } from '../src/server/app';
import { browseChecklists } from '../src/server/checklists/browse.queries';
import { findChecklistDetail } from '../src/server/checklists/checklists.queries';
import { applyMigrations, connectDatabase, type Database } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { createMailer } from '../src/server/mail/mailer';
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
  const passwordHash = await hashPassword('bench-password-1');
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
    insert into checklists (title, description, author_id, estimated_time, difficulty, is_public, created_at)
    select 'Checklist ' || g || ' about ' || (${words}::text[])[1 + g % ${WORDS.length}],
           'A benchmark list with ' || (${words}::text[])[1 + (g * 7) % ${WORDS.length}] || ' and more',
           'u' || (1 + g % ${size.users}), '30 minutes', (array['easy','medium','hard'])[1 + g % 3],
           g % 10 <> 0, now() - make_interval(mins => g)
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
    select l.id, 'u' || (1 + (l.n * 31 + k) % ${size.users})
    from bench_lists l cross join generate_series(1, ${Math.max(1, Math.round(size.likes / size.lists))}) k
    on conflict do nothing`);
  await db.execute(sql`
    insert into checklist_item_completions (user_id, checklist_item_id, checklist_id)
    select 'u' || (1 + (l.n * 13) % ${size.users}), i.id, l.id
    from bench_lists l join checklist_items i on i.checklist_id = l.id and i.order_index = 1
    where l.n % 3 = 0 on conflict do nothing`);
  // A settled database: statistics and the visibility map are current, as autovacuum keeps them.
  await db.execute(sql`vacuum analyze`);
  console.log(`Seeded ${JSON.stringify(size)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measureApi(url: string, statements: { count: number }) {
  const latencies: number[] = [];
  statements.count = 0;
  // Without a callback autocannon returns an emitter that is also a promise of the result.
  const instance = autocannon({ url, connections, duration: seconds }) as unknown as EventEmitter &
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
    const env = { baseUrl: 'http://localhost:3999', isHttps: false };
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'bench@ticklist.local' }, db, logger);
    const auth = createAuth({ db, env, secret: 'bench-secret-bench-secret-bench-secret-1', mailer, logger });
    const hub = createNotificationHub(db, logger);
    const app = createApp({ db, env, auth, mailer, logger, hub });
    const server = serve({ fetch: app.fetch, port: 3999 });
    const [sample] = (
      await db.execute<{ id: string }>(sql`select id from checklists where is_public order by likes_count desc limit 1`)
    ).rows;

    const cases: { name: string; path: string; bare: () => Promise<unknown> }[] = [];
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
      const api = await measureApi(`http://127.0.0.1:3999${entry.path}`, statements);
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
    console.log('\nLatencies in ms. "bare" runs the same query function through the same pool without HTTP.');
    server.close();
    await hub.close();
  } finally {
    await db.$client.end();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
