import { describe, expect, it } from 'vitest';
import { DELETED_USER } from '../accounts/account-data';
import { displayName, visibleProfileName } from './profile';

describe('profile names', () => {
  it('fall back to the username', () => {
    expect(displayName({ profileName: 'Sam Reid', username: 'sam' })).toBe('Sam Reid');
    expect(displayName({ profileName: '  ', username: 'sam' })).toBe('sam');
    expect(displayName({ profileName: null, username: 'sam' })).toBe('sam');
  });

  it('of a private profile are seen by its owner only', () => {
    const person = { id: 'u1', profileName: ' Sam Reid ', isPublic: false };
    expect(visibleProfileName(person, 'u1')).toBe('Sam Reid');
    expect(visibleProfileName(person, 'u2')).toBeNull();
    expect(visibleProfileName(person, null)).toBeNull();
    expect(visibleProfileName({ ...person, isPublic: true }, null)).toBe('Sam Reid');
    expect(visibleProfileName({ ...person, isPublic: true, profileName: ' ' }, 'u1')).toBeNull();
  });

  it('are hidden when it is not known that the profile is public', () => {
    expect(visibleProfileName({ id: 'u1', profileName: 'Sam', isPublic: null }, null)).toBeNull();
    expect(visibleProfileName({ id: null, profileName: 'Sam', isPublic: false }, null)).toBeNull();
  });

  it('show "Deleted user", whose private profile is nobody’s own', () => {
    const deleted = { id: DELETED_USER.id, profileName: DELETED_USER.name, isPublic: false };
    expect(visibleProfileName(deleted, null)).toBe(DELETED_USER.name);
  });
});
