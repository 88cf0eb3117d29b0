import { describe, expect, it } from 'vitest';
import { ticketsOverCap } from './live';

const SPAN = 2 ** 24;

describe('ticketsOverCap', () => {
  it('keeps the newest and names the rest, oldest first', () => {
    expect(ticketsOverCap([10, 50, 20, 40, 30, 60, 70], 5, 100)).toEqual([10, 20]);
    expect(ticketsOverCap([10, 20], 5, 100)).toEqual([]);
  });

  it('orders tickets across the clock’s wrap', () => {
    // Taken just before the wrap, then just after it: the first two are the oldest.
    expect(ticketsOverCap([SPAN - 30, SPAN - 20, SPAN - 10, 0, 10, 20, 30], 5, 40)).toEqual([SPAN - 30, SPAN - 20]);
  });

  it('takes a ticket from a clock a little ahead as the newest, not the oldest', () => {
    expect(ticketsOverCap([100, 110, 120, 130, 140, 1_000], 5, 150)).toEqual([100]);
  });
});
