import { sql } from 'drizzle-orm';
import type { Comment } from '@/domain/checklists/comments';
import type { Executor } from '../db/client';
import { presentPerson } from '../presenters';
import { findChecklistAccess } from './checklist-access';

type CommentRow = {
  id: string;
  content: string;
  created_at: Date;
  updated_at: Date;
  user_id: string;
  profile_name: string | null;
  avatar_url: string | null;
  username: string | null;
};

const toComment = (row: CommentRow): Comment => ({
  id: row.id,
  content: row.content,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  author: {
    id: row.user_id,
    ...presentPerson({ name: row.profile_name, avatar: row.avatar_url, username: row.username }, 'commenter'),
  },
});

const selectComments = sql`
  select cm.id, cm.content, cm.created_at, cm.updated_at, cm.user_id, p.profile_name, p.avatar_url, p.username
  from checklist_comments cm left join profiles p on p.id = cm.user_id`;

/** Spec §7: comments of a list with their author, newest first. */
export async function listComments(
  db: Executor,
  checklistId: string,
  viewerId: string | null,
): Promise<Comment[] | null> {
  const access = await findChecklistAccess(db, checklistId, viewerId);
  if (!access) return null;
  const result = await db.execute<CommentRow>(
    sql`${selectComments} where cm.checklist_id = ${checklistId} order by cm.created_at desc, cm.id desc`,
  );
  return result.rows.map(toComment);
}

/** One comment with its author, as the API answers it. */
export async function findComment(db: Executor, id: string): Promise<Comment> {
  const result = await db.execute<CommentRow>(sql`${selectComments} where cm.id = ${id}`);
  return toComment(result.rows[0]!);
}
