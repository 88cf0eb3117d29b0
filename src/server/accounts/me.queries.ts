import { sql } from 'drizzle-orm';
import type { AccountStats } from '@/domain/accounts/profile';
import type { OwnChecklist } from '@/domain/checklists/own-lists';
import type { Executor } from '../db/client';
import { visibleTo } from '../checklists/checklist-access';
import { itemCountColumn, presentEstimatedTime, tagsColumn } from '../presenters';

/**
 * Spec §2.10: the stats bar in one statement. Saved counts the distinct lists in the user's library
 * (any group, or saved) that they can still see; Started counts lists with at least one tick;
 * Badges counts those earned.
 */
export async function accountStats(db: Executor, userId: string): Promise<AccountStats> {
  const result = await db.execute<AccountStats>(sql`
    select
      (select count(*)::int from follows where followed_id = ${userId}) as followers,
      (select count(*)::int from follows where follower_id = ${userId}) as following,
      (select count(*)::int from checklists where author_id = ${userId}) as created,
      (select count(*)::int from (
         select checklist_id from user_list_memberships where user_id = ${userId}
         union
         select checklist_id from saved_checklists where user_id = ${userId}) mine
       join checklists c on c.id = mine.checklist_id and ${visibleTo(userId)}) as saved,
      (select count(*)::int from cloned_checklists where cloned_by = ${userId}) as cloned,
      (select count(*)::int from checklist_progress where user_id = ${userId}) as started,
      (select count(*)::int from user_badges where user_id = ${userId}) as badges`);
  return result.rows[0]!;
}

/** The user's own lists, public and private, newest first, with what a "My Lists" row shows. */
export async function listOwnChecklists(db: Executor, userId: string): Promise<OwnChecklist[]> {
  const result = await db.execute<{
    id: string;
    title: string;
    description: string;
    is_public: boolean;
    item_count: number;
    uses_count: number;
    rating: string | null;
    estimated_time: string | null;
    difficulty: OwnChecklist['difficulty'];
    tags: string[];
    created_at: Date;
  }>(sql`
    select c.id, c.title, c.description, c.is_public, c.uses_count, c.rating, c.estimated_time, c.difficulty,
           c.created_at,
           ${itemCountColumn} as item_count, ${tagsColumn} as tags
    from checklists c
    where c.author_id = ${userId}
    order by c.created_at desc, c.id desc`);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    isPublic: row.is_public,
    itemCount: row.item_count,
    uses: row.uses_count,
    rating: row.rating === null ? null : Number(row.rating),
    estimatedTime: presentEstimatedTime(row.estimated_time),
    difficulty: row.difficulty,
    tags: row.tags,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
