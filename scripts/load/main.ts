// `npm run load -- [--rate 50] [--minutes 1] | --find-max [--start-rate 25] [--step-seconds 30]
//                  [--budget-minutes 10]  [--warmup-seconds 5] [--p95-ms 100] [--max-in-flight 256]
//                  [--timeout-ms 10000]  and the bench's [--scale S] [--data DIR] [--workers N]
//                  [--sign-ins N] [--connections N] [--users N --lists N --items N --likes N]`
//
// An open-loop, mixed load test: how many requests a second one machine serves as people use the
// site. It seeds (or reuses, --data) the bench's database at the bench's sizes, serves the app on
// it as the bench does (in this process, or the built server with --workers N), signs in many
// users (--sign-ins, the bench's 400 by default), each from an address of its own, then sends
// requests at a fixed arrival rate as a Poisson process from a process of its own
// (generator.ts): each at its scheduled time whether or not earlier ones have been answered, its
// latency measured from that time, at most --max-in-flight at once (past that an arrival is
// dropped and counted as an error), each given up after --timeout-ms.
//
// The mix (mix.ts), in shares of all arrivals:
// - 70 % visitors reading, each from one of 5,000 addresses: Browse pages in each listing order,
//   a third on a tag (17 %), a list's detail (17 %), Discover (7 %), a public profile (5 %), the
//   popular tags (3 %), server-rendered pages: a list's, the landing page, Browse, a tag's Browse,
//   a profile (21 %);
// - 15 % signed-in reads, as the signed-in users: the dashboard's tabs and activity (5 %), the
//   library (2 %), notifications and their unread count (4 %), a list's detail (4 %);
// - 10 % searches: repeated ones (words common, middle and rare, pairs, a word on a tag; 6.7 %)
//   and pairs of words never searched since the server started (3.3 %);
// - 5 % writes, each user in turn from their own address so every per-user and per-address quota
//   holds as in real use: complete an item (2 %), like (1.2 %), comment (0.8 %), create a list
//   (0.5 %), clone (0.5 %).
// For each kind and each audience: requests, p50/p95/p99 and errors (non-2xx, dropped, timeouts,
// failed), and the rate sent against the rate asked (report.ts). --find-max (find-max.ts) raises
// the rate from --start-rate, doubling, then bisects, each step a warm-up and --step-seconds
// measured, until a kind's or an audience's p95 passes --p95-ms (once it has 40 answered requests
// in the step: a rare kind is judged with its audience until then) or any error appears, within
// --budget-minutes; it prints the highest rate that held and what broke at the next. Loopback
// only; it stops by itself.
// A measurement, not a test: nothing here passes or fails.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PORT } from '../bench/serve';
import { withServedApp } from '../bench/served-app';
import { findMax, runOnce, startGenerator } from './measure';
import { maxFindSteps, parseLoadArgs } from './options';
import { makePools } from './pools';

const options = parseLoadArgs(process.argv.slice(2));
const { bench } = options;
const size = { users: bench.users, lists: bench.lists, items: bench.items, likes: bench.likes };
// A fifth of the mix is server-rendered pages: they are rendered by the build's renderer.
if (!existsSync(path.resolve(import.meta.dirname, '../../dist/client/index.html'))) {
  throw new Error('The load test serves the built pages: run `npm run build` first.');
}

await withServedApp(bench, size, async (db, target) => {
  const { pools, signedCount, signInSeconds, freshSearches } = await makePools(db, size, bench.signIns);
  console.log(
    `Signed in ${signedCount} users in ${signInSeconds.toFixed(1)} s; serving ${target.describe}; ` +
      `${freshSearches.toLocaleString('en')} searches never made before to draw from`,
  );
  const generator = await startGenerator(
    { port: PORT, pools, maxInFlight: options.maxInFlight, timeoutMs: options.timeoutMs, seed: 53 },
    options.warmupSeconds,
  );
  try {
    const summaries = options.isFindMax
      ? (await findMax(generator, options, maxFindSteps(options))).summaries
      : [await runOnce(generator, options)];
    const newSent = summaries.reduce(
      (sum, summary) => sum + (summary.rows.find((row) => row.kind === 'search (new)')?.requests ?? 0),
      0,
    );
    if (newSent > freshSearches) {
      console.log(
        `Note: the measured seconds alone asked for ${newSent} new searches, more than the ${freshSearches} made: ` +
          'some were repeats, and served from the cache.',
      );
    }
  } finally {
    generator.stop();
  }
});
