import { describe, expect, it } from 'vitest';
import { OFFLINE_COPY_DAYS, savedAgo } from './offline';
import { OFFLINE_LIST_DAYS } from './offline-lists';

it('keeps a copy on the device as long as the server names a list for it', () => {
  expect(OFFLINE_COPY_DAYS).toBe(OFFLINE_LIST_DAYS);
});

describe('savedAgo', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const ago = (ms: number) => savedAgo(new Date(now.getTime() - ms).toISOString(), now);

  it('says "just now" under a minute, and for a time ahead of this clock', () => {
    expect(ago(59_000)).toBe('just now');
    expect(ago(-5 * 60_000)).toBe('just now');
  });

  it('counts whole minutes, hours and days, singular for one', () => {
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(59 * 60_000 + 59_000)).toBe('59 minutes ago');
    expect(ago(60 * 60_000)).toBe('1 hour ago');
    expect(ago(23 * 3600_000 + 59 * 60_000)).toBe('23 hours ago');
    expect(ago(24 * 3600_000)).toBe('1 day ago');
    expect(ago(29 * 24 * 3600_000)).toBe('29 days ago');
  });

  it('says "just now" for a time it cannot read', () => {
    expect(savedAgo('not a time', now)).toBe('just now');
  });
});
