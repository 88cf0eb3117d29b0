// What a bench case is: the requests the load generator sends, and the same work without HTTP.
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';
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
};

/** The rows of a query on the bench's database. */
export const selectRows = async <T extends Record<string, unknown>>(db: Database, query: SQL) =>
  (await db.execute<T>(query)).rows;
