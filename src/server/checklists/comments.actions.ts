import { and, eq, sql } from 'drizzle-orm';
import { commentMessages, type Comment } from '@/domain/checklists/comments';
import { canEditComment } from '@/domain/permissions';
import { grantEarnedBadges } from '../badges/badges.actions';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { checklistComments } from '../db/schema';
import { notify } from '../notifications/notifications.actions';
import { checklistNotFound, findChecklistAccess } from './checklist-access';
import { findComment, readWrittenComment } from './comments.queries';
import type { WriteOutcome } from '../outcome';

export async function addComment(
  db: Database,
  checklistId: string,
  userId: string,
  content: string,
): Promise<WriteOutcome<Comment>> {
  const created = await db.transaction(async (tx) => {
    const access = await findChecklistAccess(tx, checklistId, userId, { lock: 'key share' });
    if (!access) return null;
    // Answered from its insert, with its author (one statement).
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
    return comment;
  });
  if (!created) return checklistNotFound(db, checklistId);
  return { ok: true, value: created };
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
  if (!canEditComment({ id: userId }, { authorId: comment.userId }))
    return { ok: false, reason: 'forbidden', message: commentMessages.notYours };
  await db
    .update(checklistComments)
    .set({ content, updatedAt: sql`now()` })
    .where(and(eq(checklistComments.id, id), eq(checklistComments.userId, userId)));
  return { ok: true, value: await findComment(db, id) };
}

export async function deleteComment(db: Database, id: string, userId: string): Promise<WriteOutcome> {
  const comment = await findVisibleComment(db, id, userId);
  if (!comment) return { ok: false, reason: 'not_found' };
  if (!canEditComment({ id: userId }, { authorId: comment.userId }))
    return { ok: false, reason: 'forbidden', message: commentMessages.notYours };
  await db.delete(checklistComments).where(and(eq(checklistComments.id, id), eq(checklistComments.userId, userId)));
  return { ok: true, value: undefined };
}
