import { sql, type SQL } from 'drizzle-orm';
import { BADGE_METRICS, badgesForMetrics, type BadgeMetric } from '@/domain/badges/badges';
import type { Database, Executor } from '../db/client';
import { reportAfterCommitFailure, withRecordedNotifications } from '../notifications/notify-after-commit';
import { grantWhere, type Grant } from './badges.actions';

// Badge checks after the write that may have earned a badge, through the outbox (`outbox_tasks`).
//
// A write leaves its check as a row, in its own statement (`laterBadgeCheck`), so the check
// commits or rolls back with the write; once the write has committed, the process that made it
// runs the check (`checkBadges`), in one statement that deletes the row, grants what the users
// have earned, writes their notifications and NOTIFYs their live streams. A process that dies
// between the two leaves the row, and the next sweep (`sweepBadgeChecks`: at start-up, then every
// minute, by any process) runs it; so does a check that fails (a lost connection), whose failure is
// logged by the request that ran it (`reportAfterCommitFailure`), not thrown. Running a check twice
// cannot happen (the row is deleted by the statement that runs it) and would grant nothing twice
// (`on conflict do nothing`).
//
// A check reads the metrics after its own write has committed, so no lock is needed: of two writes
// that together reach a target (two lists completed at once), the check of the one that commits
// last sees both. A write that leaves its check only when its own count reaches a target (a new
// list, a like) reads that count after a lock the other writers moving it take too.

const KIND = 'badges';

/**
 * A WITH query's body that leaves a badge check on `metrics` for the users of `users` (a query of
 * `user_id`s; none: no row) to after the statement's commit; it returns the check's `id`.
 *
 * A user who already holds every badge on `metrics` has nothing left to earn there (a badge, once
 * granted, is kept), so is left out, and a write by such users alone leaves no check: most writes
 * of people who use the site are theirs, and the check would cost them a row written and deleted
 * and a statement after the commit. The badges held are those committed when the statement began:
 * one granted meanwhile (by a check still running) is not seen, and the check is left, as before.
 *
 * With `reached`, `users` also gives each user's `reached`: the value of the one metric in
 * `metrics` as the write counted it, exactly (under a lock every writer moving it takes first). A
 * user is then left a check only for a badge whose target that value has reached and which they do
 * not hold: a count past a target still leaves one, so a target passed without a check (a write
 * that lowers the count takes no lock) is caught by the next write.
 */
export function laterBadgeCheck(users: SQL, metrics: readonly BadgeMetric[], { reached = false } = {}): SQL {
  const badges = badgesForMetrics(metrics);
  if (reached && new Set(badges.map((badge) => badge.rule.metric)).size !== 1)
    throw new Error('a value reached is the value of one metric');
  const slugs = badges.map((badge) => badge.slug);
  const due = reached
    ? sql`exists (
        select 1 from unnest(${sql.param(badges.map((badge) => badge.rule.target))}::int[], ${sql.param(slugs)}::text[])
          badge(target, slug)
        where later.reached >= badge.target
          and not exists (select 1 from user_badges held where held.user_id = later.user_id and held.badge_slug = badge.slug))`
    : sql`(select count(*) from user_badges held
           where held.user_id = later.user_id and held.badge_slug = any(${sql.param(slugs)}::text[])) < ${slugs.length}`;
  return sql`
    insert into outbox_tasks (kind, payload)
    select ${KIND}, jsonb_build_object('users', jsonb_agg(distinct later.user_id), 'metrics', ${JSON.stringify(metrics)}::jsonb)
    from (${users}) later
    where ${due}
    having count(*) > 0
    returning id`;
}

/**
 * The badge checks a write leaves: `leave` writes one in the write's transaction; `left` records
 * one the write's own statement wrote (laterBadgeCheck), by the id it returned (null: none).
 */
export type LaterBadgeChecks = {
  leave(tx: Executor, userIds: readonly string[], metrics: readonly BadgeMetric[]): Promise<void>;
  left(id: number | string | null | undefined, metrics: readonly BadgeMetric[]): void;
};

