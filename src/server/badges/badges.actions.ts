import { sql, type SQL } from 'drizzle-orm';
import {
  BADGE_METRICS,
  BADGES,
  badgeRuleText,
  badgesForMetrics,
  type BadgeDefinition,
  type BadgeMetric,
} from '@/domain/badges/badges';
import { badgeNotificationMessage } from '@/domain/notifications/notifications';
import { executeNamed, type Executor, type Transaction } from '../db/client';
import { badges } from '../db/schema';
import { badgeNotifications } from '../notifications/notifications.actions';
import { metricValues } from './badges.queries';

export type Grant = { userId: string; slug: string };

// Any fixed number: the first key of the per-user advisory locks that serialise badge grants.
const BADGE_LOCK_NAMESPACE = 7_420_011;

/**
 * Earns, in one statement, every badge of `definitions` whose metric has reached its target for the
 * users of `candidates` (a query of `user_id`s), and notifies each of them once. ON CONFLICT makes it
 * idempotent; the join with `badges` skips a definition not yet upserted rather than break the action.
 */
async function grantWhere(
  db: Executor,
  definitions: readonly BadgeDefinition[],
  candidates: SQL,
  { isNamed = false }: { isNamed?: boolean } = {},
): Promise<Grant[]> {
  if (definitions.length === 0) return [];
  const metrics = BADGE_METRICS.filter((metric) => definitions.some((badge) => badge.rule.metric === metric));
  const rules = definitions.map(
    (badge) =>
      sql`(${badge.slug}, ${badge.rule.metric}, ${badge.rule.target}::int, ${badgeNotificationMessage(badge.name)})`,
  );
  const notices = badgeNotifications(
    sql`select g.user_id, r.message from granted g join rules r on r.slug = g.badge_slug`,
  );
  const statement = sql`
    with rules (slug, metric, target, message) as (values ${sql.join(rules, sql`, `)}),
    earned as (
      select candidates.user_id, r.slug
      from (${candidates}) candidates
      cross join lateral ${metricValues(metrics, sql`candidates.user_id`)}
      join rules r on r.metric = m.metric and m.value >= r.target
      join badges b on b.slug = r.slug),
    granted as (
      insert into user_badges (user_id, badge_slug) select user_id, slug from earned
      on conflict do nothing
      returning user_id, badge_slug),
    noted as (${notices.insert})
    select user_id, badge_slug from granted`;
  type Row = { user_id: string; badge_slug: string };
  const rows = isNamed ? await executeNamed<Row>(db, statement) : (await db.execute<Row>(statement)).rows;
  notices.written(rows.map((row) => row.user_id));
  return rows.map((row) => ({ userId: row.user_id, slug: row.badge_slug }));
}

/**
 * Grants what `userIds` have earned on the `metrics` an action can move, inside that action's
 * transaction (decision 011). A per-user advisory lock makes concurrent actions for one user take
 * turns, so the later one counts the earlier one's rows: two completions finishing a user's 5th list on
 * two lists at once cannot both see 4 and grant nothing. It is taken after the action's lock on the
 * list it changes, and in user-id order, so it adds no deadlock.
 *
 * Called after the action has written what moves the metrics, which its own transaction sees: an
 * action that brings a metric to 1 counts at least 1 whatever others do meanwhile, so when every
 * badge of `metrics` has a target of 1 (clones by others) no lock is needed, and none is taken.
 */
export async function grantEarnedBadges(
  tx: Transaction,
  userIds: readonly string[],
  metrics: readonly BadgeMetric[] = BADGE_METRICS,
): Promise<Grant[]> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return [];
  const definitions = badgesForMetrics(metrics);
  if (definitions.some((badge) => badge.rule.target > 1)) {
    await tx.execute(sql`
      select pg_advisory_xact_lock(${BADGE_LOCK_NAMESPACE}::int, hashtext(locked.id))
      from (select unnest(${sql.param(ids)}::text[]) as id order by 1) locked`);
  }
  return grantWhere(
    tx,
    definitions,
    // One user by equality: a generic plan guesses an array at ten of them, so with `any` PostgreSQL
    // would keep planning every run rather than take its generic plan.
    ids.length === 1
      ? sql`select id as user_id from users where id = ${ids[0]}`
      : sql`select id as user_id from users where id = any(${sql.param(ids)}::text[])`,
    // Its text is one of a few (one per set of metrics an action moves), and its plan the same for
    // any user: prepared once per connection, it is not planned again each time.
    { isNamed: true },
  );
}

/**
 * `npm run badges:backfill` and the demo seed: every badge that every user (or each of `userIds`)
 * has earned, from the current state; running it again grants nothing. No locks: it only adds rows,
 * and a grant racing it for the same badge waits on the primary key and then does nothing.
 */
export async function backfillBadges(db: Executor, userIds?: readonly string[]): Promise<Grant[]> {
  const only = userIds ? sql`where id = any(${sql.param([...userIds])}::text[])` : sql``;
  return grantWhere(db, BADGES, sql`select id as user_id from users ${only}`);
}

/** Copies the definitions from code into `badges` (start-up and seed), so grants can refer to them. */
export async function upsertBadgeDefinitions(db: Executor): Promise<void> {
  await db
    .insert(badges)
    .values(
      BADGES.map((badge) => ({
        slug: badge.slug,
        name: badge.name,
        description: badge.description,
        tier: badge.tier,
        rule: badgeRuleText(badge.rule),
      })),
    )
    .onConflictDoUpdate({
      target: badges.slug,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        tier: sql`excluded.tier`,
        rule: sql`excluded.rule`,
      },
    });
}
