import { describe, expect, it } from 'vitest';
import { hasOutlivedAbsoluteLifetime, SESSION_ABSOLUTE_DAYS } from './lifetimes';
import { describeDevice, sessionMessages } from './sessions';

describe('describeDevice', () => {
  it('names the browser and the system in plain words', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge on Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari on iPhone',
      ],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome on Android',
      ],
      ['curl/8.5.0', 'Unknown device'],
      ['', 'Unknown device'],
    ];
    for (const [agent, words] of cases) expect(describeDevice(agent)).toBe(words);
    expect(describeDevice(null)).toBe('Unknown device');
  });

  it('says how many devices were signed out', () => {
    expect(sessionMessages.revoked(0)).toBe('No other device was signed in.');
    expect(sessionMessages.revoked(1)).toBe('Signed out of 1 other device.');
    expect(sessionMessages.revoked(3)).toBe('Signed out of 3 other devices.');
  });
});

describe('the absolute session lifetime', () => {
  it('ends a session 90 days after it was created, however often it was renewed', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    expect(SESSION_ABSOLUTE_DAYS).toBe(90);
    expect(hasOutlivedAbsoluteLifetime(daysAgo(89.9), now)).toBe(false);
    expect(hasOutlivedAbsoluteLifetime(daysAgo(90), now)).toBe(true);
  });
});
