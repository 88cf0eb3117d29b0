// Driving the generator (generator.ts, a process of its own): its setup once, then one run per
// rate, each printed as a table as it ends; find-max's search (find-max.ts) over such runs.
import { fork } from 'node:child_process';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { findMaxRate } from './find-max';
import type { GeneratorRun, GeneratorSetup } from './generator';
import type { LoadOptions } from './options';
import { formatSummary, summarize, verdictOf, type RunSummary, type RunTally } from './report';

/** Between find-max's steps. */
const PAUSE_MS = 2000;

export type Generator = {
  run: (rate: number, seconds: number) => Promise<RunSummary>;
  stop: () => void;
};

/** Forks the generator and hands it its pools; it then takes one run at a time. */
export async function startGenerator(setup: Omit<GeneratorSetup, 'type'>, warmupSeconds: number): Promise<Generator> {
  const child = fork(path.join(import.meta.dirname, 'generator.ts'), { execArgv: ['--import', 'tsx'] });
  const reply = <T>() => new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  const ready = reply<{ type: 'ready' }>();
  child.send({ type: 'setup', ...setup } satisfies GeneratorSetup);
  await ready;
  return {
    run: async (rate, seconds) => {
      const ran = reply<{ tally: RunTally }>();
      child.send({ type: 'run', rate, warmupSeconds, seconds } satisfies GeneratorRun);
      return summarize((await ran).tally);
    },
    stop: () => child.kill(),
  };
}

/** One run at `options.rate` for `options.minutes`, its table printed. */
export async function runOnce(generator: Generator, options: LoadOptions): Promise<RunSummary> {
  console.log(
    `\n${options.rate}/s for ${options.minutes} min after ${options.warmupSeconds} s of warm-up ` +
      '(latencies in ms from each request’s scheduled send time):',
  );
  const summary = await generator.run(options.rate, options.minutes * 60);
  for (const line of formatSummary(summary)) console.log(line);
  const verdict = verdictOf(summary, options.p95LimitMs);
  console.log(
    verdict.held
      ? `Held: every kind's p95 within ${options.p95LimitMs} ms, no errors.`
      : `Over the bar (p95 ${options.p95LimitMs} ms, no errors): ${verdict.broke.join('; ')}`,
  );
  return summary;
}

/**
 * Raises the rate step by step until a step breaks (a kind's p95 past the bar, or any error), then
 * bisects; prints each step's verdict as it ends, then the highest rate that held and what broke
 * at the next. The summaries of every step.
 */
export async function findMax(generator: Generator, options: LoadOptions, maxSteps: number) {
  console.log(
    `\nFinding the highest rate that holds (every kind's p95 within ${options.p95LimitMs} ms, no errors): ` +
      `from ${options.startRate}/s, doubling, then bisecting; each step ${options.warmupSeconds} s of warm-up ` +
      `and ${options.stepSeconds} s measured, at most ${maxSteps} steps and ${options.budgetMinutes} min.`,
  );
  const summaries: RunSummary[] = [];
  const stepMs = (options.warmupSeconds + options.stepSeconds) * 1000;
  const deadline = performance.now() + options.budgetMinutes * 60_000;
  const result = await findMaxRate(
    async (rate) => {
      // A pause between steps: work the last one left the server (requests given up) finishes.
      if (summaries.length > 0) await setTimeout(PAUSE_MS);
      const summary = await generator.run(rate, options.stepSeconds);
      summaries.push(summary);
      const verdict = verdictOf(summary, options.p95LimitMs);
      const worst = [...summary.rows].sort((a, b) => b.p95 - a.p95)[0];
      console.log(
        `  ${String(rate).padStart(5)}/s  sent ${summary.sentRate.toFixed(1).padStart(7)}/s  ` +
          `p95 all ${summary.total.p95.toFixed(0).padStart(4)} ms, worst ${worst?.kind} ${worst?.p95.toFixed(0)} ms  ` +
          (verdict.held ? 'held' : `broke: ${verdict.broke.join('; ')}`),
      );
      return { held: verdict.held, result: summary };
    },
    {
      startRate: options.startRate,
      maxSteps,
      precision: 0.05,
      isOutOfTime: () => performance.now() + PAUSE_MS + stepMs > deadline,
    },
  );
  if (result.held) {
    console.log(`\nThe highest rate that held: ${result.held.rate}/s. Its table:`);
    for (const line of formatSummary(result.held.result)) console.log(line);
  } else {
    console.log(`\nEven ${options.startRate}/s did not hold.`);
  }
  if (result.broke) {
    const verdict = verdictOf(result.broke.result, options.p95LimitMs);
    console.log(`\nWhat broke at ${result.broke.rate}/s: ${verdict.broke.join('; ')}. Its table:`);
    for (const line of formatSummary(result.broke.result)) console.log(line);
  } else {
    console.log(`\nNo rate broke within the steps and the time: the highest is above ${result.held?.rate}/s.`);
  }
  return { result, summaries };
}
