import { describe, expect, it } from 'vitest';
import { filterUsernameInput, isValidUsername, usernameMessages, usernameSchema } from './username';

describe('usernames', () => {
  it('keeps only letters, digits and underscore while typing', () => {
    expect(filterUsernameInput('Jo hn-Doe_42!é')).toBe('JohnDoe_42');
  });

  it('accepts 3 to 20 of [A-Za-z0-9_] and nothing else', () => {
    expect(isValidUsername('abc')).toBe(true);
    expect(isValidUsername('A_b_9'.padEnd(20, 'x'))).toBe(true);
    expect(isValidUsername('ab')).toBe(false);
    expect(isValidUsername('a'.repeat(21))).toBe(false);
    expect(isValidUsername('with space')).toBe(false);
    expect(isValidUsername('dash-ed')).toBe(false);
  });

  it('explains the rule in the spec’s words', () => {
    const result = usernameSchema.safeParse('no');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(usernameMessages.invalid);
    expect(usernameMessages.invalid).toBe('Usernames must be 3-20 characters, letters, numbers, or underscores only.');
    expect(usernameMessages.taken).toBe('This username is already taken.');
    expect(usernameMessages.checkFailed).toBe('Error checking username.');
  });

  it('has no room for control characters or direction overrides (its pattern is stricter than the text rule)', () => {
    for (const value of ['maya\u202e', 'ma\u2066ya', 'maya\n', 'maya\t', 'ma\u0000ya']) {
      expect(isValidUsername(value), JSON.stringify(value)).toBe(false);
    }
  });
});
