import { sql } from 'drizzle-orm';
import type { StaffPickState } from '@/domain/moderation/staff-picks';
import type { Database } from '../db/client';
import { isUuid } from '../db/ids';
import { setStaffPick } from '../discover/staff-picks.actions';
import type { WriteOutcome } from '../outcome';
import { recordModeration } from './audit';

/**
 * A moderator picks a public list for Discover's staff picks, or unpicks it, with its audit row
 * when the pick changed (picking twice, or unpicking what is not picked, records nothing). A list
 * that is not public is not found: only what everyone can see can be picked.
 */
export async function changeStaffPick(
  db: Database,
  actorId: string,
  checklistId: string,
  isPicked: boolean,
): Promise<WriteOutcome<StaffPickState>> {
  if (!isUuid(checklistId)) return { ok: false, reason: 'not_found' };
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ was_picked: boolean }>(sql`
      select exists (select 1 from staff_picks s where s.checklist_id = c.id) as was_picked
      from checklists c where c.id = ${checklistId} and c.is_public for no key update`);
    const row = found.rows[0];
    if (!row) return { ok: false, reason: 'not_found' };
    const outcome = await setStaffPick(tx, checklistId, isPicked);
    if (!outcome.ok) return { ok: false, reason: 'not_found' };
    if (row.was_picked !== isPicked) {
      await recordModeration(tx, {
        actorId,
        action: isPicked ? 'staff_pick' : 'staff_unpick',
        targetType: 'checklist',
        targetId: checklistId,
        before: { isStaffPick: row.was_picked },
        after: { isStaffPick: isPicked },
      });
    }
    return { ok: true, value: { isStaffPick: isPicked } };
  });
}
