/**
 * Issue 9 item 3: a sign-up with a known address does less work than one with a new address (no
 * account, no token), so its answer came sooner, and the difference told an attacker which
 * addresses have accounts. Sign-up answers are now given no sooner than SIGN_UP_FLOOR_MS after the
 * request began, well above either path's time on a quiet machine, so both take the same time.
 */
export const SIGN_UP_FLOOR_MS = 600;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work`, then waits until `floorMs` have passed since `startedAt` (a `performance.now()` reading). */
export async function noSoonerThan<T>(
  floorMs: number,
  startedAt: number,
  work: () => Promise<T>,
  clock: { now: () => number; pause: (ms: number) => Promise<void> } = { now: () => performance.now(), pause: sleep },
): Promise<T> {
  try {
    return await work();
  } finally {
    const left = floorMs - (clock.now() - startedAt);
    if (left > 0) await clock.pause(left);
  }
}
