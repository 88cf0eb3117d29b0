import { sql } from 'drizzle-orm';
import {
  planItemChanges,
  type EditedEntry,
  type ExistingItem,
  type ItemChanges,
} from '@/domain/checklists/item-changes';
import { diffEntries, SNAPSHOT_EVERY } from '@/domain/checklists/versions';
import type { Executor } from '../db/client';
import { notifyUpstreamChanged } from '../notifications/notifications.actions';
import { itemCountColumn } from '../presenters';

// Writing a list's entries after it exists: an edit or a restore. The entries are reconciled (see
// planItemChanges: what stays keeps its row and everyone's completions) and the change is recorded
// as a version. The caller holds the list's row lock, so versions are numbered one at a time.

/** The list's entries in order, each with its key (its id while it never had another). */
export async function readEntries(tx: Executor, checklistId: string): Promise<ExistingItem[]> {
  const result = await tx.execute<ExistingItem>(sql`
    select id, coalesce(key, id) as key, source_key as "sourceKey", kind, content, note from checklist_items
    where checklist_id = ${checklistId} order by order_index`);
  return result.rows;
}

/**
 * Changes the list's entries to `next` and records the version (when anything changed). Returns the
 * users whose open run the change completed (by removing the items they had not ticked): a
 * completion grants badges only for the list it completes, so the caller grants for these.
 */
export async function writeEntries(
  tx: Executor,
  checklistId: string,
  authorId: string,
  next: EditedEntry[],
  version: { restoredFrom?: number; note?: string } = {},
): Promise<{ completedUserIds: string[]; changed: boolean }> {
  const plan = planItemChanges(await readEntries(tx, checklistId), next, () => crypto.randomUUID());
  await applyPlan(tx, checklistId, plan);
  const changed = await recordVersion(tx, checklistId, authorId, plan, version);
  // The owners of its clones hear of it (a clone that took its original's changes is an original too).
  if (changed) await notifyUpstreamChanged(tx, checklistId, authorId);
  if (plan.remove.length === 0) return { completedUserIds: [], changed };
  const completed = await tx.execute<{ user_id: string }>(sql`
    select p.user_id from checklist_progress p join checklists c on c.id = p.checklist_id
    where p.checklist_id = ${checklistId} and p.completed_count > 0 and p.completed_count = ${itemCountColumn}`);
  return { completedUserIds: completed.rows.map((row) => row.user_id), changed };
}

async function applyPlan(tx: Executor, checklistId: string, plan: ItemChanges) {
  if (plan.remove.length > 0) {
    await tx.execute(sql`delete from checklist_items where id = any(${sql.param(plan.remove)}::uuid[])`);
  }
  if (plan.keep.length > 0) {
    await tx.execute(sql`
      update checklist_items as i set order_index = moved.order_index, note = moved.note
      from unnest(${sql.param(plan.keep.map((item) => item.id))}::uuid[],
                  ${sql.param(plan.keep.map((item) => item.orderIndex))}::int[],
                  ${sql.param(plan.keep.map((item) => item.note))}::text[]) as moved(id, order_index, note)
      where i.id = moved.id and (i.order_index <> moved.order_index or i.note <> moved.note)`);
  }
  if (plan.insert.length > 0) {
    const column = <K extends keyof ItemChanges['insert'][number]>(name: K) => plan.insert.map((item) => item[name]);
    await tx.execute(sql`
      insert into checklist_items (id, key, source_key, checklist_id, kind, content, note, order_index)
      select id, key, source_key, ${checklistId}, kind, content, note, order_index
      from unnest(${sql.param(column('id'))}::uuid[], ${sql.param(column('key'))}::uuid[],
                  ${sql.param(column('sourceKey'))}::uuid[], ${sql.param(column('kind'))}::text[],
                  ${sql.param(column('content'))}::text[], ${sql.param(column('note'))}::text[],
                  ${sql.param(column('orderIndex'))}::int[])
        as item(id, key, source_key, kind, content, note, order_index)`);
  }
}

/**
 * Records the change as the list's next version, in one statement; nothing when the entries did not
 * change. A list's first change writes version 1 too: the entries as they were, dated when the
 * list was made, by its author.
 */
async function recordVersion(
  tx: Executor,
  checklistId: string,
  authorId: string,
  plan: ItemChanges,
  version: { restoredFrom?: number; note?: string },
): Promise<boolean> {
  const changes = diffEntries(plan.before, plan.after);
  if (changes.length === 0) return false;
  await tx.execute(sql`
    with latest as (
      select coalesce(max(number), 0) as number from checklist_versions where checklist_id = ${checklistId})
    insert into checklist_versions
      (checklist_id, number, author_id, created_at, changes, snapshot, entry_count, restored_from, note)
    select c.id, 1, c.author_id, c.created_at, '[]'::jsonb, ${JSON.stringify(plan.before)}::jsonb, ${plan.before.length}::int,
      null, ''
    from checklists c, latest where c.id = ${checklistId} and latest.number = 0
    union all
    select ${checklistId}::uuid, greatest(latest.number, 1) + 1, ${authorId}, now(), ${JSON.stringify(changes)}::jsonb,
      case when (greatest(latest.number, 1) + 1) % ${SNAPSHOT_EVERY} = 0 then ${JSON.stringify(plan.after)}::jsonb end,
      ${plan.after.length}::int, ${version.restoredFrom ?? null}::int, ${version.note ?? ''}
    from latest`);
  return true;
}
