import { describe, expect, it } from 'vitest';
import { workerRestartDelay } from './cluster';

describe('workerRestartDelay', () => {
  it('waits 0.5 s after a first death, doubling with each further death within a minute, at most 30 s', () => {
    const now = 1_000_000;
    expect(workerRestartDelay([now], now)).toBe(500);
    expect(workerRestartDelay([now - 10_000, now], now)).toBe(1000);
    expect(workerRestartDelay([now - 3000, now - 2000, now - 1000, now], now)).toBe(4000);
    expect(
      workerRestartDelay(
        Array.from({ length: 20 }, (_, index) => now - index * 1000),
        now,
      ),
    ).toBe(30_000);
  });

  it('forgets deaths older than a minute', () => {
    const now = 1_000_000;
    expect(workerRestartDelay([now - 120_000, now - 61_000, now], now)).toBe(500);
  });
});
