import { describe, expect, it } from 'vitest';
import { maxFindSteps, parseLoadArgs } from './options';

describe('parseLoadArgs', () => {
  it('sends 50/s for a minute at the bench’s default size by default', () => {
    const options = parseLoadArgs([]);
    expect(options).toMatchObject({ rate: 50, minutes: 1, isFindMax: false, p95LimitMs: 100, maxInFlight: 256 });
    expect(options.bench).toMatchObject({ scale: 1, lists: 50_000, workers: null, signIns: 400 });
  });

  it('takes its own flags, fractions of minutes among them, and hands the rest to the bench’s parser', () => {
    const options = parseLoadArgs(['--rate', '120', '--minutes', '0.5', '--scale', '0.2', '--workers', '2']);
    expect(options).toMatchObject({ rate: 120, minutes: 0.5 });
    expect(options.bench).toMatchObject({ scale: 0.2, lists: 10_000, workers: 2 });
  });

  it('refuses a rate or a time out of bounds, and the bench’s own flags', () => {
    expect(() => parseLoadArgs(['--rate', '0'])).toThrow(/--rate needs a number from 0.1 to 20000/);
    expect(() => parseLoadArgs(['--minutes', '600'])).toThrow(/--minutes/);
    expect(() => parseLoadArgs(['--only', 'detail'])).toThrow(/the bench's/);
    expect(() => parseLoadArgs(['--bogus', '1'])).toThrow(/Unknown argument --bogus/);
  });

  it('lets find-max choose its rates, and fits its steps in its budget', () => {
    expect(() => parseLoadArgs(['--find-max', '--rate', '10'])).toThrow(/chooses its own rates/);
    const options = parseLoadArgs(['--find-max', '--step-seconds', '25', '--budget-minutes', '9']);
    expect(options).toMatchObject({ isFindMax: true, stepSeconds: 25, warmupSeconds: 5 });
    // Each step: 5 s warm-up, 25 s measured, 2 s to finish.
    expect(maxFindSteps(options)).toBe(16);
  });
});
