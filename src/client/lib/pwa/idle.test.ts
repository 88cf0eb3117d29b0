import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenNetworkQuiet, type NetworkActivity } from './idle';

/** A page's network under the test's control: `arrive()` is something arriving, `busy` a response awaited. */
function fakeNetwork() {
  const listeners = new Set<() => void>();
  const state = { busy: false };
  const activity: NetworkActivity = {
    onActivity: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isBusy: () => state.busy,
  };
  return {
    set busy(isBusy: boolean) {
      state.busy = isBusy;
    },
    arrive: () => listeners.forEach((listener) => listener()),
    watchers: () => listeners.size,
    activity,
  };
}

/** Whether `promise` has resolved once the clock has moved on `ms` (its callbacks flushed). */
async function hasResolvedAfter(ms: number, promise: Promise<void>) {
  let isDone = false;
  void promise.then(() => (isDone = true));
  await vi.advanceTimersByTimeAsync(ms);
  return isDone;
}

/** Waits for `network` to be quiet for 1 second, 10 seconds at the longest. */
const whenQuiet = (network: ReturnType<typeof fakeNetwork>) => whenNetworkQuiet(network.activity, 1_000, 10_000);

describe('whenNetworkQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves once nothing has arrived for the quiet time, and stops watching', async () => {
    const network = fakeNetwork();
    const quiet = whenQuiet(network);
    expect(await hasResolvedAfter(999, quiet)).toBe(false);
    expect(await hasResolvedAfter(1, quiet)).toBe(true);
    expect(network.watchers()).toBe(0);
  });

  it('waits the quiet time again after each arrival', async () => {
    const network = fakeNetwork();
    const quiet = whenQuiet(network);
    await vi.advanceTimersByTimeAsync(800);
    network.arrive();
    expect(await hasResolvedAfter(900, quiet)).toBe(false);
    network.arrive();
    expect(await hasResolvedAfter(999, quiet)).toBe(false);
    expect(await hasResolvedAfter(100, quiet)).toBe(true);
  });

  it('waits while the app awaits a response, however quiet the network', async () => {
    const network = fakeNetwork();
    network.busy = true;
    const quiet = whenQuiet(network);
    expect(await hasResolvedAfter(3_000, quiet)).toBe(false);
    network.busy = false;
    expect(await hasResolvedAfter(100, quiet)).toBe(true);
  });

  it('resolves at the longest wait on a page that never goes quiet', async () => {
    const network = fakeNetwork();
    network.busy = true;
    const quiet = whenQuiet(network);
    const arrivals = setInterval(network.arrive, 300);
    expect(await hasResolvedAfter(9_900, quiet)).toBe(false);
    expect(await hasResolvedAfter(100, quiet)).toBe(true);
    clearInterval(arrivals);
  });
});
