// The bench's report: the table of cases (one row each, as it is measured), the notes under it,
// and the statements that took the most time. A measurement, not a test: nothing here passes or
// fails.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { SEARCH_STATE_MS } from '../../src/server/browse/browse.queries';
import type { Database } from '../../src/server/db/client';
import type { LoadResult } from './load';
import type { Pace } from './measure-timed';

/** A case's figures: the app's (by the load generator), its SQL, the bare function's rate, peak RSS. */
export type CaseFigures = { api: LoadResult; sqlPerRequest: number; bareRps: number | null; rssBytes: number };

const WIDTHS = [44, 7, 6, 6, 6, 7, 8, 9, 9, 8];
const HEADER = ['case', 'req/s', 'p50', 'p95', 'p99', 'errors', 'SQL/req', 'bare q/s', 'bare/API', 'RSS MiB'];
/** Cells in the table's columns: the case's name padded to the right, every figure to the left. */
const row = (cells: string[]) =>
  cells.map((cell, index) => (index === 0 ? cell.padEnd(WIDTHS[0]!) : cell.padStart(WIDTHS[index]!))).join(' ');
const mebibytes = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

export function printTableHead({ connections, seconds }: Pace, describe: string) {
  console.log(
    `\n${connections} connections, ${seconds} s per case, Node ${process.version}, ${os.cpus().length} CPUs, ` +
      `measuring ${describe}\n`,
  );
  console.log(row(HEADER));
}

export function printCaseRow(name: string, { api, sqlPerRequest, bareRps, rssBytes }: CaseFigures) {
  const cells = [
    name,
    api.rps.toFixed(0),
    api.p50.toFixed(0),
    api.p95.toFixed(0),
    api.p99.toFixed(0),
    String(api.non2xx),
    sqlPerRequest.toFixed(2),
    bareRps === null ? '' : bareRps.toFixed(0),
    bareRps === null ? '' : (bareRps / Math.max(api.rps, 0.01)).toFixed(2),
    mebibytes(rssBytes),
  ];
  const statuses = api.non2xx
    ? `  (${Object.entries(api.statuses)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ')})`
    : '';
  console.log(row(cells) + statuses);
}

/** The notes under the table: stale deep cursors, what the columns mean, and the app's peak RSS. */
export function printTableNotes(notes: {
  staleDeep: string[];
  signedCount: number;
  benchUserId: string;
  peakRss: number;
  describe: string;
}) {
  if (notes.staleDeep.length > 0) {
    console.log(
      `\nMeasured with cursors older than ${SEARCH_STATE_MS / 60_000} minutes, so their searches counted again: ` +
        notes.staleDeep.join(', '),
    );
  }
  console.log(
    '\nLatencies in ms; errors = non-2xx responses. "bare" runs the same query function through the bench pool',
    "without HTTP, on connections that did not read the tables first, as the app's in this process do (a search",
    `that reads pages all over the lists pays for mapping them, most at scale 10). Signed-in requests (discover (signed in), suggestions and the writes as ${notes.signedCount} users;`,
    `dashboard, badges and stats as ${notes.benchUserId}) include the session lookup in SQL/req; writes include their quota`,
    `counters. Peak RSS of the app over all cases: ${mebibytes(notes.peakRss)} MiB (${notes.describe}).`,
  );
}

/** The statements that took the most time while measuring, from pg_stat_statements. */
export async function printSlowestStatements(db: Database) {
  const slowest = (
    await db.execute<{ calls: number; total_ms: number; mean_ms: number; query: string }>(sql`
    select calls::int, total_exec_time::float8 as total_ms, mean_exec_time::float8 as mean_ms,
           left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 150) as query
    from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database()) and query not like '%pg_stat_statements%'
    order by total_exec_time desc limit 15`)
  ).rows;
  console.log('\nThe statements that took the most time while measuring (pg_stat_statements):');
  console.log(`${'total ms'.padStart(10)} ${'calls'.padStart(8)} ${'mean ms'.padStart(8)}  statement`);
  for (const statement of slowest) {
    console.log(
      `${statement.total_ms.toFixed(0).padStart(10)} ${String(statement.calls).padStart(8)} ${statement.mean_ms.toFixed(2).padStart(8)}  ${statement.query}`,
    );
  }
}
