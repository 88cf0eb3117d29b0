import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlLimitAtLeast } from './client';

describe('sqlLimitAtLeast', () => {
  const text = (limit: number) => new PgDialect().sqlToQuery(sql`limit ${sqlLimitAtLeast(limit)}`);

  it('writes the least power of two at least the size, as text and not a parameter', () => {
    expect([1, 2, 3, 8, 9, 21, 50, 61].map((limit) => text(limit).sql)).toEqual([
      'limit 1',
      'limit 2',
      'limit 4',
      'limit 8',
      'limit 16',
      'limit 32',
      'limit 64',
      'limit 64',
    ]);
    expect(text(21).params).toEqual([]);
  });

  it('refuses what is not a positive whole number', () => {
    for (const bad of [0, -1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => sqlLimitAtLeast(bad)).toThrow();
  });
});
