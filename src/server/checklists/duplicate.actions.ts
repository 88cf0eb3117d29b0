import { sql } from 'drizzle-orm';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { duplicateTitle } from '@/domain/checklists/checklist-fields';
import { canDuplicate } from '@/domain/permissions';
import { executeNamed, type Database } from '../db/client';
import type { WriteOutcome } from '../outcome';
import { checklistNotFound, findChecklistAccess } from './checklist-access';
import { newListId } from './checklists.actions';

/**
 * Duplicate: the author's own private copy of their list, titled "{title} (copy)", with its
 * description, details, items (in order) and tags (in order). It is a new list of theirs, not a
 * clone: nothing records a link to the original or counts it, nobody is notified, and, private,
 * it earns no badge. Someone else's list is cloned instead (403 here); another's private list is
 * not found.
 */
export async function duplicateChecklist(db: Database, id: string, userId: string): Promise<WriteOutcome<string>> {
  const access = await findChecklistAccess(db, id, userId);
  if (!access) return checklistNotFound(db, id);
  if (!canDuplicate({ id: userId }, access))
    return { ok: false, reason: 'forbidden', message: checklistActionMessages.duplicateOwn };
  // One statement committed alone (ticklist_duplicate_list): the original locked, its entries and
  // tags copied, then the copy's row. It copies only a list the user still owns, so a mistake in
  // the rule above cannot copy someone else's list, and a list deleted since is not found.
  const [copied] = await executeNamed<{ id: string | null }>(
    db,
    sql`select ticklist_duplicate_list(${id}, ${newListId()}, ${userId}, ${duplicateTitle(access.title)}) as id`,
  );
  return copied?.id ? { ok: true, value: copied.id } : { ok: false, reason: 'not_found' };
}
