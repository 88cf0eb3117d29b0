import { sql, type SQL } from 'drizzle-orm';
import {
  activityMessage,
  activityTypeOf,
  percentComplete,
  type ActivityEvent,
  type ActivityKind,
  type DashboardList,
  type DashboardListTab,
} from '@/domain/dashboard/dashboard';
import { visibilityOf } from '@/domain/checklists/visibility';
import type { NotificationType } from '@/domain/notifications/notifications';
import { executeNamed, sqlLimitAtLeast, type Executor } from '../db/client';
import { before, cursorTime, takePage } from '../paging';
import { visibleTo } from '../visibility/lists';
import {
  actorShown,
  authorColumns,
  itemCountColumn,
  notificationText,
  presentActor,
  presentAuthor,
  presentEstimatedTime,
  type AuthorRow,
  type PersonRow,
} from '../presenters';

/**
 * Which lists each tab holds, as (checklist_id, listed_at, completed_count), newest first by
 * listed_at; completed_count where the tab has it at hand (In Progress), else null. Visibility is
 * checked once, by the statement that reads them (public, or the user's own).
 */
function tabSource(tab: DashboardListTab, userId: string): SQL {
  switch (tab) {
    case 'created':
      // Every list the user authored, clones included, so the tab agrees with the Created stat.
      return sql`select id as checklist_id, created_at as listed_at, null::int as completed_count
                 from checklists where author_id = ${userId}`;
    case 'cloned':
      return sql`select cloned_checklist_id as checklist_id, created_at as listed_at, null::int as completed_count
                 from cloned_checklists where cloned_by = ${userId}`;
    case 'saved':
      // A list in several groups, or also saved, shows once.
      return sql`select checklist_id, max(created_at) as listed_at, null::int as completed_count from (
                   select checklist_id, created_at from user_list_memberships where user_id = ${userId}
                   union all
                   select checklist_id, created_at from saved_checklists where user_id = ${userId}) mine
                 group by checklist_id`;
    case 'in-progress':
      // The open runs with a tick (a row kept at zero by closed runs is no run in progress), most
      // recently completed first: the trigger on completions keeps updated_at.
      return sql`select checklist_id, updated_at as listed_at, completed_count
                 from checklist_progress where user_id = ${userId} and completed_count > 0`;
  }
}

/** One Lists tab with the user's progress on each list, in one statement. */
export async function listDashboardLists(
  db: Executor,
  userId: string,
  tab: DashboardListTab,
  page: { before?: string | undefined; limit: number },
): Promise<{ checklists: DashboardList[]; nextCursor: string | null }> {
  const found = await executeNamed<
    AuthorRow & {
      cursor_time: string;
      id: string;
      title: string;
      description: string;
      item_count: number;
      completed_count: number;
      is_public: boolean;
      is_unlisted: boolean;
      difficulty: DashboardList['difficulty'];
      estimated_time: string | null;
      created_at: Date;
    }
  >(
    db,
    sql`
    with picked as (${tabSource(tab, userId)})
    select c.id, c.title, c.description, ${authorColumns},
           ${itemCountColumn} as item_count,
           -- The user's progress, looked up by its key for each list: the statement is named, and
           -- its generic plan, not knowing how many rows a user has, would otherwise compare every
           -- list with every progress row of the user (decision 038).
           coalesce(picked.completed_count, (select pr.completed_count from checklist_progress pr
                                             where pr.checklist_id = c.id and pr.user_id = ${userId}), 0)
             as completed_count,
           c.is_public, c.is_unlisted, c.difficulty, c.estimated_time, c.created_at,
           ${cursorTime(sql`picked.listed_at`)} as cursor_time
    from picked
    join checklists c on c.id = picked.checklist_id and ${visibleTo(userId)}
    left join profiles p on p.id = c.author_id
    where ${before(page.before, sql`picked.listed_at`, sql`c.id`)}
      ${tab === 'in-progress' ? sql`and picked.completed_count < ${itemCountColumn}` : sql``}
    order by picked.listed_at desc, c.id desc
    limit ${sqlLimitAtLeast(page.limit + 1)}`,
  );
  const { rows, nextCursor } = takePage(found, page.limit);
  const checklists = rows.map((row) => {
    const { author, authorAvatar } = presentAuthor(row, userId);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      author,
      authorAvatar,
      itemCount: row.item_count,
      completedCount: row.completed_count,
      percentComplete: percentComplete(row.completed_count, row.item_count),
      isPublic: row.is_public,
      visibility: visibilityOf({ isPublic: row.is_public, isUnlisted: row.is_unlisted }),
      difficulty: row.difficulty,
      estimatedTime: presentEstimatedTime(row.estimated_time),
      createdAt: new Date(row.created_at).toISOString(),
    };
  });
  return { checklists, nextCursor };
}

