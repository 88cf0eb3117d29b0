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

/** Whether `promise` has resolved by now (its callbacks flushed). */
async function hasResolved(promise: Promise<void>) {
  let isDone = false;
  void promise.then(() => (isDone = true));
  await vi.advanceTimersByTimeAsync(0);
  return isDone;
}

describe('whenNetworkQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves once nothing has arrived for the quiet time, and stops watching', async () => {
    const network = fakeNetwork();
    const quiet = whenNetworkQuiet(network.activity, 1_000, 10_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await hasResolved(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hasResolved(quiet)).toBe(true);
    expect(network.watchers()).toBe(0);
  });

  it('waits the quiet time again after each arrival', async () => {
    const network = fakeNetwork();
    const quiet = whenNetworkQuiet(network.activity, 1_000, 10_000);
    await vi.advanceTimersByTimeAsync(800);
    network.arrive();
    await vi.advanceTimersByTimeAsync(900);
    expect(await hasResolved(quiet)).toBe(false);
    network.arrive();
    await vi.advanceTimersByTimeAsync(999);
    expect(await hasResolved(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await hasResolved(quiet)).toBe(true);
  });

  it('waits while the app awaits a response, however quiet the network', async () => {
    const network = fakeNetwork();
    network.busy = true;
    const quiet = whenNetworkQuiet(network.activity, 1_000, 10_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await hasResolved(quiet)).toBe(false);
    network.busy = false;
    await vi.advanceTimersByTimeAsync(100);
    expect(await hasResolved(quiet)).toBe(true);
  });

  it('resolves at the longest wait on a page that never goes quiet', async () => {
    const network = fakeNetwork();
    network.busy = true;
    const quiet = whenNetworkQuiet(network.activity, 1_000, 10_000);
    const arrivals = setInterval(network.arrive, 300);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(await hasResolved(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await hasResolved(quiet)).toBe(true);
    clearInterval(arrivals);
  });
});
