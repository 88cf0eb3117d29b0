import { and, eq, sql } from 'drizzle-orm';
import { commentMessages, type Comment } from '@/domain/checklists/comments';
import { canComment, canDeleteComment, canEditComment } from '@/domain/permissions';
import { grantEarnedBadges } from '../badges/badges.actions';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { checklistComments } from '../db/schema';
import { notify } from '../notifications/notifications.actions';
import { isBlockedBy } from '../visibility/blocks';
import { checklistNotFound, findChecklistAccess } from './checklist-access';
import { visibleTo } from '../visibility/lists';
import { findComment, readWrittenComment } from './comments.queries';
import type { WriteOutcome } from '../outcome';

export async function addComment(
  db: Database,
  checklistId: string,
  userId: string,
  content: string,
): Promise<WriteOutcome<Comment>> {
  const outcome = await db.transaction(async (tx): Promise<WriteOutcome<Comment> | null> => {
    const access = await findChecklistAccess(tx, checklistId, userId, { lock: 'key share' });
    if (!access) return null;
    // The rule refuses only someone who is not signed in, so its words are the ones a visitor gets.
    if (!canComment({ id: userId }, access))
      return { ok: false, reason: 'forbidden', message: commentMessages.signInToComment };
    // Someone the author blocked is answered as if the list were not there (decision 048).
    if (await isBlockedBy(tx, userId, access.authorId)) return { ok: false, reason: 'not_found' };
    // Read back from its insert, with its author (one statement).
    const { comment, person } = await readWrittenComment(
      tx,
      sql`insert into checklist_comments (checklist_id, user_id, content)
          values (${checklistId}, ${userId}, ${content}) returning *`,
    );
    await notify(tx, {
      type: 'comment',
      recipientId: access.authorId,
      actorId: userId,
      actor: person,
      checklist: { id: checklistId, title: access.title },
    });
    await grantEarnedBadges(tx, [userId], ['comments_written']);
    return { ok: true, value: comment };
  });
  return outcome ?? checklistNotFound(db, checklistId);
}

/**
 * The comment, if the user can see the list it is on and may still comment there: someone the
 * list's author blocked no longer edits their comments on it (decision 048).
 */
async function findVisibleComment(db: Database, id: string, userId: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(checklistComments).where(eq(checklistComments.id, id));
  if (!row) return null;
  const access = await findChecklistAccess(db, row.checklistId, userId);
  return access && !(await isBlockedBy(db, userId, access.authorId)) ? row : null;
}

/** Only the author edits a comment. */
export async function editComment(
  db: Database,
  id: string,
  userId: string,
  content: string,
): Promise<WriteOutcome<Comment>> {
  const comment = await findVisibleComment(db, id, userId);
  if (!comment) return { ok: false, reason: 'not_found' };
  if (!canEditComment({ id: userId }, { authorId: comment.userId }))
    return { ok: false, reason: 'forbidden', message: commentMessages.notYours };
  await db
    .update(checklistComments)
    .set({ content, updatedAt: sql`now()` })
    .where(and(eq(checklistComments.id, id), eq(checklistComments.userId, userId)));
  return { ok: true, value: await findComment(db, id) };
}

/**
 * Its author deletes a comment even on a list they can no longer see (canDeleteComment). Anyone
 * else is refused as the list decides: 403 on a list they can see, and not found on one they
 * cannot, whose comments are not there for them. The delete names the author too.
 */
export async function deleteComment(db: Database, id: string, userId: string): Promise<WriteOutcome> {
  if (!isUuid(id)) return { ok: false, reason: 'not_found' };
  const result = await db.execute<{ user_id: string; is_list_visible: boolean }>(sql`
    select cc.user_id, ${visibleTo(userId)} as is_list_visible
    from checklist_comments cc join checklists c on c.id = cc.checklist_id where cc.id = ${id}`);
  const comment = result.rows[0];
  if (!comment) return { ok: false, reason: 'not_found' };
  if (!canDeleteComment({ id: userId }, { authorId: comment.user_id })) {
    return comment.is_list_visible
      ? { ok: false, reason: 'forbidden', message: commentMessages.notYours }
      : { ok: false, reason: 'not_found' };
  }
  await db.delete(checklistComments).where(and(eq(checklistComments.id, id), eq(checklistComments.userId, userId)));
  return { ok: true, value: undefined };
}
