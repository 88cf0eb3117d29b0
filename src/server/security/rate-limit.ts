import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export type RateRule = { windowSeconds: number; max: number };

/**
 * Limits per action, each applied to the caller's IP address and, where the request names an
 * account (an e-mail address), to that account too, so neither many addresses from one IP nor
 * one address from many IPs gets unlimited tries.
 */
export const rateRules = {
  signIn: { ip: { windowSeconds: 15 * 60, max: 100 }, account: { windowSeconds: 15 * 60, max: 10 } },
  signUp: { ip: { windowSeconds: 60 * 60, max: 20 }, account: { windowSeconds: 60 * 60, max: 5 } },
  passwordReset: { ip: { windowSeconds: 60 * 60, max: 30 }, account: { windowSeconds: 60 * 60, max: 5 } },
  usernameCheck: { ip: { windowSeconds: 60, max: 60 } },
  verificationEmail: { ip: { windowSeconds: 60 * 60, max: 20 }, account: { windowSeconds: 60 * 60, max: 5 } },
} as const satisfies Record<string, { ip: RateRule; account?: RateRule }>;

export type RateAction = keyof typeof rateRules;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * One atomic statement per key: a fixed window kept in Postgres, so every app process on the
 * database shares the count and concurrent requests cannot all slip through a stale read.
 */
export async function consumeRate(db: Database, key: string, rule: RateRule): Promise<RateDecision> {
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
                   then now() else rate_limits.window_start end
    returning count,
      greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int as retry_after`);
  const row = result.rows[0]!;
  return row.count <= rule.max ? { allowed: true } : { allowed: false, retryAfterSeconds: row.retry_after };
}

/** Checks the IP rule and, when an account is named, the account rule. */
export async function consumeActionRate(
  db: Database,
  action: RateAction,
  caller: { ip: string; account?: string | undefined },
): Promise<RateDecision> {
  const rules: { ip: RateRule; account?: RateRule } = rateRules[action];
  const ipDecision = await consumeRate(db, `${action}:ip:${caller.ip}`, rules.ip);
  if (!ipDecision.allowed) return ipDecision;
  if (rules.account && caller.account) {
    return consumeRate(db, `${action}:account:${caller.account.trim().toLowerCase()}`, rules.account);
  }
  return ipDecision;
}

/** Old windows are useless; removed now and then so the table stays small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
