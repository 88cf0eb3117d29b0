import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect';

describe('reconnecting the live stream', () => {
  it('waits 1, 2, 5, then 10 s, and keeps 10 s after that', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });
});
