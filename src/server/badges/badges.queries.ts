import { sql, type SQL } from 'drizzle-orm';
import { BADGE_METRICS, BADGES, badgeProgress, type BadgeMetric, type BadgeStatus } from '@/domain/badges/badges';
import { executeNamed, sqlCount, type Executor } from '../db/client';
import { itemCountColumn } from '../presenters';

/**
 * The highest target of any badge on `metric`: what its value is counted up to. A badge is earned
 * when the value reaches its target, and progress is shown capped at the target, so nothing past
 * the highest one changes either; counting on would read a row for every list, like, clone, follower
 * or comment a user has ever had, on every write that can earn a badge (a comment's grant
 * would wait on disk reads of all its author's comments).
 */
export function metricCap(metric: BadgeMetric): number {
  // 0 for a metric no badge has yet: nothing to count.
  return Math.max(0, ...BADGES.filter((badge) => badge.rule.metric === metric).map((badge) => badge.rule.target));
}

/** How many rows `rows` (a query) has, counted up to `metric`'s cap. */
const countedUpTo = (metric: BadgeMetric, rows: SQL) =>
  sql`(select count(*)::int from (${rows} limit ${sqlCount(metricCap(metric))}) counted)`;

/**
 * Each metric of decision 011 for the user whose id is `userId`, as one scalar subquery, counted up
 * to its cap (`metricCap`). Granting and the progress of GET /api/badges both read these, so a badge
 * is earned exactly when its progress says so.
 */
const metricValue: Record<BadgeMetric, (userId: SQL) => SQL> = {
  published_lists: (userId) =>
    countedUpTo(
      'published_lists',
      sql`select 1 from checklists c where c.author_id = ${userId} and c.is_public
        and not exists (select 1 from cloned_checklists k where k.cloned_checklist_id = c.id)`,
    ),
  // Completed runs: each closed run on which every item was ticked, and each open run whose every item
  // is ticked now (completed_count, its completions, equal to items_count, both kept up to date by
  // triggers; above zero, as an open run of an emptied list is no completion). A list completed again
  // after "Start again" counts again, and closing a completed run keeps it counted.
  completed_lists: (userId) =>
    countedUpTo(
      'completed_lists',
      sql`select 1 from checklist_runs r where r.user_id = ${userId} and r.completed
        union all
        select 1 from checklist_progress p join checklists c on c.id = p.checklist_id
        where p.user_id = ${userId} and p.completed_count > 0 and p.completed_count = ${itemCountColumn}`,
    ),
  // The most likes by others on one of the user's lists: each list's counted up to the cap.
  likes_on_one_list: (userId) => sql`(
    select coalesce(max(per_list.likes), 0)::int from checklists c
    cross join lateral ${countedUpTo(
      'likes_on_one_list',
      sql`select 1 from checklist_likes l where l.checklist_id = c.id and l.user_id <> c.author_id`,
    )} as per_list(likes)
    where c.author_id = ${userId})`,
  clones_by_others: (userId) =>
    countedUpTo(
      'clones_by_others',
      sql`select 1 from cloned_checklists k join checklists o on o.id = k.original_checklist_id
        where o.author_id = ${userId} and k.cloned_by <> ${userId}`,
    ),
  followers: (userId) => countedUpTo('followers', sql`select 1 from follows f where f.followed_id = ${userId}`),
  comments_written: (userId) =>
    countedUpTo('comments_written', sql`select 1 from checklist_comments cm where cm.user_id = ${userId}`),
};

/** `(values ('metric', value), …) as m(metric, value)` for the user column or parameter `userId`. */
export function metricValues(metrics: readonly BadgeMetric[], userId: SQL): SQL {
  const rows = metrics.map((metric) => sql`(${metric}, ${metricValue[metric](userId)})`);
  return sql`(values ${sql.join(rows, sql`, `)}) as m(metric, value)`;
}

/** GET /api/badges: every badge with the user's grant time and metric, in one statement. */
export async function listBadgeStatus(db: Executor, userId: string): Promise<BadgeStatus[]> {
  const rows = await executeNamed<{ metric: BadgeMetric; value: number; grants: Record<string, string> }>(
    db,
    sql`
    select m.metric, m.value,
      (select coalesce(json_object_agg(ub.badge_slug, ub.granted_at), '{}') from user_badges ub
       where ub.user_id = ${userId}) as grants
    from ${metricValues(BADGE_METRICS, sql`${userId}`)}`,
  );
  const values = new Map(rows.map((row) => [row.metric, row.value]));
  const grants = rows[0]?.grants ?? {};
  return BADGES.map((badge) => {
    const grantedAt = grants[badge.slug];
    return {
      slug: badge.slug,
      name: badge.name,
      description: badge.description,
      tier: badge.tier,
      earnedAt: grantedAt ? new Date(grantedAt).toISOString() : null,
      progress: badgeProgress(badge.rule, values.get(badge.rule.metric) ?? 0),
    };
  });
}
