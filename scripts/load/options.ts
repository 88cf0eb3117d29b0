// The load test's command line: its own flags (rate, minutes, find-max and its steps, the cap on
// requests in flight), and the bench's for the database and the server (--scale, --data,
// --workers, --sign-ins...), read by the bench's parser. Pure (options.test.ts).
import { parseBenchArgs, type BenchOptions } from '../bench/options';

export type LoadOptions = {
  /** Arrivals a second (a plain run). */
  rate: number;
  /** How long a plain run sends, after its warm-up. */
  minutes: number;
  /** Search for the highest rate that holds instead of one run at `rate`. */
  isFindMax: boolean;
  /** The first rate find-max tries. */
  startRate: number;
  /** Seconds each find-max step is measured, after its warm-up. */
  stepSeconds: number;
  /** Seconds sent at a run's rate before it is counted (caches filled, connections open). */
  warmupSeconds: number;
  /** Find-max stops before its steps would take longer than this. */
  budgetMinutes: number;
  /** A run holds while every kind's p95 is within this (and no error). */
  p95LimitMs: number;
  /** Requests in flight at most; an arrival past it is dropped (an error). */
  maxInFlight: number;
  /** A request unanswered this long is given up (an error). */
  timeoutMs: number;
  bench: BenchOptions;
};

const LIMITS = {
  rate: [0.1, 20_000],
  minutes: [0.05, 60],
  'start-rate': [1, 20_000],
  'step-seconds': [5, 120],
  'warmup-seconds': [0, 60],
  'budget-minutes': [1, 30],
  'p95-ms': [1, 10_000],
  'max-in-flight': [1, 4096],
  'timeout-ms': [100, 60_000],
} as const;
type Flag = keyof typeof LIMITS;
const FLAGS = Object.keys(LIMITS) as Flag[];

/** Bench flags that mean nothing here: the load test measures no cases one by one. */
const BENCH_ONLY = ['--seconds', '--only', '--cpu-prof'];

export function parseLoadArgs(argv: readonly string[]): LoadOptions {
  const given = new Map<Flag, number>();
  const rest: string[] = [];
  const isFindMax = argv.includes('--find-max');
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === '--find-max') continue;
    if (BENCH_ONLY.includes(arg)) throw new Error(`${arg} is the bench's; the load test has no use for it`);
    const name = arg.replace(/^--/, '') as Flag;
    if (!arg.startsWith('--') || !FLAGS.includes(name)) {
      rest.push(arg);
      continue;
    }
    const text = argv[++index];
    const value = Number(text);
    const [low, high] = LIMITS[name];
    if (text === undefined || !Number.isFinite(value) || value < low || value > high) {
      throw new Error(`--${name} needs a number from ${low} to ${high}, got ${text ?? 'nothing'}`);
    }
    given.set(name, value);
  }
  if (isFindMax && (given.has('rate') || given.has('minutes'))) {
    throw new Error(
      '--find-max chooses its own rates and times: give --start-rate, --step-seconds or --budget-minutes',
    );
  }
  return {
    rate: given.get('rate') ?? 50,
    minutes: given.get('minutes') ?? 1,
    isFindMax,
    startRate: given.get('start-rate') ?? 25,
    stepSeconds: given.get('step-seconds') ?? 30,
    warmupSeconds: given.get('warmup-seconds') ?? 5,
    budgetMinutes: given.get('budget-minutes') ?? 10,
    p95LimitMs: given.get('p95-ms') ?? 100,
    maxInFlight: Math.round(given.get('max-in-flight') ?? 256),
    timeoutMs: given.get('timeout-ms') ?? 10_000,
    bench: parseBenchArgs(rest),
  };
}

/**
 * How many find-max steps fit in its budget: each is its warm-up, its measured seconds and a
 * moment for the requests still in flight to finish.
 */
export const maxFindSteps = ({ budgetMinutes, warmupSeconds, stepSeconds }: LoadOptions) =>
  Math.max(1, Math.floor((budgetMinutes * 60) / (warmupSeconds + stepSeconds + 2)));
