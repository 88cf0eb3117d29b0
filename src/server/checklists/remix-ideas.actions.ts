import { sql } from 'drizzle-orm';
import { countItems, MAX_ITEMS } from '@/domain/checklists/checklist-fields';
import { adoptedVersionNote, remixIdeaMessages } from '@/domain/checklists/remix-ideas';
import { checklistInputMessages } from '@/domain/checklists/checklist-fields';
import type { Database } from '../db/client';
import type { WriteOutcome } from '../outcome';
import { withOwnChecklist } from './checklist-access';
import { readEntries, writeEntries } from './entry-writes';
import { findRemixIdeas } from './remix-ideas.queries';

/**
 * "Add to my list": the idea's most common wording becomes the list's last item, saved as a version
 * whose note credits the remixers. Only the author, only an idea still offered (others are not
 * found), and within the list's limit of items.
 */
export async function adoptRemixIdea(
  db: Database,
  checklistId: string,
  userId: string,
  idea: string,
): Promise<WriteOutcome<{ content: string }>> {
  return withOwnChecklist(db, checklistId, userId, async (tx) => {
    // The list is theirs (withOwnChecklist), so the ideas are read.
    const [found] = (await findRemixIdeas(tx, checklistId, userId, idea)) ?? [];
    if (!found) return { ok: false, reason: 'invalid', message: remixIdeaMessages.notFound };
    const current = await readEntries(tx, checklistId);
    if (countItems(current) >= MAX_ITEMS)
      return { ok: false, reason: 'invalid', message: checklistInputMessages.tooManyItems };
    await writeEntries(
      tx,
      checklistId,
      userId,
      [
        ...current.map(({ id, kind, content, note }) => ({ id, kind, content, note })),
        { kind: 'item', content: found.content, note: '' },
      ],
      { note: adoptedVersionNote(found.names, found.people) },
    );
    await tx.execute(sql`update checklists set updated_at = now() where id = ${checklistId} and author_id = ${userId}`);
    return { ok: true, value: { content: found.content } };
  });
}

/** "Dismiss": the idea is no longer offered on this list (harmless twice). Only the author. */
export async function dismissRemixIdea(
  db: Database,
  checklistId: string,
  userId: string,
  idea: string,
): Promise<WriteOutcome> {
  return withOwnChecklist(db, checklistId, userId, async (tx) => {
    await tx.execute(sql`
      insert into remix_idea_dismissals (checklist_id, idea_key) values (${checklistId}, ${idea})
      on conflict do nothing`);
    return { ok: true, value: undefined };
  });
}
