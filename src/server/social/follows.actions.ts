import { and, eq, sql } from 'drizzle-orm';
import { canFollow } from '@/domain/permissions';
import { blockMessages } from '@/domain/social/blocks';
import { withBadgeChecks } from '../badges/badge-checks';
import type { Database, Executor } from '../db/client';
import { follows } from '../db/schema';
import { notify, withdrawNotification } from '../notifications/notifications.actions';
import type { WriteOutcome } from '../outcome';
import { findBlocksBetween } from './blocks.queries';
import { findProfileAccess } from './public-profiles.queries';

export const followMessages = { userNotFound: 'User not found', self: 'You cannot follow yourself.' } as const;

/** Counts are null when the followed profile is private: only its owner sees them (decision 008). */
export type FollowState = { followers: number | null; following: number | null; isFollowing: boolean };

async function followState(db: Executor, userId: string, viewerId: string): Promise<FollowState> {
  const result = await db.execute<{ followers: number | null; following: number | null; is_following: boolean }>(sql`
    select case when p.is_public then (select count(*)::int from follows where followed_id = p.id) end as followers,
           case when p.is_public then (select count(*)::int from follows where follower_id = p.id) end as following,
           exists (select 1 from follows where follower_id = ${viewerId} and followed_id = p.id) as is_following
    from profiles p where p.id = ${userId}`);
  const row = result.rows[0]!;
  return { followers: row.followers, following: row.following, isFollowing: row.is_following };
}

/**
 * Follows or unfollows a user, telling them of a new follower (at most once an hour: decision 017).
 * Nobody follows themselves; following twice is harmless (the database allows one row per pair).
 */
export async function setFollow(
  db: Database,
  viewerId: string,
  username: string,
  isFollowing: boolean,
): Promise<WriteOutcome<FollowState>> {
  return withBadgeChecks(db, (later) =>
    db.transaction(async (tx): Promise<WriteOutcome<FollowState>> => {
      const profile = await findProfileAccess(tx, username, viewerId);
      if (!profile) return { ok: false, reason: 'not_found' };
      const { userId } = profile;
      if (!canFollow({ id: viewerId }, profile)) return { ok: false, reason: 'invalid', message: followMessages.self };
      if (isFollowing) {
        // Someone blocked by the user is answered as if the user were not there (decision 048).
        const block = await findBlocksBetween(tx, viewerId, userId);
        if (block.isBlockedBy) return { ok: false, reason: 'not_found' };
        if (block.blocks) return { ok: false, reason: 'invalid', message: blockMessages.unblockToFollow };
        const added = await tx
          .insert(follows)
          .values({ followerId: viewerId, followedId: userId })
          .onConflictDoNothing()
          .returning();
        if (added.length) {
          await notify(tx, { type: 'follow', recipientId: userId, actorId: viewerId });
          await later.leave(tx, [userId], ['followers']);
        }
      } else {
        const removed = await tx
          .delete(follows)
          .where(and(eq(follows.followerId, viewerId), eq(follows.followedId, userId)))
          .returning();
        if (removed.length) await withdrawNotification(tx, { type: 'follow', recipientId: userId, actorId: viewerId });
      }
      return { ok: true, value: await followState(tx, userId, viewerId) };
    }),
  );
}
