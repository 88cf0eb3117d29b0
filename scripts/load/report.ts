// The load test's figures: what the generator counted for each endpoint kind in a run, summed up
// as requests, latency percentiles and errors, and whether a run held (every kind's p95 within the
// bar, no error of any sort). Pure (report.test.ts); main.ts prints it.
import { percentile } from '../shared/figures';
import { MIX, KINDS, type Audience, type Kind } from './mix';

/** What the generator counted for one kind: answered requests' latencies and every error. */
export type KindTally = {
  /** ms from each answered request's scheduled send time to the end of its response. */
  latencies: number[];
  /** Answered with a status outside 2xx, by status. */
  statuses: Record<string, number>;
  /** Not sent: at its time, the cap on requests in flight was reached. */
  dropped: number;
  /** Sent, and no whole response within the timeout. */
  timeouts: number;
  /** Sent, and the connection failed, by error code (ECONNRESET...). */
  failures: Record<string, number>;
};

/** One run at one rate: when it was asked for, what the schedule held, and each kind's tally. */
export type RunTally = {
  askedRate: number;
  seconds: number;
  /** Arrivals the schedule held (sent or dropped). */
  scheduled: number;
  kinds: Record<Kind, KindTally>;
};

export const emptyKindTally = (): KindTally => ({ latencies: [], statuses: {}, dropped: 0, timeouts: 0, failures: {} });

export const emptyKinds = () =>
  Object.fromEntries(KINDS.map((kind) => [kind, emptyKindTally()])) as Record<Kind, KindTally>;

export type Row = {
  kind: string;
  requests: number;
  /** Requests answered (2xx or not): the ones with a latency. */
  answered: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  dropped: number;
  timeouts: number;
  failed: number;
  statuses: Record<string, number>;
  failures: Record<string, number>;
};

export type RunSummary = {
  askedRate: number;
  /** Arrivals a second the schedule held: the asked rate, give or take a Poisson process's spread. */
  scheduledRate: number;
  /** Requests a second actually sent (scheduled less dropped). */
  sentRate: number;
  rows: Row[];
  /** Each audience's kinds together (visitors, signed in, searches, writes). */
  audiences: Row[];
  total: Row;
};

const AUDIENCE_ROWS: Record<Audience, string> = {
  visitor: 'visitors',
  'signed in': 'signed in',
  search: 'searches',
  write: 'writes',
};

/**
 * A p95 counts toward a verdict only over at least this many answered requests: over fewer it is
 * the slowest one, so one slow request would decide. A rare kind (a create is 1 arrival in 200) is
 * judged with its audience until a step holds enough of it.
 */
export const MIN_ANSWERED_FOR_P95 = 40;

/** A row's errors in words ("2× 503, 1 timed out"), or null when it has none. */
function errorsOf(row: Row): string | null {
  const phrases = [
    ...Object.entries(row.statuses).map(([status, count]) => `${count}× ${status}`),
    row.dropped ? `${row.dropped} dropped` : null,
    row.timeouts ? `${row.timeouts} timed out` : null,
    ...Object.entries(row.failures).map(([code, count]) => `${count} failed (${code})`),
  ].filter((phrase) => phrase !== null);
  return phrases.length > 0 ? phrases.join(', ') : null;
}

function rowOf(kind: string, tallies: KindTally[]): Row {
  const latencies = tallies.flatMap((tally) => tally.latencies).sort((a, b) => a - b);
  /** Each key's counts summed over the tallies. */
  const merged = (pick: (tally: KindTally) => Record<string, number>) => {
    const counts: Record<string, number> = {};
    for (const tally of tallies) {
      for (const [key, count] of Object.entries(pick(tally))) counts[key] = (counts[key] ?? 0) + count;
    }
    return counts;
  };
  const statuses = merged((tally) => tally.statuses);
  const failures = merged((tally) => tally.failures);
  const sum = (pick: (tally: KindTally) => number) => tallies.reduce((total, tally) => total + pick(tally), 0);
  const non2xx = Object.values(statuses).reduce((total, count) => total + count, 0);
  const dropped = sum((tally) => tally.dropped);
  const timeouts = sum((tally) => tally.timeouts);
  const failed = Object.values(failures).reduce((total, count) => total + count, 0);
  return {
    kind,
    // Answered with a latency, answered outside 2xx (those are in latencies too), or never answered.
    requests: latencies.length + dropped + timeouts + failed,
    answered: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx,
    dropped,
    timeouts,
    failed,
    statuses,
    failures,
  };
}

