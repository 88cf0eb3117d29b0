import { sql, type SQL } from 'drizzle-orm';
import { DELETED_USER } from '@/domain/accounts/account-data';
import { BADGE_METRICS, BADGES, badgeRuleText, type BadgeDefinition } from '@/domain/badges/badges';
import { badgeNotificationMessage } from '@/domain/notifications/notifications';
import { commitWithoutWaiting, executeNamed, type Executor } from '../db/client';
import { badges } from '../db/schema';
import { notifyOf } from '../notifications/notify-after-commit';
import { badgeNotifications } from '../notifications/notifications.actions';
import { metricValues } from './badges.queries';

export type Grant = { userId: string; slug: string };

/**
 * Earns, in one statement, every badge of `definitions` whose metric has reached its target for the
 * users of `candidates` (a query of `user_id`s), and notifies each of them once. ON CONFLICT makes it
 * idempotent; the join with `badges` skips a definition not yet upserted rather than break the action.
 * The reserved "Deleted user" earns nothing: the lists and comments it keeps are other people's.
 */
export async function grantWhere(
  db: Executor,
  definitions: readonly BadgeDefinition[],
  candidates: SQL,
  {
    before,
    announce = false,
  }: {
    /** WITH queries `candidates` reads, written before the grant's own. */
    before?: SQL;
    /**
     * Sends the NOTIFYs of the new notifications from the statement itself (and `announce`'s, when
     * it is a list of pg_notify calls), and commits it without waiting for the disk: only for a
     * statement sent alone, after the write that earned the badges.
     */
    announce?: boolean | SQL[];
  } = {},
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
    with ${before ? sql`${before},` : sql``} rules (slug, metric, target, message) as (values ${sql.join(rules, sql`, `)}),
    earned as (
      select candidates.user_id, r.slug
      from (${candidates}) candidates
      cross join lateral ${metricValues(metrics, sql`candidates.user_id`)}
      join rules r on r.metric = m.metric and m.value >= r.target
      join badges b on b.slug = r.slug
      where candidates.user_id <> ${DELETED_USER.id}),
    granted as (
      insert into user_badges (user_id, badge_slug) select user_id, slug from earned
      on conflict do nothing
      returning user_id, badge_slug),
    noted as (${notices.insert})
    ${
      announce
        ? sql`select ${commitWithoutWaiting} as quick,
            (select count(${notifyOf(sql`user_id`)}) from granted) as announced,
            (select coalesce(json_agg(json_build_object('user_id', user_id, 'badge_slug', badge_slug)), '[]')
             from granted) as grants
            ${announce === true ? sql`` : sql`, ${sql.join(announce, sql`, `)}`}`
        : sql`select user_id, badge_slug from granted`
    }`;
  type Row = { user_id: string; badge_slug: string };
  let rows: Row[];
  if (announce) {
    // Named: a write's check runs after every comment, like and new list, and planning this
    // statement cost PostgreSQL more than running it; its plan reads each user's rows by key.
    rows = (await executeNamed<{ grants: Row[] }>(db, statement))[0]!.grants;
  } else {
    rows = (await db.execute<Row>(statement)).rows;
    notices.written(rows.map((row) => row.user_id));
  }
  return rows.map((row) => ({ userId: row.user_id, slug: row.badge_slug }));
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
