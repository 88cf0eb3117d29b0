import { describe, expect, it } from 'vitest';
import { parseTheme, resolveTheme } from './theme';

describe('the colour theme', () => {
  it('reads a stored value, falling back to system', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('neon')).toBe('system');
    expect(parseTheme(null)).toBe('system');
  });

  it('resolves system from the device preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