/**
 * Runs `write`, which may leave badge checks through `later`, and once it has returned (its
 * transaction committed) runs them. A write that throws has rolled back, and its checks with it.
 */
export async function withBadgeChecks<T>(db: Database, write: (later: LaterBadgeChecks) => Promise<T>): Promise<T> {
  const left: { id: number; metrics: readonly BadgeMetric[] }[] = [];
  const later: LaterBadgeChecks = {
    async leave(tx, userIds, metrics) {
      if (userIds.length === 0) return;
      const users = sql`select unnest(${sql.param([...userIds])}::text[]) as user_id`;
      const result = await tx.execute<{ id: string }>(laterBadgeCheck(users, metrics));
      later.left(result.rows[0]?.id, metrics);
    },
    left(id, metrics) {
      if (id !== null && id !== undefined) left.push({ id: Number(id), metrics });
    },
  };
  const result = await write(later);
  for (const check of left) await checkBadges(db, [check.id], check.metrics);
  return result;
}

/** Runs the checks `taken` (a WITH query's body that deletes them and returns their `payload`). */
async function runChecks(db: Database, metrics: readonly BadgeMetric[], taken: SQL): Promise<Grant[]> {
  const definitions = badgesForMetrics(metrics);
  if (definitions.length === 0) return [];
  // The NOTIFYs the write recorded go with the check, not in a statement of their own.
  return withRecordedNotifications((notifications) =>
    grantWhere(
      db,
      definitions,
      sql`select distinct u.user_id from taken cross join jsonb_array_elements_text(taken.payload -> 'users') u(user_id)`,
      { before: sql`taken as (${taken})`, announce: notifications.length > 0 ? notifications : true },
    ),
  );
}

/**
 * Runs the badge checks `ids` on `metrics` that a write of this process has just committed; a check
 * another process has taken meanwhile (a sweep) is left to it. The write has committed and answers
 * as it did: a check that fails (a lost connection) is left in the outbox for the sweep, and its
 * failure reported to the request's work (`reportAfterCommitFailure`), which logs it.
 */
export async function checkBadges(
  db: Database,
  ids: readonly number[],
  metrics: readonly BadgeMetric[],
): Promise<Grant[]> {
  try {
    return await runChecks(
      db,
      metrics,
      sql`
      delete from outbox_tasks where id in (
        select id from outbox_tasks where id = any(${sql.param(ids)}::bigint[]) and kind = ${KIND}
        for update skip locked)
      returning payload`,
    );
  } catch (error) {
    reportAfterCommitFailure(KIND, error);
    return [];
  }
}

/** How many checks a sweep's statement takes at a time, and how many statements a sweep sends at most. */
const SWEEP_BATCH = 200;
const SWEEP_ROUNDS = 10;

/**
 * Runs the badge checks left by writes whose process did not run them: those older than
 * `olderThanMs` (a live process runs its own within milliseconds; 0 at start-up). Returns how many
 * it found waiting, up to a batch a round (0: none; some may have been another process's to run).
 */
export async function sweepBadgeChecks(db: Database, olderThanMs: number): Promise<number> {
  const stale = sql`kind = ${KIND} and created_at <= now() - make_interval(secs => ${olderThanMs / 1000})`;
  let taken = 0;
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    const waiting = await db.execute<{ metrics: string[]; count: number }>(sql`
      select payload -> 'metrics' as metrics, count(*)::int as count from outbox_tasks where ${stale} group by 1`);
    if (waiting.rows.length === 0) break;
    for (const { metrics, count } of waiting.rows) {
      const batch = sql`
        delete from outbox_tasks where id in (
          select id from outbox_tasks where ${stale} and payload -> 'metrics' = ${JSON.stringify(metrics)}::jsonb
          order by id limit ${SWEEP_BATCH} for update skip locked)
        returning payload`;
      const known = BADGE_METRICS.filter((metric) => metrics.includes(metric));
      // A check on metrics no badge has any more has nothing to grant.
      if (known.length === 0) await db.execute(batch);
      else await runChecks(db, known, batch);
      taken += Math.min(count, SWEEP_BATCH);
    }
  }
  return taken;
}
