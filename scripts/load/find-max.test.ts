import { describe, expect, it } from 'vitest';
import { findMaxRate } from './find-max';

/** A fake measurement: rates up to `capacity` hold; the rates asked for, in order. */
const fakeMeasure = (capacity: number) => {
  const asked: number[] = [];
  const measure = (rate: number) => {
    asked.push(rate);
    return Promise.resolve({ held: rate <= capacity, result: `at ${rate}` });
  };
  return { asked, measure };
};

describe('findMaxRate', () => {
  it('doubles from the start rate until a step breaks, then bisects to within the precision', async () => {
    const { asked, measure } = fakeMeasure(530);
    const result = await findMaxRate(measure, { startRate: 25, maxSteps: 30, precision: 0.05 });
    expect(asked.slice(0, 7)).toEqual([25, 50, 100, 200, 400, 800, 600]);
    expect(result.held!.rate).toBeLessThanOrEqual(530);
    expect(result.broke!.rate).toBeGreaterThan(530);
    expect(result.broke!.rate - result.held!.rate).toBeLessThanOrEqual(result.held!.rate * 0.05);
    expect(result.held!.result).toBe(`at ${result.held!.rate}`);
    expect(result.steps.map((step) => step.rate)).toEqual(asked);
  });

  it('never takes more steps than allowed', async () => {
    const { asked, measure } = fakeMeasure(530);
    const result = await findMaxRate(measure, { startRate: 25, maxSteps: 4, precision: 0.05 });
    expect(asked).toEqual([25, 50, 100, 200]);
    expect(result.held!.rate).toBe(200);
    expect(result.broke).toBeNull();
  });

  it('takes no step once its time is up', async () => {
    const { asked, measure } = fakeMeasure(530);
    const result = await findMaxRate(measure, {
      startRate: 25,
      maxSteps: 30,
      precision: 0.05,
      isOutOfTime: () => asked.length >= 3,
    });
    expect(asked).toEqual([25, 50, 100]);
    expect(result).toMatchObject({ held: { rate: 100 }, broke: null });
  });

  it('says nothing held when even the start rate breaks', async () => {
    const { asked, measure } = fakeMeasure(10);
    const result = await findMaxRate(measure, { startRate: 25, maxSteps: 10, precision: 0.05 });
    expect(asked).toEqual([25]);
    expect(result.held).toBeNull();
    expect(result.broke!.rate).toBe(25);
  });

  it('stops bisecting when no whole rate lies between the held and the broken one', async () => {
    const { asked, measure } = fakeMeasure(2);
    const result = await findMaxRate(measure, { startRate: 1, maxSteps: 30, precision: 0 });
    expect(asked).toEqual([1, 2, 4, 3]);
    expect([result.held!.rate, result.broke!.rate]).toEqual([2, 3]);
  });
});
