import { describe, expect, it } from 'vitest';
import { canAdminister, canModerate } from './roles';
import { suspensionEnd } from './suspensions';

describe('roles', () => {
  it.each([
    ['user', false, false],
    ['moderator', true, false],
    ['admin', true, true],
    [null, false, false],
  ] as const)('%s: moderates %s, administers %s', (role, moderates, administers) => {
    expect(canModerate(role)).toBe(moderates);
    expect(canAdminister(role)).toBe(administers);
  });
});

describe('suspensionEnd', () => {
  const from = new Date('2026-11-28T12:00:00.000Z');
  it.each([
    ['1d', '2026-11-29T12:00:00.000Z'],
    ['7d', '2026-12-05T12:00:00.000Z'],
    ['30d', '2026-12-28T12:00:00.000Z'],
  ] as const)('%s ends at %s', (length, end) => {
    expect(suspensionEnd(length, from)?.toISOString()).toBe(end);
  });
  it('a permanent suspension has no end', () => {
    expect(suspensionEnd('permanent', from)).toBeNull();
  });
});
