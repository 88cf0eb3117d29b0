import { sql } from 'drizzle-orm';
import type { Group, LibraryStatus } from '@/domain/library/library';
import type { Executor } from '../db/client';
import { findChecklistAccess, visibleTo } from '../checklists/checklist-access';
import { presentAuthor, type AuthorRow } from '../presenters';

/**
 * The user's groups, oldest first (spec §7), each with its lists, in one statement. A list that
 * became private to someone else no longer shows in another user's group.
 */
export async function listGroups(db: Executor, userId: string): Promise<Group[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    created_at: Date;
    checklists: (AuthorRow & { id: string; title: string })[];
  }>(sql`
    select g.id, g.name, g.created_at,
      coalesce((
        select json_agg(json_build_object('id', c.id, 'title', c.title, 'author_name', p.profile_name,
                 'author_avatar', p.avatar_url, 'author_username', p.username) order by m.created_at)
        from user_list_memberships m
        join checklists c on c.id = m.checklist_id and ${visibleTo(userId)}
        left join profiles p on p.id = c.author_id
        where m.list_group_id = g.id), '[]') as checklists
    from user_list_groups g
    where g.user_id = ${userId}
    order by g.created_at, g.id`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    checklists: row.checklists.map((list) => {
      const { author, authorAvatar } = presentAuthor(list);
      return { id: list.id, title: list.title, author, authorAvatar };
    }),
  }));
}

export async function libraryStatus(db: Executor, userId: string, checklistId: string): Promise<LibraryStatus | null> {
  if (!(await findChecklistAccess(db, checklistId, userId))) return null;
  return ownLibraryRows(db, userId, checklistId);
}

/** The user's own rows about a list, without asking whether the list is still visible to them. */
export async function ownLibraryRows(db: Executor, userId: string, checklistId: string): Promise<LibraryStatus> {
  const result = await db.execute<{ group_ids: string[]; is_saved: boolean }>(sql`
    select coalesce((select json_agg(m.list_group_id order by m.created_at) from user_list_memberships m
                     where m.user_id = ${userId} and m.checklist_id = ${checklistId}), '[]') as group_ids,
           exists (select 1 from saved_checklists s where s.user_id = ${userId} and s.checklist_id = ${checklistId}) as is_saved`);
  const row = result.rows[0]!;
  return { groupIds: row.group_ids, isSaved: row.is_saved };
}
