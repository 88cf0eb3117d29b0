import { describe, expect, it } from 'vitest';
import { emptyKinds, formatSummary, MIN_ANSWERED_FOR_P95, summarize, verdictOf, type RunTally } from './report';

/** A run of 10 s at 10/s: 100 details answered in 1..100 ms, and a comment refused once. */
function sampleRun(): RunTally {
  const kinds = emptyKinds();
  kinds.detail.latencies = Array.from({ length: 100 }, (_, index) => 100 - index);
  kinds.comment.latencies = [20, 30];
  kinds.comment.statuses = { 429: 1 };
  return { askedRate: 10, seconds: 10, scheduled: 104, kinds };
}

describe('summarize', () => {
  it('gives each kind that had requests its count and percentiles, and a row for all', () => {
    const summary = summarize(sampleRun());
    expect(summary.rows.map((row) => row.kind)).toEqual(['detail', 'comment']);
    expect(summary.rows[0]).toMatchObject({ requests: 100, p50: 51, p95: 96, p99: 100, non2xx: 0 });
    expect(summary.rows[1]).toMatchObject({ requests: 2, non2xx: 1, statuses: { 429: 1 } });
    expect(summary.total).toMatchObject({ kind: 'all', requests: 102, non2xx: 1 });
    expect(summary.audiences.map((row) => [row.kind, row.requests])).toEqual([
      ['visitors', 100],
      ['writes', 2],
    ]);
  });

  it('counts dropped and timed-out requests as requests and errors, and the rate sent apart from the rate asked', () => {
    const run = sampleRun();
    run.kinds.detail.dropped = 1;
    run.kinds.like.timeouts = 1;
    const summary = summarize(run);
    expect(summary.rows.find((row) => row.kind === 'like')).toMatchObject({ requests: 1, timeouts: 1, p95: 0 });
    expect(summary.total).toMatchObject({ requests: 104, dropped: 1, timeouts: 1 });
    expect(summary.scheduledRate).toBeCloseTo(10.4);
    expect(summary.sentRate).toBeCloseTo(10.3);
  });
});

describe('verdictOf', () => {
  it('holds only while every kind is within the bar and nothing failed', () => {
    const clean = sampleRun();
    clean.kinds.comment.statuses = {};
    expect(verdictOf(summarize(clean), 100)).toEqual({ held: true, broke: [] });
    expect(verdictOf(summarize(clean), 90)).toEqual({
      held: false,
      broke: ['detail: p95 96 ms', 'visitors: p95 96 ms'],
    });
    expect(verdictOf(summarize(sampleRun()), 100)).toEqual({ held: false, broke: ['comment: 1× 429'] });
  });

  it('breaks on a dropped request alone, and names each sort of error', () => {
    const run = sampleRun();
    run.kinds.comment.statuses = {};
    run.kinds.tick.dropped = 2;
    run.kinds.like.timeouts = 1;
    run.kinds.like.failures = { ECONNRESET: 3 };
    expect(verdictOf(summarize(run), 100).broke).toEqual([
      'tick: 2 dropped',
      'like: 1 timed out, 3 failed (ECONNRESET)',
    ]);
  });

  it('judges a rare kind’s p95 with its audience until it has enough answered requests', () => {
    const run = sampleRun();
    run.kinds.comment.statuses = {};
    // One slow create among quick ticks: the writes' p95 holds, the create's own is not judged.
    run.kinds.create.latencies = [900];
    run.kinds.tick.latencies = Array.from({ length: MIN_ANSWERED_FOR_P95 }, () => 10);
    expect(verdictOf(summarize(run), 100)).toEqual({ held: true, broke: [] });
    // As many slow creates as make a p95: the create breaks, and the writes with it.
    run.kinds.create.latencies = Array.from({ length: MIN_ANSWERED_FOR_P95 }, () => 900);
    expect(verdictOf(summarize(run), 100).broke).toEqual(['create: p95 900 ms', 'writes: p95 900 ms']);
  });

  it('breaks on an audience whose rare kinds are slow together', () => {
    const run = sampleRun();
    run.kinds.comment.statuses = {};
    run.kinds.comment.latencies = Array.from({ length: 30 }, () => 300);
    run.kinds.create.latencies = Array.from({ length: 30 }, () => 300);
    expect(verdictOf(summarize(run), 100).broke).toEqual(['writes: p95 300 ms']);
  });
});

describe('formatSummary', () => {
  it('prints the rates, a row per kind with its statuses, and the total last', () => {
    const lines = formatSummary(summarize(sampleRun()));
    expect(lines[0]).toBe('asked 10/s, scheduled 10.4/s, sent 10.4/s');
    expect(lines[2]).toMatch(/^detail\s+100\s+51\s+96\s+100\s+0\s+0\s+0\s+0$/);
    expect(lines[3]).toMatch(/^comment .*\(1× 429\)$/);
    expect(lines.slice(-3)).toEqual([
      expect.stringMatching(/^visitors\s+100 /),
      expect.stringMatching(/^writes\s+2 .*\(1× 429\)$/),
      expect.stringMatching(/^all\s+102 /),
    ]);
  });
});
