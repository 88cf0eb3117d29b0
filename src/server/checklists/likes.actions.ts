import { and, eq, sql } from 'drizzle-orm';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { isBadgeTarget } from '@/domain/badges/badges';
import { canLike } from '@/domain/permissions';
import { grantEarnedBadges } from '../badges/badges.actions';
import type { Database, Executor } from '../db/client';
import { checklistLikes } from '../db/schema';
import { notify, withdrawNotification } from '../notifications/notifications.actions';
import type { WriteOutcome } from '../outcome';
import { isBlockedBy } from '../visibility/blocks';
import { withChecklistAccess } from './checklist-access';

type LikeState = { likes: number; hasLiked: boolean };

async function likeState(db: Executor, checklistId: string, userId: string): Promise<LikeState> {
  const result = await db.execute<{ likes: number; has_liked: boolean }>(sql`
    select c.likes_count as likes,
      exists (select 1 from checklist_likes l where l.checklist_id = c.id and l.user_id = ${userId}) as has_liked
    from checklists c where c.id = ${checklistId}`);
  const row = result.rows[0]!;
  return { likes: row.likes, hasLiked: row.has_liked };
}

/**
 * Likes or unlikes a list, and notifies its author (at most once an hour: decision 017). Liking
 * twice is not an error: a duplicate like is ignored.
 */
export async function setLike(
  db: Database,
  checklistId: string,
  userId: string,
  isLiked: boolean,
): Promise<WriteOutcome<LikeState>> {
  // The counter trigger updates the checklist row: take it first (see findChecklistAccess).
  return withChecklistAccess(db, checklistId, userId, { lock: 'no key update' }, async (tx, access) => {
    if (!canLike({ id: userId }, access))
      return { ok: false, reason: 'forbidden', message: checklistActionMessages.likeOwn };
    // Someone the author blocked is answered as if the list were not there (decision 048); taking
    // back a like made before the block is still theirs to do.
    if (isLiked && (await isBlockedBy(tx, userId, access.authorId))) return { ok: false, reason: 'not_found' };
    const checklist = { id: checklistId, title: access.title };
    if (isLiked) {
      const added = await tx.insert(checklistLikes).values({ checklistId, userId }).onConflictDoNothing().returning();
      if (added.length) {
        await notify(tx, { type: 'like', recipientId: access.authorId, actorId: userId, checklist });
        const state = await likeState(tx, checklistId, userId);
        // The list's likes move one at a time, under its row lock: only a like that brings the
        // likes by others to a badge's target can earn the author one. They are the list's likes, or
        // one fewer where the author liked it before self-likes were refused.
        const byOthers = [state.likes, state.likes - 1];
        if (byOthers.some((likes) => isBadgeTarget('likes_on_one_list', likes)))
          await grantEarnedBadges(tx, [access.authorId], ['likes_on_one_list']);
        return { ok: true, value: state };
      }
    } else {
      // Badges are never revoked: an unlike leaves a Crowd Pleaser in place (decision 011).
      const removed = await tx
        .delete(checklistLikes)
        .where(and(eq(checklistLikes.checklistId, checklistId), eq(checklistLikes.userId, userId)))
        .returning();
      if (removed.length)
        await withdrawNotification(tx, { type: 'like', recipientId: access.authorId, actorId: userId, checklistId });
    }
    return { ok: true, value: await likeState(tx, checklistId, userId) };
  });
}
