import { sql } from 'drizzle-orm';
import type { AccountExport } from '@/domain/accounts/account-data';
import type { Executor } from '../db/client';
import { visibleTo } from '../visibility/lists';
import { notificationText, notificationTextColumns, type NotificationTextRow } from '../presenters';

type Section = Omit<AccountExport, 'exportedAt'>;

/** A notification as the export's statement reads it: with what its text is made from. */
type NotificationRow = {
  text: NotificationTextRow;
  actorUsername: string | null;
  checklistId: string | null;
  readAt: string | null;
  createdAt: string;
};

/**
 * "Download my data": everything the user has, in one statement of one subquery
 * per section, so the cost does not grow with the number of lists.
 *
 * Only what the user may see: a list that is someone else's and now private (`visibleTo`)
 * is left out of progress, the library and "cloned from" (where only the original's kept title
 * remains), exactly as it is left out of every page. The user's own comments are theirs whatever
 * became of the list: a comment on a list they can no longer see keeps its text and date, without
 * the list's id or title.
 */
export async function exportAccountData(db: Executor, userId: string): Promise<Section | null> {
  const result = await db.execute<{ data: Section | null }>(sql`
    select json_build_object(
      'profile', (
        select json_build_object(
          'username', p.username, 'profileName', p.profile_name, 'avatar', p.avatar_url, 'email', u.email,
          'isPublic', p.is_public, 'emailNotifications', p.email_notifications, 'upstreamNotifications', p.upstream_notifications, 'theme', p.theme,
          'createdAt', u.created_at)
        from profiles p join users u on u.id = p.id where p.id = ${userId}),
      'checklists', coalesce((
        select json_agg(json_build_object(
          'id', c.id, 'title', c.title, 'description', c.description, 'isPublic', c.is_public, 'isUnlisted', c.is_unlisted,
          'difficulty', c.difficulty, 'estimatedTime', c.estimated_time,
          'uses', c.uses_count, 'likes', c.likes_count, 'clones', c.clones_count,
          'createdAt', c.created_at, 'updatedAt', c.updated_at,
          'items', coalesce((select json_agg(json_build_object('kind', i.kind, 'content', i.content, 'note', i.note)
                                             order by i.order_index)
                             from checklist_items i where i.checklist_id = c.id), '[]'),
          'tags', coalesce((select json_agg(t.tag order by t.position)
                            from checklist_tags t where t.checklist_id = c.id), '[]'),
          'clonedFrom', (
            select json_build_object('id', case when ${visibleTo(userId, 'o')} then o.id end, 'title', cc.original_title)
            from cloned_checklists cc left join checklists o on o.id = cc.original_checklist_id
            where cc.cloned_checklist_id = c.id))
          order by c.created_at, c.id)
        from checklists c where c.author_id = ${userId}), '[]'),
      'progress', coalesce((
        select json_agg(json_build_object(
          'checklistId', c.id, 'title', c.title, 'completedCount', pr.completed_count,
          'startedAt', pr.started_at, 'updatedAt', pr.updated_at,
          'completedItems', (select json_agg(i.content order by i.order_index)
                             from checklist_item_completions ic join checklist_items i on i.id = ic.checklist_item_id
                             where ic.user_id = ${userId} and ic.checklist_id = c.id))
          order by pr.started_at, c.id)
        from checklist_progress pr join checklists c on c.id = pr.checklist_id
        where pr.user_id = ${userId} and pr.completed_count > 0 and ${visibleTo(userId)}), '[]'),
      'runs', coalesce((
        select json_agg(json_build_object(
          'checklistId', c.id, 'title', c.title, 'startedAt', r.started_at, 'endedAt', r.ended_at,
          'tickedCount', r.ticked_count, 'itemsCount', r.items_count, 'completed', r.completed)
          order by r.ended_at, r.id)
        from checklist_runs r join checklists c on c.id = r.checklist_id
        where r.user_id = ${userId} and ${visibleTo(userId)}), '[]'),
      'likes', coalesce((
        select json_agg(json_build_object('checklistId', c.id, 'title', c.title, 'likedAt', l.created_at)
                        order by l.created_at, c.id)
        from checklist_likes l join checklists c on c.id = l.checklist_id
        where l.user_id = ${userId} and ${visibleTo(userId)}), '[]'),
      'comments', coalesce((
        select json_agg(json_build_object(
          'id', m.id, 'content', m.content, 'createdAt', m.created_at, 'updatedAt', m.updated_at,
          'checklistId', case when ${visibleTo(userId)} then c.id end,
          'checklistTitle', case when ${visibleTo(userId)} then c.title end)
          order by m.created_at, m.id)
        from checklist_comments m join checklists c on c.id = m.checklist_id
        where m.user_id = ${userId}), '[]'),
      'library', json_build_object(
        'groups', coalesce((
          select json_agg(json_build_object(
            'id', g.id, 'name', g.name, 'createdAt', g.created_at,
            'checklists', coalesce((
              select json_agg(json_build_object('id', c.id, 'title', c.title, 'addedAt', ms.created_at)
                              order by ms.created_at, c.id)
              from user_list_memberships ms join checklists c on c.id = ms.checklist_id
              where ms.list_group_id = g.id and ${visibleTo(userId)}), '[]'))
            order by g.created_at, g.id)
          from user_list_groups g where g.user_id = ${userId}), '[]'),
        'saved', coalesce((
          select json_agg(json_build_object('id', c.id, 'title', c.title, 'savedAt', s.created_at)
                          order by s.created_at, c.id)
          from saved_checklists s join checklists c on c.id = s.checklist_id
          where s.user_id = ${userId} and ${visibleTo(userId)}), '[]')),
      'follows', json_build_object(
        'following', coalesce((
          select json_agg(json_build_object('username', p.username, 'since', f.created_at) order by f.created_at, p.username)
          from follows f join profiles p on p.id = f.followed_id where f.follower_id = ${userId}), '[]'),
        'followers', coalesce((
          select json_agg(json_build_object('username', p.username, 'since', f.created_at) order by f.created_at, p.username)
          from follows f join profiles p on p.id = f.follower_id where f.followed_id = ${userId}), '[]')),
      'notifications', coalesce((
        select json_agg(json_build_object(
          'text', (select row_to_json(t) from (select ${notificationTextColumns}) t),
          'actorUsername', (select p.username from profiles p where p.id = n.actor_id),
          'checklistId', n.checklist_id, 'readAt', n.read_at, 'createdAt', n.created_at) order by n.created_at, n.id)
        from notifications n where n.user_id = ${userId}), '[]'),
      'badges', coalesce((
        select json_agg(json_build_object('slug', b.slug, 'name', b.name, 'grantedAt', ub.granted_at)
                        order by ub.granted_at, b.slug)
        from user_badges ub join badges b on b.slug = ub.badge_slug where ub.user_id = ${userId}), '[]')
    ) as data
    where exists (select 1 from profiles where id = ${userId})`);
  const data = result.rows[0]?.data;
  if (!data) return null;
  // A notification's text names its actor: it is made as the user would read it now (see
  // notificationText), so the export names nobody whose profile has turned private.
  const notifications = (data.notifications as NotificationRow[]).map(({ text, ...notification }) => ({
    type: text.type,
    message: notificationText(text, userId),
    ...notification,
  }));
  return { ...data, notifications };
}
