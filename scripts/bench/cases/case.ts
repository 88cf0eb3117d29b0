// What a bench case is: the requests the load generator sends, and the same work without HTTP.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';
import { rateKey, type RateRuleName } from '../../../src/server/security/rate-limit';
import type { LoadRequest } from '../load';

export type Case = {
  name: string;
  requests: LoadRequest[];
  /**
   * Send each request once at most, ending the case early if need be: for a write fast enough to
   * go round its list within the case's seconds, whose users would then meet their quotas.
   */
  once?: boolean;
  /** The same query function without HTTP, cycling through the same variety; none for writes. */
  bare?: (index: number) => Promise<unknown>;
  /** Run just before the case is measured. */
  before?: () => Promise<void>;
};

/**
 * Before a case: none of `users`' window of `rule` used yet. Cases that share a per-user limit run
 * within a minute of each other, and each stands for a minute of people's reading of its own.
 */
export const freshWindows = (db: Database, rule: RateRuleName, users: { userId: string }[]) => async () => {
  const keys = users.map((user) => rateKey(rule, user.userId));
  await db.execute(sql`delete from rate_limits where key = any(${sql.param(keys)}::text[])`);
};

/** The rows of a query on the bench's database. */
export const selectRows = async <T extends Record<string, unknown>>(db: Database, query: SQL) =>
  (await db.execute<T>(query)).rows;
