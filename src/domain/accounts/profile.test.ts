import { describe, expect, it } from 'vitest';
import { AVATAR_EMOJIS, greetingName, ownProfileMessages, profileUpdateSchema, settingsUpdateSchema } from './profile';

describe('the header greeting', () => {
  it('uses the profile name, or "User" without one', () => {
    expect(greetingName('Sam')).toBe('Sam');
    expect(greetingName('  ')).toBe('User');
    expect(greetingName(null)).toBe('User');
  });
});

describe('the profile editor', () => {
  it('offers 20 different emoji, all faces or animals', () => {
    expect(new Set(AVATAR_EMOJIS).size).toBe(20);
    // Unicode's animal blocks (U+1F400–1F43F, U+1F980–1F9AE) and its emoticons (faces, U+1F600–1F64F).
    const isFaceOrAnimal = (emoji: string) => {
      const point = emoji.codePointAt(0)!;
      return (
        (point >= 0x1f400 && point <= 0x1f43f) ||
        (point >= 0x1f980 && point <= 0x1f9ae) ||
        (point >= 0x1f600 && point <= 0x1f64f)
      );
    };
    expect(AVATAR_EMOJIS.filter((emoji) => !isFaceOrAnimal(emoji))).toEqual([]);
  });

  it('requires a profile name after trimming', () => {
    const result = profileUpdateSchema.safeParse({ profileName: '   ', avatarUrl: null, isPublic: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ownProfileMessages.nameRequired);
  });

  it('trims the name and accepts only offered avatars', () => {
    expect(profileUpdateSchema.parse({ profileName: ' Sam ', avatarUrl: '🦊', isPublic: false })).toEqual({
      profileName: 'Sam',
      avatarUrl: '🦊',
      isPublic: false,
    });
    const other = profileUpdateSchema.safeParse({ profileName: 'Sam', avatarUrl: 'https://x/y.png', isPublic: true });
    expect(other.error?.issues[0]?.message).toBe(ownProfileMessages.avatarInvalid);
  });
});

describe('settings', () => {
  it('needs at least one setting and a known theme', () => {
    expect(settingsUpdateSchema.safeParse({}).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ theme: 'blue' }).success).toBe(false);
    expect(settingsUpdateSchema.parse({ theme: 'dark' })).toEqual({ theme: 'dark' });
  });
});
