// Timing a function in a loop, as the load generator times the app's requests: for the bare
// cases (the same query function without HTTP) and the database-alone floor of new searches.
import { percentile } from '../shared/figures';

/** How hard and how long to run: callers at once, and seconds. */
export type Pace = { connections: number; seconds: number };

/**
 * `run` in a loop on `connections` callers at once for `seconds`, each call timed: its rate and
 * latencies, as the load generator reports a case's.
 */
export async function measureTimed(run: (index: number) => Promise<unknown>, { connections, seconds }: Pace) {
  const latencies: number[] = [];
  let calls = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        await run(calls++);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  // Calls still running at the deadline finish and are counted, so the rate is over the time taken.
  const elapsed = (performance.now() - started) / 1000;
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}
