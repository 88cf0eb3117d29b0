import { describe, expect, it } from 'vitest';
import { greetingName } from './profile';

describe('the header greeting (spec §2.2)', () => {
  it('uses the profile name, or "User" without one', () => {
    expect(greetingName('Sam')).toBe('Sam');
    expect(greetingName('  ')).toBe('User');
    expect(greetingName(null)).toBe('User');
  });
});
