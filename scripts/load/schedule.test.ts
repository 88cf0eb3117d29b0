import { describe, expect, it } from 'vitest';
import { seededRandom } from '../bench/vocabulary';
import { arrivalTimes } from './schedule';

describe('arrivalTimes', () => {
  it('holds the asked rate on average over a long schedule', () => {
    const times = arrivalTimes(50, 2000, seededRandom(3));
    // 100,000 expected; a Poisson count's standard deviation is its square root (316).
    expect(Math.abs(times.length - 100_000)).toBeLessThan(5 * 316);
  });

  it('spaces arrivals as a Poisson process: exponential gaps, as spread as they are long on average', () => {
    const times = arrivalTimes(100, 1000, seededRandom(4));
    const gaps = times.slice(1).map((at, index) => at - times[index]!);
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    const deviation = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap - mean) ** 2, 0) / gaps.length);
    expect(mean).toBeCloseTo(10, 0);
    expect(deviation / mean).toBeGreaterThan(0.97);
    expect(deviation / mean).toBeLessThan(1.03);
    // An exponential gap is below its mean 1 − 1/e (63 %) of the time.
    expect(gaps.filter((gap) => gap < mean).length / gaps.length).toBeCloseTo(1 - Math.exp(-1), 2);
  });

  it('keeps every arrival within the seconds, in order, and is the same for the same seed', () => {
    const times = arrivalTimes(20, 30, seededRandom(5));
    expect(times.every((at, index) => at >= 0 && at < 30_000 && (index === 0 || at >= times[index - 1]!))).toBe(true);
    expect(arrivalTimes(20, 30, seededRandom(5))).toEqual(times);
    expect(arrivalTimes(20, 30, seededRandom(6))).not.toEqual(times);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => arrivalTimes(0, 10, seededRandom(1))).toThrow(/positive/);
  });
});