export function summarize(run: RunTally): RunSummary {
  const rows = KINDS.map((kind) => rowOf(kind, [run.kinds[kind]])).filter((row) => row.requests > 0);
  const total = rowOf('all', Object.values(run.kinds));
  const audiences = (Object.keys(AUDIENCE_ROWS) as Audience[]).map((audience) =>
    rowOf(
      AUDIENCE_ROWS[audience],
      MIX.filter((entry) => entry.audience === audience).map((entry) => run.kinds[entry.kind]),
    ),
  );
  return {
    askedRate: run.askedRate,
    scheduledRate: run.scheduled / run.seconds,
    sentRate: (run.scheduled - total.dropped) / run.seconds,
    rows,
    audiences: audiences.filter((row) => row.requests > 0),
    total,
  };
}

/**
 * Whether a run held: no error of any sort (non-2xx, dropped, timed out, failed) and the p95 of
 * every kind and every audience within `p95LimitMs` (each over MIN_ANSWERED_FOR_P95 answered
 * requests or more); if not, what broke, one phrase per kind or audience.
 */
export function verdictOf(summary: RunSummary, p95LimitMs: number): { held: boolean; broke: string[] } {
  const broke: string[] = [];
  const isSlow = (row: Row) => row.answered >= MIN_ANSWERED_FOR_P95 && row.p95 > p95LimitMs;
  for (const row of [...summary.rows, ...summary.audiences]) {
    const isAudience = summary.audiences.includes(row);
    const reasons = [isSlow(row) ? `p95 ${row.p95.toFixed(0)} ms` : null, isAudience ? null : errorsOf(row)].filter(
      (reason) => reason !== null,
    );
    if (reasons.length > 0) broke.push(`${row.kind}: ${reasons.join(', ')}`);
  }
  return { held: broke.length === 0, broke };
}

const WIDTHS = [20, 8, 7, 7, 7, 7, 8, 9, 8];
const HEADER = ['kind', 'requests', 'p50', 'p95', 'p99', 'non-2xx', 'dropped', 'timeouts', 'failed'];
const line = (cells: string[]) =>
  cells.map((cell, index) => (index === 0 ? cell.padEnd(WIDTHS[0]!) : cell.padStart(WIDTHS[index]!))).join(' ');

function formatRow(row: Row): string {
  const figures = [row.requests, row.p50, row.p95, row.p99].map((figure) => figure.toFixed(0));
  const counts = [row.non2xx, row.dropped, row.timeouts, row.failed].map(String);
  const statuses = [
    ...Object.entries(row.statuses).map(([status, count]) => `${count}× ${status}`),
    ...Object.entries(row.failures).map(([code, count]) => `${count}× ${code}`),
  ].join(', ');
  return line([row.kind, ...figures, ...counts]) + (statuses ? `  (${statuses})` : '');
}

/** The run's table: a row per kind and one for all, latencies in ms from each scheduled send time. */
export function formatSummary(summary: RunSummary): string[] {
  return [
    `asked ${summary.askedRate.toFixed(0)}/s, scheduled ${summary.scheduledRate.toFixed(1)}/s, ` +
      `sent ${summary.sentRate.toFixed(1)}/s`,
    line(HEADER),
    ...summary.rows.map(formatRow),
    ...summary.audiences.map(formatRow),
    formatRow(summary.total),
  ];
}
