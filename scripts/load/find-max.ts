// The highest arrival rate that holds: rates raised step by step (doubling from a start) until one
// breaks, then bisected between the last that held and the first that broke, until they are
// within `precision` of each other or the steps or the time run out. Each step is one bounded
// measurement, so the search is bounded in time. Pure over `measure` (find-max.test.ts).

export type Step<T> = { rate: number; held: boolean; result: T };

export type SearchLimits = {
  /** The first rate tried, a second. */
  startRate: number;
  /** At most this many measurements. */
  maxSteps: number;
  /** Stop once the broken rate is within this fraction above the held one (0.05: 5 %). */
  precision: number;
  /** Asked before each step: true stops the search there (its time is up). */
  isOutOfTime?: () => boolean;
};

export type SearchResult<T> = {
  /** The highest rate that held, or null when even the start broke. */
  held: Step<T> | null;
  /** The lowest rate that broke, or null when none did within the steps. */
  broke: Step<T> | null;
  steps: Step<T>[];
};

export async function findMaxRate<T>(
  measure: (rate: number) => Promise<{ held: boolean; result: T }>,
  { startRate, maxSteps, precision, isOutOfTime = () => false }: SearchLimits,
): Promise<SearchResult<T>> {
  const steps: Step<T>[] = [];
  const canStep = () => steps.length < maxSteps && !isOutOfTime();
  let held: Step<T> | null = null;
  let broke: Step<T> | null = null;
  const tryRate = async (rate: number) => {
    const step = { rate, ...(await measure(rate)) };
    steps.push(step);
    if (step.held) held = step;
    else broke = step;
    return step;
  };
  // The coarse rise: double until a rate breaks.
  for (let rate = Math.max(1, Math.round(startRate)); canStep(); rate *= 2) {
    if (!(await tryRate(rate)).held) break;
  }
  // The bisection, between whole rates a second.
  while (held !== null && broke !== null && canStep()) {
    const low: number = (held as Step<T>).rate;
    const high: number = (broke as Step<T>).rate;
    const middle = Math.round((low + high) / 2);
    if (high - low <= low * precision || middle === low || middle === high) break;
    await tryRate(middle);
  }
  return { held, broke, steps };
}
