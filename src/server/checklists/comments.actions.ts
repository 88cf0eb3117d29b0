import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_AUTHOR_NAME, DEFAULT_AVATAR } from '@/domain/checklists/checklist-view';
import { commentMessages, type Comment } from '@/domain/checklists/comments';
import { grantEarnedBadges } from '../badges/badges.actions';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { checklistComments } from '../db/schema';
import { notify } from '../notifications/notifications.actions';
import { findChecklistAccess } from './checklist-access';
import type { WriteOutcome } from '../outcome';

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
    name: row.profile_name?.trim() || row.username || DEFAULT_AUTHOR_NAME,
    avatar: row.avatar_url || DEFAULT_AVATAR,
    username: row.username,
  },
});

const selectComments = sql`
  select cm.id, cm.content, cm.created_at, cm.updated_at, cm.user_id, p.profile_name, p.avatar_url, p.username
  from checklist_comments cm left join profiles p on p.id = cm.user_id`;

/** Spec §7: comments of a list with their author, newest first. */
export async function listComments(
  db: Database,
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

async function findComment(db: Database, id: string): Promise<Comment> {
  const result = await db.execute<CommentRow>(sql`${selectComments} where cm.id = ${id}`);
  return toComment(result.rows[0]!);
}

export async function addComment(
  db: Database,
  checklistId: string,
  userId: string,
  content: string,
): Promise<WriteOutcome<Comment>> {
  const created = await db.transaction(async (tx) => {
    const access = await findChecklistAccess(tx, checklistId, userId, { lock: 'key share' });
    if (!access) return null;
    const [row] = await tx
      .insert(checklistComments)
      .values({ checklistId, userId, content })
      .returning({ id: checklistComments.id });
    await notify(tx, {
      type: 'comment',
      recipientId: access.authorId,
      actorId: userId,
      checklist: { id: checklistId, title: access.title },
    });
    await grantEarnedBadges(tx, [userId], ['comments_written']);
    return row!;
  });
  if (!created) return { ok: false, reason: 'not_found' };
  return { ok: true, value: await findComment(db, created.id) };
}

/** The comment, if the user can see the list it is on. */
async function findVisibleComment(db: Database, id: string, userId: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(checklistComments).where(eq(checklistComments.id, id));
  if (!row) return null;
  return (await findChecklistAccess(db, row.checklistId, userId)) ? row : null;
}

/** Only the author edits a comment (spec §6). */
export async function editComment(
  db: Database,
  id: string,
  userId: string,
  content: string,
): Promise<WriteOutcome<Comment>> {
  const comment = await findVisibleComment(db, id, userId);
  if (!comment) return { ok: false, reason: 'not_found' };
  if (comment.userId !== userId) return { ok: false, reason: 'forbidden', message: commentMessages.notYours };
  await db
    .update(checklistComments)
    .set({ content, updatedAt: sql`now()` })
    .where(and(eq(checklistComments.id, id), eq(checklistComments.userId, userId)));
  return { ok: true, value: await findComment(db, id) };
}

export async function deleteComment(db: Database, id: string, userId: string): Promise<WriteOutcome> {
  const comment = await findVisibleComment(db, id, userId);
  if (!comment) return { ok: false, reason: 'not_found' };
  if (comment.userId !== userId) return { ok: false, reason: 'forbidden', message: commentMessages.notYours };
  await db.delete(checklistComments).where(and(eq(checklistComments.id, id), eq(checklistComments.userId, userId)));
  return { ok: true, value: undefined };
}
