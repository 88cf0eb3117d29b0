import { describe, expect, it } from 'vitest';
import { displayName } from './profile';

describe('profile names', () => {
  it('fall back to the username', () => {
    expect(displayName({ profileName: 'Sam Reid', username: 'sam' })).toBe('Sam Reid');
    expect(displayName({ profileName: '  ', username: 'sam' })).toBe('sam');
    expect(displayName({ profileName: null, username: 'sam' })).toBe('sam');
  });
});
