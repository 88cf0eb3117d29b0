import { describe, expect, it } from 'vitest';
import { AVATAR_EMOJIS, greetingName, profileMessages, profileUpdateSchema, settingsUpdateSchema } from './profile';

describe('the header greeting (spec §2.2)', () => {
  it('uses the profile name, or "User" without one', () => {
    expect(greetingName('Sam')).toBe('Sam');
    expect(greetingName('  ')).toBe('User');
    expect(greetingName(null)).toBe('User');
  });
});

describe('the profile editor (spec §2.10)', () => {
  it('offers 20 different emoji', () => {
    expect(new Set(AVATAR_EMOJIS).size).toBe(20);
  });

  it('requires a profile name after trimming', () => {
    const result = profileUpdateSchema.safeParse({ profileName: '   ', avatarUrl: null, isPublic: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(profileMessages.nameRequired);
  });

  it('trims the name and accepts only offered avatars', () => {
    expect(profileUpdateSchema.parse({ profileName: ' Sam ', avatarUrl: '🦊', isPublic: false })).toEqual({
      profileName: 'Sam',
      avatarUrl: '🦊',
      isPublic: false,
    });
    const other = profileUpdateSchema.safeParse({ profileName: 'Sam', avatarUrl: 'https://x/y.png', isPublic: true });
    expect(other.error?.issues[0]?.message).toBe(profileMessages.avatarInvalid);
  });
});

describe('settings', () => {
  it('needs at least one setting and a known theme', () => {
    expect(settingsUpdateSchema.safeParse({}).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ theme: 'blue' }).success).toBe(false);
    expect(settingsUpdateSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
  });
});
