import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import { isCommonPassword, newPasswordSchema, passwordMessages, weakPasswordReasons } from './password';

describe('passwords', () => {
  it('holds the 1,000 most common passwords', () => {
    expect(COMMON_PASSWORDS.size).toBe(1000);
    expect(COMMON_PASSWORDS.has('123456')).toBe(true);
    expect(COMMON_PASSWORDS.has('password')).toBe(true);
  });

  it('refuses common passwords whatever their case, with the weak_password reasons', () => {
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(weakPasswordReasons('qwerty')).toEqual(['common']);
    expect(weakPasswordReasons('abc')).toEqual(['length']);
    expect(weakPasswordReasons('1234')).toEqual(['length', 'common']);
    expect(weakPasswordReasons('tangerine-otter-7')).toEqual([]);
  });

  it('needs at least 6 characters and speaks the spec’s words', () => {
    expect(newPasswordSchema.safeParse('abcde').error?.issues[0]?.message).toBe(
      'Password must be at least 6 characters long',
    );
    expect(newPasswordSchema.safeParse('letmein').error?.issues[0]?.message).toBe(passwordMessages.common);
    expect(newPasswordSchema.safeParse('x7$kq!').success).toBe(true);
  });
});
