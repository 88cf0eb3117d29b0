import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sqlLimitAtLeast, withGenericPlans } from './client';

const generic = '-c plan_cache_mode=force_generic_plan';

describe('withGenericPlans (decision 038)', () => {
  const saved = process.env.PGOPTIONS;
  afterEach(() => {
    if (saved === undefined) delete process.env.PGOPTIONS;
    else process.env.PGOPTIONS = saved;
  });

  it('adds the setting to the startup options', () => {
    delete process.env.PGOPTIONS;
    const config = withGenericPlans({ connectionString: 'postgres://app:secret@127.0.0.1:5432/ticklist', max: 10 });
    expect(config).toEqual({
      connectionString: 'postgres://app:secret@127.0.0.1:5432/ticklist',
      max: 10,
      options: generic,
    });
  });

  it("keeps a connection string's options beside it, and takes them out of the string, which would win", () => {
    const config = withGenericPlans({
      connectionString: 'postgres://app@db.internal:5432/ticklist?options=-c%20search_path%3Dapp&sslmode=require',
    });
    expect(config.options).toBe(`-c search_path=app ${generic}`);
    expect(config.connectionString).toBe('postgres://app@db.internal:5432/ticklist?sslmode=require');
  });

  it('keeps PGOPTIONS, which a configured option would replace', () => {
    process.env.PGOPTIONS = '-c search_path=app';
    expect(withGenericPlans({ connectionString: 'postgres://127.0.0.1/ticklist' }).options).toBe(
      `-c search_path=app ${generic}`,
    );
  });
});

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
