import { and, eq, sql } from 'drizzle-orm';
import { commentMessages, type Comment } from '@/domain/checklists/comments';
import { canComment, canDeleteComment, canEditComment } from '@/domain/permissions';
import { checkBadges, laterBadgeCheck } from '../badges/badge-checks';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { checklistComments } from '../db/schema';
import { notifiedAfterCommit, readActor } from '../notifications/notifications.actions';
import { commentNotificationQueries } from '../notifications/notifications-in-writes';
import type { PersonRow } from '../presenters';
import { hasBlocked, isBlockedBy } from '../visibility/blocks';
import { checklistNotFound, findChecklistAccess } from './checklist-access';
import { visibleTo } from '../visibility/lists';
import { findComment, readWrittenComment } from './comments.queries';
import type { WriteOutcome } from '../outcome';

/**
 * Writes a comment on a list the commenter may see, in one statement committed alone: the comment,
 * the list author's notification and mail, and the commenter's badge check, which runs after the
 * commit (badge-checks.ts). Someone the author blocked is answered as if the list were not there
 * (decision 048).
 */
export async function addComment(
  db: Database,
  checklistId: string,
  commenter: { id: string; person?: PersonRow | null },
  content: string,
): Promise<WriteOutcome<Comment>> {
  const userId = commenter.id;
  // The rule refuses only someone who is not signed in, so its words are the ones a visitor gets.
  if (!canComment({ id: userId })) return { ok: false, reason: 'forbidden', message: commentMessages.signInToComment };
  if (!isUuid(checklistId)) return { ok: false, reason: 'not_found' };
  const person = commenter.person === undefined ? await readActor(db, userId) : commenter.person;
  const { written, more } = await readWrittenComment<{
    author_id: string | null;
    notified: string[];
    mailed: boolean;
    badge_check: string | null;
  }>(
    db,
    sql`access as (
      select c.id, c.author_id, c.title from checklists c
      where c.id = ${checklistId} and ${visibleTo(userId)}
      for key share of c),
    allowed as (select a.* from access a where not ${hasBlocked(sql`a.author_id`, userId)}),
    cm as (
      insert into checklist_comments (checklist_id, user_id, content) select a.id, ${userId}, ${content} from allowed a
      returning *),
    ${commentNotificationQueries({ actorId: userId, person, checklistId })},
    checked as (${laterBadgeCheck(sql`select user_id from cm`, ['comments_written'])})`,
    sql`(select author_id from access) as author_id, array(select user_id from notified) as notified,
      exists (select 1 from mailed) as mailed, (select id from checked) as badge_check`,
  );
  if (more.author_id === null) return checklistNotFound(db, checklistId);
  if (!written) return { ok: false, reason: 'not_found' };
  notifiedAfterCommit(more.notified, more.mailed);
  if (more.badge_check !== null) await checkBadges(db, [Number(more.badge_check)], ['comments_written']);
  return { ok: true, value: written.comment };
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
