import { sql, type SQL } from 'drizzle-orm';
import { commitWithoutWaiting, executeNamed, type Database } from '../db/client';
import { rateLimitAddress } from './client-address';

export type RateRule = { windowSeconds: number; max: number };
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const minutes = (count: number) => count * 60;

/**
 * The limits. Each action is limited per IP address; where the request names an account, also per
 * account. Sign-in reserves a slot per (account, IP) before the password is checked and keeps it
 * only when the password was wrong, so at most `max` wrong passwords are ever checked from one
 * address, however many arrive at once. Per account from everywhere, failures only slow sign-in
 * down (signInSlowdown): someone else's failures never refuse the owner.
 */
export const rateRules = {
  signInPerIp: { windowSeconds: minutes(15), max: 100 },
  signInFailuresPerAccountAndIp: { windowSeconds: minutes(15), max: 10 },
  // Counted, never refused: its count sets the slowdown below.
  signInFailuresPerAccount: { windowSeconds: minutes(15), max: Number.MAX_SAFE_INTEGER },
  signUpPerIp: { windowSeconds: minutes(60), max: 20 },
  signUpPerAccount: { windowSeconds: minutes(60), max: 5 },
  mailPerIp: { windowSeconds: minutes(60), max: 30 },
  mailPerAccountAndIp: { windowSeconds: minutes(60), max: 5 },
  mailPerAccount: { windowSeconds: minutes(60), max: 20 },
  usernameCheckPerIp: { windowSeconds: 60, max: 60 },
  // Opening an e-mail change's confirmation or undo link: a person opens a few.
  emailChangeLinkPerIp: { windowSeconds: minutes(15), max: 30 },
  currentPasswordPerUser: { windowSeconds: minutes(15), max: 10 },
  // The export reads everything the user has; a deletion attempt checks a password.
  dataExportPerUser: { windowSeconds: minutes(60), max: 5 },
  accountDeletionPerUser: { windowSeconds: minutes(15), max: 5 },
  // Decision 026: drawing a share preview not yet in memory (a crawler unfurling links is one address).
  previewRendersPerIp: { windowSeconds: 60, max: 120 },
  // A user's own history of a list, a page at a time: a person opens a few pages.
  runHistoryPerUser: { windowSeconds: 60, max: 60 },
  // An author's versions of their list, a page at a time, one version's entries before a restore,
  // and what the original of their clone changed.
  versionHistoryPerUser: { windowSeconds: 60, max: 60 },
  // Suggestions while a list is written: the editor asks as the title, tags and items change (debounced).
  itemSuggestionsPerUser: { windowSeconds: 60, max: 120 },
  // A list's remixes: its detail page asks for the first page, a reader pages on with Show more.
  remixesPerIp: { windowSeconds: 60, max: 240 },
  // A search's count, asked after its first page (decision 054): one per search a person makes.
  searchCountsPerIp: { windowSeconds: 60, max: 240 },
  // Changing one's own profile, username or settings (Hide completed items among them): a person
  // flips a switch a few times a minute.
  ownProfileWritesPerUser: { windowSeconds: 60, max: 60 },
  // An admin reading the audit log or the people with a role, a page at a time.
  adminReadsPerUser: { windowSeconds: 60, max: 120 },
  // The moderators' queue: reading pages of cases and deciding them, a few a minute each.
  moderationPerUser: { windowSeconds: 60, max: 120 },
  // The lists a device keeps for use offline: asked after sign-in and every few hours.
  offlineListsPerUser: { windowSeconds: minutes(60), max: 20 },
  // Settings' list of the people one blocked, a page at a time: a person opens a few pages.
  blockedUsersPerUser: { windowSeconds: 60, max: 60 },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof rateRules;

/**
 * Per account, wrong passwords from every address make each later sign-in attempt wait before its
 * password is checked: nothing for the first `freeFailures`, then `msPerFailure` more for each,
 * up to `maxMs`. The owner still gets in, only more slowly.
 */
export const signInSlowdown = { freeFailures: 10, msPerFailure: 250, maxMs: 5000 } as const;

/** How long a sign-in attempt waits, given the account's recent failures from every address. */
export function signInDelayMs(failures: number): number {
  const { freeFailures, msPerFailure, maxMs } = signInSlowdown;
  return Math.min(maxMs, Math.max(0, failures - freeFailures) * msPerFailure);
}

/** The key of a rule for one caller; long inputs are cut so a key never grows unbounded. */
export function rateKey(rule: RateRuleName, ...parts: string[]): string {
  // An IPv6 address counts by its /64 (one host usually holds the whole /64); e-mails and ids are never addresses.
  return [rule, ...parts.map((part) => rateLimitAddress(part.trim()).toLowerCase().slice(0, 254))].join(':');
}

/**
 * Counts one event and says whether it is within the rule. One atomic statement per key: a fixed
 * window stored in Postgres, so every app process on the database shares the count and concurrent
 * requests cannot all slip through a stale read.
 */
export async function consumeRate(db: Database, name: RateRuleName, ...parts: string[]): Promise<RateDecision> {
  return countEvent(db, rateKey(name, ...parts), rateRules[name]);
}

/** Adds one to `key`'s count, starting a new window (at one) when the rule's window has passed. */
function countOne(key: string, rule: RateRule): SQL {
  const windowEnded = sql`rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})`;
  return sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when ${windowEnded} then 1 else rate_limits.count + 1 end,
      window_start = case when ${windowEnded} then now() else rate_limits.window_start end`;
}

/**
 * consumeRate's statement for any key and rule (the write quotas below name their own keys): one
 * named statement, prepared once per connection, whose commit does not wait for the disk, as the
 * write quotas' does not (consumeWriteQuota). It counts a visitor's reads (remixes, a search's
 * count), the sign-in, sign-up and mail limits per address, and a signed-in request's per-user
 * limits when its session's statement could not count them; a crash within moments (the WAL
 * writer's 200 ms) may forget the last of these counts, letting a few more attempts through once.
 * `db` is the pool, never a transaction: the setting would hold for the whole transaction's commit.
 */
async function countEvent(db: Database, key: string, rule: RateRule): Promise<RateDecision> {
  const [row] = await executeNamed<{ count: number; retry_after: number }>(
    db,
    sql`
    ${countOne(key, rule)}
    returning count,
      greatest(1, ceil(extract(epoch from window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int as retry_after,
      ${commitWithoutWaiting}`,
  );
  if (!row) throw new Error('the rate count returned no row');
  return row.count <= rule.max ? { allowed: true } : { allowed: false, retryAfterSeconds: row.retry_after };
}

/**
 * Takes one slot of a rule before the work it limits, or refuses when none is left: one atomic
 * statement, so concurrent requests can never take more than `max` slots. A caller whose work
 * turned out not to count gives its slot back with releaseRate().
 */
export async function reserveRate(db: Database, name: RateRuleName, ...parts: string[]): Promise<RateDecision> {
  const rule = rateRules[name];
  const key = rateKey(name, ...parts);
  const result = await db.execute<{ count: number }>(sql`
    ${countOne(key, rule)}
    where rate_limits.window_start <= now() - make_interval(secs => ${rule.windowSeconds})
       or rate_limits.count < ${rule.max}
    returning count`);
  if (result.rows.length > 0) return { allowed: true };
  const refused = await peekRate(db, name, ...parts);
  // The window may have ended between the two statements: still a refusal, with the shortest wait.
  return refused.allowed ? { allowed: false, retryAfterSeconds: 1 } : refused;
}

/** Gives back a slot taken by reserveRate() (the attempt did not count). */
export async function releaseRate(db: Database, name: RateRuleName, ...parts: string[]): Promise<void> {
  await db.execute(sql`
    update rate_limits set count = greatest(0, count - 1) where key = ${rateKey(name, ...parts)}`);
}

/** How many events a rule has counted in its current window. */
export async function countRate(db: Database, name: RateRuleName, ...parts: string[]): Promise<number> {
  const rule = rateRules[name];
  const result = await db.execute<{ count: number }>(sql`
    select count from rate_limits
    where key = ${rateKey(name, ...parts)} and window_start > now() - make_interval(secs => ${rule.windowSeconds})`);
  return result.rows[0]?.count ?? 0;
}

/** Forgets the counts of the given rules for one account (a completed password reset). */
export async function clearAccountRates(db: Database, names: RateRuleName[], account: string): Promise<void> {
  for (const name of names) {
    const exact = rateKey(name, account);
    await db.execute(sql`delete from rate_limits where key = ${exact} or starts_with(key, ${`${exact}:`})`);
  }
}

/** A content write's quota for one user: a day's allowance and a burst per minute. */
export type WriteQuota = { perDay: number; perMinute: number };

/**
 * Anti-automation on content writes, one named quota per action. Each write
 * counts against the user's quota and against its address's, which is ADDRESS_FACTOR times larger
 * (a household or an office shares one address; a script with many accounts is still bounded).
 * A refused write is 429 with Retry-After. Generous for a person, tight for a script.
 */
export const writeQuotas = {
  createChecklist: { perDay: 30, perMinute: 5 },
  cloneChecklist: { perDay: 30, perMinute: 5 },
  /** One's own private copies: each a new list, as many as clones. */
  duplicateChecklist: { perDay: 30, perMinute: 5 },
  /** Posting and editing comments. */
  comment: { perDay: 120, perMinute: 10 },
  /** Likes and unlikes. */
  like: { perDay: 300, perMinute: 30 },
  /** Follows and unfollows. */
  follow: { perDay: 300, perMinute: 30 },
  /** Blocks and unblocks. */
  block: { perDay: 100, perMinute: 20 },
  /** Creating, renaming and deleting list groups. */
  group: { perDay: 50, perMinute: 10 },
  /** Filing lists in groups, taking them out, saving and unsaving. */
  library: { perDay: 500, perMinute: 60 },
  /** "Start again" on a list: each one with a tick keeps a run in the user's history. */
  startAgain: { perDay: 200, perMinute: 20 },
  /** Restoring an older version of one's list: each one saves a new version. */
  restoreVersion: { perDay: 100, perMinute: 10 },
  /** Applying (or skipping) the changes of a clone's original: a person reviews a few a day. */
  reviewUpstream: { perDay: 100, perMinute: 10 },
  /** Adding an idea from remixes to one's list, or dismissing one. */
  remixIdea: { perDay: 200, perMinute: 20 },
  /** An author asking for a review of their hidden things: once per hiding, so a few a day. */
  reviewRequest: { perDay: 20, perMinute: 5 },
  /** A moderator's staff picks and unpicks. */
  staffPick: { perDay: 200, perMinute: 30 },
  /** An admin granting and revoking roles. */
  roleChange: { perDay: 50, perMinute: 10 },
  /** Reporting a list, a comment or a profile, and reporting it again: a person reports a few. */
  report: { perDay: 50, perMinute: 10 },
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

/**
 * Counts one content write by `userId` from `address` and says whether it is within its quotas: the
 * four counters in order, stopping at the first refusal, in one statement and one commit
 * (ticklist_count_events): a write is on every request's path.
 *
 * That commit does not wait for its WAL to reach the disk (`synchronous_commit` off for its own
 * transaction only): it came before the write's own, so every write waited for two flushes, and at
 * 500,000 lists a third of what creating lists waited for was the WAL (IO:WalSync, LWLock:WALWrite).
 * The write's commit, which waits, flushes the counters' record with its own; only a crash within
 * moments (the WAL writer's 200 ms) of a refused or failed write can forget that it was counted.
 * `db` is the pool, never a transaction: the setting would hold for the whole transaction's commit.
 */
export async function consumeWriteQuota(
  db: Database,
  action: WriteAction,
  userId: string,
  address: string,
  quotas: WriteQuotas = writeQuotas,
): Promise<RateDecision> {
  const result = await db.execute<{ retry_after: number }>(sql`
    select ${commitWithoutWaiting}, ${countWriteQuota(action, sql`${userId}`, address, quotas)} as retry_after`);
  return quotaDecision(result.rows[0]!.retry_after);
}

/** Stands for the user's id in a key made before the statement that names the user. */
const USER_MARK = '\u0000';

/** `key` with the user's id (SQL) where USER_MARK stands. */
function keyOfUser(key: string, userId: SQL): SQL {
  const [before, after] = key.split(USER_MARK);
  return after === undefined ? sql`${key}` : sql`${before} || ${userId} || ${after}`;
}

/** ticklist_count_events over the keys and their rules, in order. */
const countEvents = (keys: SQL[], rules: RateRule[]) => sql`ticklist_count_events(
    array[${sql.join(keys, sql`, `)}]::text[],
    ${sql.param(rules.map((rule) => rule.windowSeconds))}::int[],
    ${sql.param(rules.map((rule) => rule.max))}::int[])`;

/**
 * The expression that counts one write against its four counters (ticklist_count_events): the
 * seconds to wait before the next, 0 when it is allowed. `userId` is SQL: a parameter, or the
 * user's column in a statement that reads the session (session-lookup.ts), so that the write is
 * counted in the statement that finds who makes it.
 */
export function countWriteQuota(action: WriteAction, userId: SQL, address: string, quotas: WriteQuotas): SQL {
  const counters = writeQuotaCounters(action, USER_MARK, address, quotas);
  return countEvents(
    counters.map((counter) => keyOfUser(counter.key, userId)),
    counters.map((counter) => counter.rule),
  );
}

/**
 * The expression that counts one event of each per-user rule of `rules` for the user `userId`, the
 * user's column in the statement that reads the session, in order and stopping at the first refusal
 * (ticklist_count_events): the seconds to wait, 0 when allowed. Its keys are rateKey's for a user
 * id: lower-cased, which is all rateKey does to a UUID (an id is never an address, nor that long).
 */
export function countUserRates(rules: readonly RateRuleName[], userId: SQL): SQL {
  return countEvents(
    rules.map((rule) => keyOfUser(rateKey(rule, USER_MARK), sql`lower(${userId})`)),
    rules.map((rule) => rateRules[rule]),
  );
}

/** A write's decision from ticklist_count_events' answer. */
export const quotaDecision = (retryAfter: number): RateDecision =>
  retryAfter === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: retryAfter };

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
