// The soak's report: a row a minute while it runs, and at the end the verdict, with the failures
// that make it exit 1 (a lost write, an error other than 503 while the database was away, a 5xx or
// no response outside it, memory that grew after warm-up, an app that died or did not stop with 0).
import { percentile } from '../shared/figures';
import { appRssMiB, apps } from './apps';
import { signInCount, sessions } from './client';
import { MEMORY_GROWTH_LIMIT, RECOVERY_GRACE_MS, WARM_UP_MINUTES } from './options';
import { errorExamples, errorsOutside, outage, outageCounts, type MinuteStats } from './record';
import { openStreamCount } from './streams';

/** What failed, one line each; none: the soak passed. */
export const failures: string[] = [];
/** Each process's RSS (MiB) at the end of each minute of load, for the memory verdict. */
const rssByMinute: number[][] = [];

export const printTableHead = () =>
  console.log(
    '  min requests  p95 ms    2xx   503  other errors         streams  opened  ended  events  RSS MiB (app 1, app 2)',
  );

/** The p95 of a minute's latencies, NaN when there were none. */
const p95 = (latencies: number[]) =>
  latencies.length === 0
    ? NaN
    : percentile(
        [...latencies].sort((a, b) => a - b),
        95,
      );

export function printRow(label: string, minute: MinuteStats, note: string) {
  const others = [...minute.otherErrors].map(([status, count]) => `${status}×${count}`).join(' ') || '-';
  const readings = apps.map(appRssMiB);
  if (label !== 'setup') rssByMinute.push(readings);
  const rss = readings.map((reading) => `${reading.toFixed(0).padStart(5)}`).join(' ');
  console.log(
    `${label.padStart(5)} ${String(minute.requests).padStart(8)} ${p95(minute.latencies)
      .toFixed(0)
      .padStart(
        7,
      )} ${String(minute.ok).padStart(6)} ${String(minute.unavailable).padStart(5)}  ${others.padEnd(20)} ${String(
      openStreamCount(),
    ).padStart(6)} ${String(minute.streamOpens).padStart(7)} ${String(minute.streamEnds).padStart(5)} ${String(
      minute.events,
    ).padStart(7)} ${rss}  ${note}`,
  );
}

/** Prints the verdict; the process's exit code: 1 when anything failed. */
export function printVerdict(): number {
  const describe = (map: Map<string, number>) =>
    [...map].map(([key, count]) => `${key} ×${count}`).join(', ') || 'none';
  if (!Number.isNaN(outage.stoppedAt)) {
    console.log(
      `\nDatabase outage: stopped at ${(outage.stoppedAt / 1000).toFixed(1)} s, running again at ${(outage.startedAgainAt / 1000).toFixed(1)} s ` +
        `(window counted until ${RECOVERY_GRACE_MS / 1000} s later): ${outageCounts.requests} responses, ${outageCounts.ok} ok, ` +
        `${outageCounts.unavailable} × 503 (the last at ${(outageCounts.lastUnavailableAt / 1000).toFixed(1)} s), ` +
        `other errors: ${describe(outageCounts.other)}`,
    );
    if (outageCounts.other.size > 0)
      failures.push(`errors other than 503 during the outage: ${describe(outageCounts.other)}`);
  }
  console.log(`Errors outside the outage: ${describe(errorsOutside)}`);
  const serverErrorsOutside = [...errorsOutside].filter(
    ([key]) => /^(5\d\d|net|timeout) /.test(key) && !key.startsWith('503 '),
  );
  if (serverErrorsOutside.length > 0)
    failures.push(`server errors outside the outage: ${describe(new Map(serverErrorsOutside))}`);
  if (errorExamples.length) console.log(`First errors (other than 503):\n  ${errorExamples.join('\n  ')}`);
  console.log(`Sign-ins: ${signInCount()} (${sessions.length} users signed in)`);
  // Memory flat after warm-up: each process's last reading within MEMORY_GROWTH_LIMIT of its reading
  // at the end of the warm-up minutes (a leak grows with the requests served; GC noise does not).
  if (rssByMinute.length > WARM_UP_MINUTES) {
    const warm = rssByMinute[WARM_UP_MINUTES - 1]!;
    const last = rssByMinute.at(-1)!;
    warm.forEach((before, index) => {
      const after = last[index]!;
      const growth = after / before - 1;
      console.log(
        `App ${index + 1} RSS: ${before.toFixed(0)} MiB after minute ${WARM_UP_MINUTES}, ${after.toFixed(0)} MiB at the end (${(growth * 100).toFixed(1)} %)`,
      );
      if (growth > MEMORY_GROWTH_LIMIT) {
        failures.push(
          `app ${index + 1}'s memory grew ${(growth * 100).toFixed(1)} % after warm-up (limit ${MEMORY_GROWTH_LIMIT * 100} %)`,
        );
      }
    });
  }
  for (const app of apps) {
    console.log(`App ${app.index + 1} log (warn and above): ${describe(app.logCounts)}`);
    if (app.errorLines.length) console.log(`  ${app.errorLines.slice(0, 5).join('\n  ')}`);
  }
  if (failures.length > 0) {
    console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
    return 1;
  }
  console.log(
    '\nPASSED: no lost write, only 503 while the database was away, memory flat after warm-up, both processes alive and stopped with 0.',
  );
  return 0;
}