/**
 * Home's "Recent Activity": the user's notifications merged with their own actions, newest first,
 * in one statement. Each branch takes only its newest `limit` rows, in the final order, before the
 * merge.
 *
 * - A clone is also a list the user authored; it shows once, as "cloned".
 * - A completed list is an open run whose every item the user has completed, or a completed run
 *   they closed with "Start again" (at the time they closed it); a list that has since turned
 *   private to someone else is left out, as on the Lists tabs.
 * - A badge shows once, as its grant. Decision 011 writes exactly one notification per grant, in the
 *   same statement and with the same words, so badge notifications are skipped for their grants
 *   (badge names are not unique across tiers, so a notification cannot be matched to its grant by
 *   its text). The grant is kept when the notification has been deleted: the badge is still earned.
 * - A badge is earned by the action at the same instant (one transaction); at a tie it reads as
 *   coming after that action, as its notification does.
 */
export async function listRecentActivity(db: Executor, userId: string, limit: number): Promise<ActivityEvent[]> {
  const count = sqlLimitAtLeast(limit);
  const rows = await executeNamed<{
    id: string;
    kind: ActivityKind;
    notification_type: NotificationType | null;
    subject: string;
    checklist_id: string | null;
    created_at: Date;
    actor_id: string | null;
    actor_name: string | null;
    actor_avatar: string | null;
    actor_username: string | null;
    actor_is_public: boolean | null;
    checklist_title: string | null;
  }>(
    db,
    sql`
    -- A notification's actor and list title are read for the rows shown only, after the limit.
    select e.id, e.kind, e.notification_type, e.subject, e.checklist_id, e.created_at,
           p.id as actor_id, p.profile_name as actor_name, p.avatar_url as actor_avatar,
           p.username as actor_username, p.is_public as actor_is_public, c.title as checklist_title
    from (
    select id, kind, notification_type, subject, checklist_id, created_at, actor_id from (
      (select 'notification:' || n.id as id, 'notification' as kind, n.type as notification_type,
              n.message as subject, n.checklist_id, n.created_at, n.actor_id
       from notifications n
       where n.user_id = ${userId} and n.type <> 'badge'
       order by created_at desc, id desc limit ${count})
      union all
      (select 'created:' || c.id as id, 'created', null, c.title, c.id as checklist_id, c.created_at,
              null::text
       from checklists c
       where c.author_id = ${userId}
         and not exists (select 1 from cloned_checklists k where k.cloned_checklist_id = c.id)
       order by created_at desc, id desc limit ${count})
      union all
      (select 'cloned:' || k.id as id, 'cloned', null, k.original_title,
              k.cloned_checklist_id as checklist_id, k.created_at, null::text
       from cloned_checklists k
       where k.cloned_by = ${userId}
       order by created_at desc, id desc limit ${count})
      union all
      (select done.id, 'completed', null, c.title, c.id as checklist_id, done.created_at, null::text
       from (
         -- An open run counts while every item is ticked (ticked is its count), a closed one if it was.
         select 'completed:' || pr.checklist_id as id, pr.checklist_id, pr.updated_at as created_at,
                pr.completed_count as ticked
         from checklist_progress pr where pr.user_id = ${userId} and pr.completed_count > 0
         union all
         select 'completed-run:' || r.id, r.checklist_id, r.ended_at, null
         from checklist_runs r where r.user_id = ${userId} and r.completed) done
       join checklists c on c.id = done.checklist_id and ${visibleTo(userId)}
       where done.ticked is null or done.ticked >= ${itemCountColumn}
       order by created_at desc, id desc limit ${count})
      union all
      (select 'badge:' || b.slug as id, 'badge', null, b.name, null, ub.granted_at as created_at,
              null::text
       from user_badges ub
       join badges b on b.slug = ub.badge_slug
       where ub.user_id = ${userId}
       order by created_at desc, id desc limit ${count})
    ) events
    order by created_at desc, kind = 'badge' desc, id desc
    limit ${count}
    ) e
    left join profiles p on p.id = e.actor_id and ${actorShown}
    left join checklists c on e.kind = 'notification' and c.id = e.checklist_id
    order by e.created_at desc, e.kind = 'badge' desc, e.id desc`,
  );
  return rows.slice(0, limit).map((row) => {
    // A notification's actor as it is now, and its text made again from them (see notificationText).
    const actor: PersonRow | null = row.actor_id
      ? {
          id: row.actor_id,
          name: row.actor_name,
          avatar: row.actor_avatar,
          username: row.actor_username,
          isPublic: row.actor_is_public,
        }
      : null;
    return {
      id: row.id,
      kind: row.kind,
      type: row.kind === 'notification' ? row.notification_type! : activityTypeOf[row.kind],
      message: activityMessage({
        kind: row.kind,
        subject:
          row.kind === 'notification'
            ? notificationText(
                { type: row.notification_type!, message: row.subject, actor, checklist_title: row.checklist_title },
                userId,
              )
            : row.subject,
      }),
      checklistId: row.checklist_id,
      createdAt: new Date(row.created_at).toISOString(),
      actor: presentActor(actor, userId),
    };
  });
}
