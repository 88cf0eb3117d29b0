import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitAddress } from './client-address';

export type RateRule = { windowSeconds: number; max: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const minutes = (count: number) => count * 60;

/**
 * The limits. Each action is limited per IP address; where the request names an account, also per
 * account. Sign-in counts only failed attempts against an account, per (account, IP) and, more
 * loosely, per account from everywhere: the owner's own successful sign-ins never count, and one
 * attacker address cannot lock the owner out.
 */
export const rateRules = {
  signInPerIp: { windowSeconds: minutes(15), max: 100 },
  signInFailuresPerAccountAndIp: { windowSeconds: minutes(15), max: 10 },
  signInFailuresPerAccount: { windowSeconds: minutes(15), max: 50 },
  signUpPerIp: { windowSeconds: minutes(60), max: 20 },
  signUpPerAccount: { windowSeconds: minutes(60), max: 5 },
  mailPerIp: { windowSeconds: minutes(60), max: 30 },
  mailPerAccountAndIp: { windowSeconds: minutes(60), max: 5 },
  mailPerAccount: { windowSeconds: minutes(60), max: 20 },
  usernameCheckPerIp: { windowSeconds: 60, max: 60 },
  currentPasswordPerUser: { windowSeconds: minutes(15), max: 10 },
  // Issue 10 item 6: the export reads everything the user has; a deletion attempt checks a password.
  dataExportPerUser: { windowSeconds: minutes(60), max: 5 },
  accountDeletionPerUser: { windowSeconds: minutes(15), max: 5 },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof rateRules;

/** The key of a rule for one caller; long inputs are cut so a key never grows unbounded. */
export function rateKey(rule: RateRuleName, ...parts: string[]): string {
  // An IPv6 address counts by its /64 (issue 9 item 10); e-mails and ids are never addresses.
  return [rule, ...parts.map((part) => rateLimitAddress(part.trim()).toLowerCase().slice(0, 254))].join(':');
}

/**
 * Counts one event and says whether it is within the rule. One atomic statement per key: a fixed
 * window kept in Postgres, so every app process on the database shares the count and concurrent
 * requests cannot all slip through a stale read.
 */
export async function consumeRate(db: Database, name: RateRuleName, ...parts: string[]): Promise<RateDecision> {
  return countEvent(db, rateKey(name, ...parts), rateRules[name]);
}

/** consumeRate's statement for any key and rule (the write quotas below name their own keys). */
async function countEvent(db: Database, key: string, rule: RateRule): Promise<RateDecision> {
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

/** A content write's quota for one user: a day's allowance and a burst per minute. */
export type WriteQuota = { perDay: number; perMinute: number };

/**
 * Anti-automation on content writes (issue 9 item 8), one named quota per action. Each write
 * counts against the user's quota and against its address's, which is ADDRESS_FACTOR times larger
 * (a household or an office shares one address; a script with many accounts is still bounded).
 * A refused write is 429 with Retry-After. Generous for a person, tight for a script.
 */
export const writeQuotas = {
  createChecklist: { perDay: 30, perMinute: 5 },
  cloneChecklist: { perDay: 30, perMinute: 5 },
  /** Posting and editing comments. */
  comment: { perDay: 120, perMinute: 10 },
  /** Likes and unlikes. */
  like: { perDay: 300, perMinute: 30 },
  /** Follows and unfollows. */
  follow: { perDay: 300, perMinute: 30 },
  /** Creating, renaming and deleting list groups. */
  group: { perDay: 50, perMinute: 10 },
  /** Filing lists in groups, taking them out, saving and unsaving. */
  library: { perDay: 500, perMinute: 60 },
} as const satisfies Record<string, WriteQuota>;

export type WriteAction = keyof typeof writeQuotas;
export type WriteQuotas = Record<WriteAction, WriteQuota>;

export const ADDRESS_FACTOR = 5;

const DAY_SECONDS = 24 * 60 * 60;

/** The four counters of one write, in the order they are checked; tests seed them by these keys. */
export function writeQuotaCounters(
  action: WriteAction,
  userId: string,
  address: string,
  quotas: WriteQuotas = writeQuotas,
) {
  const quota = quotas[action];
  address = rateLimitAddress(address);
  return [
    { key: `write:${action}:user:minute:${userId}`, rule: { windowSeconds: 60, max: quota.perMinute } },
    { key: `write:${action}:user:day:${userId}`, rule: { windowSeconds: DAY_SECONDS, max: quota.perDay } },
    {
      key: `write:${action}:address:minute:${address}`,
      rule: { windowSeconds: 60, max: quota.perMinute * ADDRESS_FACTOR },
    },
    {
      key: `write:${action}:address:day:${address}`,
      rule: { windowSeconds: DAY_SECONDS, max: quota.perDay * ADDRESS_FACTOR },
    },
  ] satisfies { key: string; rule: RateRule }[];
}

/** Counts one content write by `userId` from `address` and says whether it is within its quotas. */
export function consumeWriteQuota(
  db: Database,
  action: WriteAction,
  userId: string,
  address: string,
  quotas: WriteQuotas = writeQuotas,
): Promise<RateDecision> {
  return firstRefusal(
    ...writeQuotaCounters(action, userId, address, quotas).map(
      ({ key, rule }) =>
        () =>
          countEvent(db, key, rule),
    ),
  );
}

/** Whether a rule is already used up, without counting anything. */
export async function peekRate(db: Database, name: RateRuleName, ...parts: string[]): Promise<RateDecision> {
  const rule = rateRules[name];
  const result = await db.execute<{ retry_after: number }>(sql`
    select greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int as retry_after
    from rate_limits
    where key = ${rateKey(name, ...parts)}
      and window_start > now() - make_interval(secs => ${rule.windowSeconds})
      and count >= ${rule.max}`);
  const row = result.rows[0];
  return row ? { allowed: false, retryAfterSeconds: row.retry_after } : { allowed: true };
}

/** Checks several decisions in order and returns the first refusal. */
export async function firstRefusal(...checks: (() => Promise<RateDecision>)[]): Promise<RateDecision> {
  for (const check of checks) {
    const decision = await check();
    if (!decision.allowed) return decision;
  }
  return { allowed: true };
}

/** Old windows are useless; removed now and then so the table stays small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
