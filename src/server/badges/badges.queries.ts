import { sql, type SQL } from 'drizzle-orm';
import { BADGE_METRICS, BADGES, badgeProgress, type BadgeMetric, type BadgeStatus } from '@/domain/badges/badges';
import { executeNamed, type Executor } from '../db/client';
import { itemCountColumn } from '../presenters';

/**
 * Each metric of decision 011 for the user whose id is `userId`, as one scalar subquery. Granting
 * and the progress of GET /api/badges both read these, so a badge is earned exactly when its
 * progress says so.
 */
const metricValue: Record<BadgeMetric, (userId: SQL) => SQL> = {
  published_lists: (userId) => sql`(
    select count(*)::int from checklists c where c.author_id = ${userId} and c.is_public
      and not exists (select 1 from cloned_checklists k where k.cloned_checklist_id = c.id))`,
  // completed_count is the user's ticks on the list and items_count its items (both trigger-kept);
  // equal means all done.
  completed_lists: (userId) => sql`(
    select count(*)::int from checklist_progress p join checklists c on c.id = p.checklist_id
    where p.user_id = ${userId} and p.completed_count = ${itemCountColumn})`,
  likes_on_one_list: (userId) => sql`(
    select coalesce(max(per_list.likes), 0)::int from (
      select count(*) as likes from checklists c
      join checklist_likes l on l.checklist_id = c.id and l.user_id <> c.author_id
      where c.author_id = ${userId} group by c.id) per_list)`,
  clones_by_others: (userId) => sql`(
    select count(*)::int from cloned_checklists k join checklists o on o.id = k.original_checklist_id
    where o.author_id = ${userId} and k.cloned_by <> ${userId})`,
  followers: (userId) => sql`(select count(*)::int from follows f where f.followed_id = ${userId})`,
  comments_written: (userId) => sql`(select count(*)::int from checklist_comments cm where cm.user_id = ${userId})`,
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
