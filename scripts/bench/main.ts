// `npm run bench -- [--scale 1] [--seconds 5] [--connections 32] [--sign-ins 400] [--seed-only]
//                   [--workers N] [--only TEXT] [--data DIR] [--cpu-prof DIR]
//                   [--users N --lists N --items N --likes N]`
//
// Seeds a throwaway embedded PostgreSQL at a scale (options.ts; 1 = 10k users, 50k lists, 500k
// items, 100k likes, with progress, comments, follows, clones and library entries scaled with
// them), set-based (seed.ts), with text drawn from a Zipf-distributed vocabulary (vocabulary.ts).
// Then it serves the app on it (serve.ts: in its own process, or with --workers N the built server
// with WEB_CONCURRENCY=N) and measures (measure.ts), each case for --seconds with varied requests
// drawn from the data (cases/):
// - Browse (cases/browse.ts): every order × filter, on page 1 and on a deep page, and searches the
//   server has not seen before (so not counted before: it caches counts, decision 018);
// - the other reads (cases/reads.ts): detail, Discover, suggestions, the dashboard, badges and
//   the stats bar (as one busy bench user, seed-bench-user.ts);
// - the moderators' queue (cases/moderation.ts): its first page, the signed-in users made
//   moderators and open cases opened on a sample of lists;
// - the writes (cases/writes.ts), each signed in as many users (--sign-ins), each user from an
//   address of its own through X-Forwarded-For (the app trusts loopback as its proxy here, as
//   TRUSTED_PROXIES would in production), so the product's write quotas hold and are spread.
// For each (report.ts): req/s, p50/p95/p99, errors (non-2xx), SQL statements per request, the same
// query function run bare through the bench's own pool where there is one (bare/API), and the app
// process's peak RSS (the load generator runs in a process of its own, load.ts). At the end, the
// statements that took the most time, from pg_stat_statements, and, when the "two words, new"
// cases were measured, what their searches ask of the database alone (search-floor.ts).
// PostgreSQL runs with the embedded server's settings while measuring; only the seed runs with
// fsync off (database.ts). Before measuring, the database is read into shared buffers when it
// fits, as a server that has served a while holds it (warm.ts). `--data DIR` keeps the database in
// DIR: seeded the first time, reused as it is after (the earlier runs' writes included), which
// saves the seed's time while a change is tried at scale 10. The write cases send the same requests
// each run, so on a reused seed a like or a completion is often one made before (nothing to write,
// no notification): measure those on a fresh seed.
// `--cpu-prof DIR` (with --workers) has the built server's processes write V8 CPU profiles there.
// A measurement, not a test: nothing here passes or fails.
import { sql } from 'drizzle-orm';
import { prepareCases } from './cases/prepare';
import { measureCases, startLoadGenerator } from './measure';
import type { Pace } from './measure-timed';
import { parseBenchArgs, type BenchSize } from './options';
import { printSlowestStatements, printTableHead, printTableNotes } from './report';
import { measureNewSearchFloor, NEW_SEARCHES } from './search-floor';
import { withServedApp } from './served-app';

const options = parseBenchArgs(process.argv.slice(2));
const size: BenchSize = { users: options.users, lists: options.lists, items: options.items, likes: options.likes };
const pace: Pace = { connections: options.connections, seconds: options.seconds };

const load = startLoadGenerator();
try {
  await withServedApp(options, size, async (db, target, appPool) => {
    const prepared = await prepareCases(db, size, options.signIns);
    const only = options.only;
    const measured =
      only === null
        ? prepared.cases
        : prepared.cases.filter((entry) => only.split('|').some((text) => entry.name.includes(text)));
    await db.execute(sql`select pg_stat_statements_reset()`);
    printTableHead(pace, target.describe);
    const { peakRss, staleDeep } = await measureCases(measured, target, load, pace, prepared.cursorsMadeAt);
    printTableNotes({
      staleDeep,
      signedCount: prepared.signedCount,
      benchUserId: prepared.me.userId,
      peakRss,
      describe: target.describe,
    });
    await printSlowestStatements(db);
    // Last, so that its statements are not among the slowest above.
    if (measured.some((entry) => entry.name.includes(NEW_SEARCHES))) {
      await measureNewSearchFloor(appPool, prepared.newSearches, pace);
    }
  });
} finally {
  load.stop();
}
