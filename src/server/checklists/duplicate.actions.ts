import { sql } from 'drizzle-orm';
import { checklistActionMessages } from '@/domain/checklists/checklist-actions';
import { duplicateTitle } from '@/domain/checklists/checklist-fields';
import { canDuplicate } from '@/domain/permissions';
import { executeNamed, type Database } from '../db/client';
import type { WriteOutcome } from '../outcome';
import { withChecklistAccess } from './checklist-access';
import { newListId } from './checklists.actions';

/**
 * Duplicate: the author's own private copy of their list, titled "{title} (copy)", with its
 * description, details, items (in order) and tags (in order). It is a new list of theirs, not a
 * clone: nothing records a link to the original or counts it, nobody is notified, and, private,
 * it earns no badge. Someone else's list is cloned instead (403 here); another's private list is
 * not found.
 */
export async function duplicateChecklist(db: Database, id: string, userId: string): Promise<WriteOutcome<string>> {
  // Key-share lock: the original is not deleted or edited while it is copied.
  return withChecklistAccess(db, id, userId, { lock: 'key share' }, async (tx, access) => {
    if (!canDuplicate({ id: userId }, access))
      return { ok: false, reason: 'forbidden', message: checklistActionMessages.duplicateOwn };
    // Items and tags first, then the list (its row written once: see newListId); every statement
    // names the owner, so a mistake in the rule above cannot copy someone else's list.
    const copyId = newListId();
    await executeNamed(
      tx,
      sql`
        with items as (
          insert into checklist_items (checklist_id, content, kind, note, order_index)
          select ${copyId}, i.content, i.kind, i.note, i.order_index
          from checklist_items i join checklists c on c.id = i.checklist_id
          where c.id = ${id} and c.author_id = ${userId})
        insert into checklist_tags (checklist_id, tag, position)
        select ${copyId}, t.tag, t.position
        from checklist_tags t join checklists c on c.id = t.checklist_id
        where c.id = ${id} and c.author_id = ${userId}`,
    );
    await executeNamed(
      tx,
      sql`
        insert into checklists (id, title, description, author_id, estimated_time, difficulty, is_public, is_unlisted)
        select ${copyId}, ${duplicateTitle(access.title)}, description, author_id, estimated_time, difficulty, false, false
        from checklists where id = ${id} and author_id = ${userId}`,
    );
    return { ok: true, value: copyId };
  });
}
