import { describe, expect, it } from 'vitest';
import { createCachedValue } from './cached-value';

function clock() {
  let time = 1_000;
  return { now: () => time, pass: (ms: number) => (time += ms) };
}

describe('createCachedValue', () => {
  it('returns what it read until that is ttlMs old, then reads again', async () => {
    const { now, pass } = clock();
    let reads = 0;
    const value = createCachedValue(async () => ++reads, { ttlMs: 5_000, now });
    expect(await value()).toBe(1);
    pass(4_999);
    expect(await value()).toBe(1);
    pass(1);
    expect(await value()).toBe(2);
    expect(reads).toBe(2);
  });

  it('counts the age from when the read began, not when it ended', async () => {
    const { now, pass } = clock();
    let reads = 0;
    const value = createCachedValue(
      async () => {
        pass(3_000);
        return ++reads;
      },
      { ttlMs: 5_000, now },
    );
    await value();
    pass(2_000);
    expect(await value()).toBe(2);
  });

  it('reads once for requests that ask while it reads', async () => {
    let reads = 0;
    let finish: (n: number) => void = () => {};
    const value = createCachedValue(
      () => {
        reads++;
        return new Promise<number>((resolve) => (finish = resolve));
      },
      { ttlMs: 5_000 },
    );
    const asked = [value(), value(), value()];
    finish(7);
    expect(await Promise.all(asked)).toEqual([7, 7, 7]);
    expect(reads).toBe(1);
  });

  it('keeps nothing from a failed read, and reads again when asked again', async () => {
    let reads = 0;
    const value = createCachedValue(
      async () => {
        reads++;
        if (reads === 1) throw new Error('database down');
        return reads;
      },
      { ttlMs: 5_000 },
    );
    await expect(value()).rejects.toThrow('database down');
    expect(await value()).toBe(2);
  });

  it('reads every time when ttlMs is 0', async () => {
    let reads = 0;
    const value = createCachedValue(async () => ++reads, { ttlMs: 0 });
    await value();
    await value();
    expect(reads).toBe(2);
  });
});
