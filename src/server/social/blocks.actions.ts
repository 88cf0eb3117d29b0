import { and, eq, or, sql } from 'drizzle-orm';
import { blockMessages, canBlock, type BlockState } from '@/domain/social/blocks';
import type { Database, Executor } from '../db/client';
import { blocks, follows, profiles } from '../db/schema';
import { deleteNotificationsFrom, withdrawNotification } from '../notifications/notifications.actions';
import type { WriteOutcome } from '../outcome';
import { findProfileAccess } from './public-profiles.queries';

/**
 * Blocks or unblocks a user (decision 048); doing either twice is harmless. Nobody blocks
 * themselves (nor the reserved "Deleted user", who is nobody to block: not found).
 */
export async function setBlock(
  db: Database,
  blockerId: string,
  username: string,
  isBlocked: boolean,
): Promise<WriteOutcome<BlockState>> {
  return db.transaction(async (tx) => {
    // A block is of a profile the blocker can see; an unblock finds the person even while the
    // moderators hide their profile or they are suspended, so the Settings list can always undo.
    const profile = isBlocked
      ? await findProfileAccess(tx, username, blockerId)
      : await findBlockedByName(tx, username);
    if (!profile) return { ok: false, reason: 'not_found' };
    if (profile.userId === blockerId) return { ok: false, reason: 'invalid', message: blockMessages.self };
    if (!canBlock({ id: blockerId }, profile)) return { ok: false, reason: 'not_found' };
    const blockedId = profile.userId;
    if (isBlocked) {
      const added = await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning();
      if (added.length) await endContact(tx, blockerId, blockedId);
    } else {
      await tx.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
    }
    return { ok: true, value: { isBlocked } };
  });
}

/**
 * What a new block ends. Follows end both ways: the blocked user could not follow the blocker
 * again, and a follow of theirs kept would go on showing them as a follower and would let the
 * blocker's follow of them be a channel the blocker did not choose; unblocking does not bring
 * either back. Follower counts are counted from the follows themselves, so they are right at
 * once. The blocker's own follow ends as an unfollow does (its notification is taken back as an
 * unfollow's would be), so the blocked user cannot tell a block from an unfollow. What the blocked
 * user already sent the blocker (notifications) is deleted with it.
 */
async function endContact(tx: Executor, blockerId: string, blockedId: string): Promise<void> {
  const ended = await tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, blockedId), eq(follows.followedId, blockerId)),
        and(eq(follows.followerId, blockerId), eq(follows.followedId, blockedId)),
      ),
    )
    .returning({ followerId: follows.followerId });
  if (ended.some((follow) => follow.followerId === blockerId))
    await withdrawNotification(tx, { type: 'follow', recipientId: blockedId, actorId: blockerId });
  await deleteNotificationsFrom(tx, blockerId, blockedId);
}

/** A person the blocker may unblock, by username (case-insensitively), whatever holds their profile. */
async function findBlockedByName(tx: Executor, username: string) {
  const [row] = await tx
    .select({ userId: profiles.id, isPublic: profiles.isPublic })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`);
  return row ?? null;
}
