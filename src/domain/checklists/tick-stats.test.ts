import { describe, expect, it } from 'vitest';
import { aboutDuration, isOftenSkipped, shareText } from './tick-stats';

describe('what people really tick', () => {
  it('marks an item under 30% as often skipped', () => {
    expect([isOftenSkipped(29), isOftenSkipped(30)]).toEqual([true, false]);
    expect(shareText(92)).toBe('92% tick this');
  });

  it('says a duration as a person would', () => {
    expect(aboutDuration(40)).toBe('about 1 minute');
    expect(aboutDuration(7 * 60)).toBe('about 7 minutes');
    expect(aboutDuration(23 * 60)).toBe('about 25 minutes');
    expect(aboutDuration(95 * 60)).toBe('about 1.5 hours');
    expect(aboutDuration(60 * 60)).toBe('about 1 hour');
    expect(aboutDuration(50 * 3600)).toBe('about 2 days');
  });
});
