// When requests are sent: arrivals at a fixed mean rate as a Poisson process (independent
// arrivals, exponential gaps between them), as people arriving at a site do, so bursts and lulls
// happen as they do in real traffic. Open loop: a request's time is set by the schedule, never by
// when an earlier one was answered. Pure (schedule.test.ts).

/**
 * The gap before the next arrival, in ms, at `rate` arrivals a second: exponential with a mean of
 * 1000 / rate, drawn from `random`'s numbers in [0, 1).
 */
function arrivalGaps(rate: number, random: () => number): () => number {
  if (!(rate > 0)) throw new Error(`The arrival rate must be positive, got ${rate}`);
  const meanMs = 1000 / rate;
  return () => -Math.log(1 - random()) * meanMs;
}

/** The arrival times (ms from the start) within `seconds`, at `rate` a second. */
export function arrivalTimes(rate: number, seconds: number, random: () => number): number[] {
  const gap = arrivalGaps(rate, random);
  const times: number[] = [];
  for (let at = gap(); at < seconds * 1000; at += gap()) times.push(at);
  return times;
}
