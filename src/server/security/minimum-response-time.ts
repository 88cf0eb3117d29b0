/**
 * A sign-up with a known address does less work than one with a new address (no account, no
 * token), so it would respond sooner, and the difference would tell an attacker which addresses
 * have accounts. So sign-up responds no sooner than SIGN_UP_MIN_RESPONSE_MS after the request
 * began, well above either path's time on a quiet machine, and both take the same time.
 */
export const SIGN_UP_MIN_RESPONSE_MS = 600;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work`, then waits until `minMs` have passed since `startedAt` (a `performance.now()` reading). */
export async function noSoonerThan<T>(
  minMs: number,
  startedAt: number,
  work: () => Promise<T>,
  clock: { now: () => number; pause: (ms: number) => Promise<void> } = { now: () => performance.now(), pause: sleep },
): Promise<T> {
  try {
    return await work();
  } finally {
    const left = minMs - (clock.now() - startedAt);
    if (left > 0) await clock.pause(left);
  }
}
