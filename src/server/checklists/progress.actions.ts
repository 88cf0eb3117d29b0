import { and, eq, sql } from 'drizzle-orm';
import { grantEarnedBadges } from '../badges/badges.actions';
import type { Database, Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { checklistItemCompletions, checklistItems } from '../db/schema';
import { itemCountColumn } from '../presenters';
import type { WriteOutcome } from '../outcome';
import { withChecklistAccess } from './checklist-access';

type ProgressState = { uses: number; completedItemIds: string[] };

const notFound = { ok: false, reason: 'not_found' } as const;

async function progressState(
  db: Executor,
  checklistId: string,
  userId: string,
): Promise<{ state: ProgressState; isListComplete: boolean }> {
  const result = await db.execute<{ uses: number; completed: string[]; items: number }>(sql`
    select c.uses_count as uses, ${itemCountColumn} as items,
      coalesce((select json_agg(completion.checklist_item_id) from checklist_item_completions completion
                where completion.checklist_id = c.id and completion.user_id = ${userId}), '[]') as completed
    from checklists c where c.id = ${checklistId}`);
  const row = result.rows[0]!;
  return {
    state: { uses: row.uses, completedItemIds: row.completed },
    isListComplete: row.items > 0 && row.completed.length >= row.items,
  };
}

/** Completes or uncompletes one item for the user; completing it twice is harmless. */
export async function setItemCompleted(
  db: Database,
  checklistId: string,
  itemId: string,
  userId: string,
  isCompleted: boolean,
): Promise<WriteOutcome<ProgressState>> {
  if (!isUuid(itemId)) return notFound;
  // The checklist row first, as an edit takes it, so a completion and an edit cannot deadlock.
  return withChecklistAccess(db, checklistId, userId, { lock: 'no key update' }, async (tx) => {
    const [item] = await tx
      .select({ id: checklistItems.id, kind: checklistItems.kind })
      .from(checklistItems)
      .where(and(eq(checklistItems.checklistId, checklistId), eq(checklistItems.id, itemId)));
    // Only an item is ticked: a heading is no item to complete.
    if (!item || item.kind !== 'item') return notFound;
    if (isCompleted) {
      await tx
        .insert(checklistItemCompletions)
        .values({ userId, checklistItemId: item.id, checklistId })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(checklistItemCompletions)
        .where(and(eq(checklistItemCompletions.userId, userId), eq(checklistItemCompletions.checklistItemId, item.id)));
    }
    const { state, isListComplete } = await progressState(tx, checklistId, userId);
    // Only a completion that leaves the list complete can raise the user's completed lists: the others
    // skip the badge check (a statement that counts their completed lists).
    if (isCompleted && isListComplete) await grantEarnedBadges(tx, [userId], ['completed_lists']);
    return { ok: true, value: state };
  });
}

/** "Reset progress": clears all of the user's completions on the list. */
export async function resetProgress(
  db: Database,
  checklistId: string,
  userId: string,
): Promise<WriteOutcome<ProgressState>> {
  return withChecklistAccess(db, checklistId, userId, { lock: 'no key update' }, async (tx) => {
    await tx
      .delete(checklistItemCompletions)
      .where(and(eq(checklistItemCompletions.userId, userId), eq(checklistItemCompletions.checklistId, checklistId)));
    return { ok: true, value: (await progressState(tx, checklistId, userId)).state };
  });
}
