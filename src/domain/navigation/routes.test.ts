import { describe, expect, it } from 'vitest';
import { resolveMeTab, safeRedirectTarget } from './routes';

describe('/me tabs', () => {
  it('defaults to account and falls back to it for unknown values', () => {
    expect(resolveMeTab(null)).toBe('account');
    expect(resolveMeTab('settings')).toBe('settings');
    expect(resolveMeTab('created-lists')).toBe('created-lists');
    expect(resolveMeTab('admin')).toBe('account');
  });
});

describe('the place to return to after sign-in', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirectTarget('/dashboard/lists?x=1')).toBe('/dashboard/lists?x=1');
    expect(safeRedirectTarget(null)).toBe('/browse');
    expect(safeRedirectTarget('https://evil.example')).toBe('/browse');
    expect(safeRedirectTarget('//evil.example')).toBe('/browse');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/browse');
  });
});
