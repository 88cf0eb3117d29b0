import { sql } from 'drizzle-orm';
import { encodeBlockedUsersCursor, type BlockedUsersCursor, type BlockedUsersPage } from '@/domain/social/blocks';
import { visibleProfileName } from '@/domain/social/profile';
import type { Executor } from '../db/client';
import { cursorTime, cutPage } from '../paging';
import { hasBlocked } from '../visibility/blocks';

/** Whether either of two users has blocked the other, each way, in one statement. */
export async function findBlocksBetween(
  db: Executor,
  userId: string,
  otherId: string,
): Promise<{ blocks: boolean; isBlockedBy: boolean }> {
  const result = await db.execute<{ blocks: boolean; is_blocked_by: boolean }>(
    sql`select ${hasBlocked(userId, otherId)} as blocks, ${hasBlocked(otherId, userId)} as is_blocked_by`,
  );
  const row = result.rows[0]!;
  return { blocks: row.blocks, isBlockedBy: row.is_blocked_by };
}

/**
 * The people `blockerId` blocked, newest block first, a page at a time after `cursor`, each named
 * as the blocker may see them (a private profile's name is its owner's alone, decision 008). The
 * rows are the blocker's own, found by the primary key's first column.
 */
export async function listBlockedUsers(
  db: Executor,
  blockerId: string,
  page: { cursor: BlockedUsersCursor | null; limit: number },
): Promise<BlockedUsersPage> {
  const after = page.cursor
    ? sql`and (b.created_at, b.blocked_id) < (${page.cursor.at}::timestamptz, ${page.cursor.id})`
    : sql``;
  const result = await db.execute<{
    id: string;
    username: string;
    profile_name: string | null;
    is_public: boolean;
    avatar_url: string | null;
    blocked_at: string;
  }>(sql`
    select b.blocked_id as id, p.username, p.profile_name, p.is_public, p.avatar_url,
      ${cursorTime(sql`b.created_at`)} as blocked_at
    from blocks b join profiles p on p.id = b.blocked_id
    where b.blocker_id = ${blockerId} ${after}
    order by b.created_at desc, b.blocked_id desc
    limit ${page.limit + 1}`);
  const { rows, nextCursor } = cutPage(result.rows, page.limit, (last) =>
    encodeBlockedUsersCursor({ at: last.blocked_at, id: last.id }),
  );
  return {
    users: rows.map((row) => ({
      id: row.id,
      username: row.username,
      profileName: visibleProfileName(
        { id: row.id, profileName: row.profile_name, isPublic: row.is_public },
        blockerId,
      ),
      avatarUrl: row.avatar_url,
      blockedAt: row.blocked_at,
    })),
    nextCursor,
  };
}
