import { sql } from 'drizzle-orm';
import { versionMessages } from '@/domain/checklists/version-history';
import type { Database } from '../db/client';
import { withBadgeChecks } from '../badges/badge-checks';
import type { WriteOutcome } from '../outcome';
import { withOwnChecklist } from './checklist-access';
import { readEntries, writeEntries } from './entry-writes';
import { readVersionEntries } from './versions.queries';

/**
 * "Restore this version": the list's entries become those of version `number`, saved as a new
 * version (nothing is lost). Entries that are still on the list keep their rows, and everyone's
 * completions of those whose text is unchanged; entries since removed come back under the key
 * they had, so the versions and clones still know them. Only the author restores; to anyone else
 * the list's versions are not found. Two restores at once take turns on the list's row: the
 * second finds the list already as that version and is told so, changing nothing.
 */
export async function restoreVersion(
  db: Database,
  checklistId: string,
  userId: string,
  number: number,
): Promise<WriteOutcome<{ number: number }>> {
  return withBadgeChecks(db, (later) =>
    withOwnChecklist(db, checklistId, userId, async (tx) => {
      const version = await readVersionEntries(tx, checklistId, number);
      if (!version) return { ok: false, reason: 'not_found' };
      const rowOf = new Map((await readEntries(tx, checklistId)).map((entry) => [entry.key, entry.id]));
      const { completedUserIds, changed } = await writeEntries(
        tx,
        checklistId,
        userId,
        version.entries.map(({ key, kind, content, note }) => {
          const id = rowOf.get(key);
          return id === undefined ? { key, kind, content, note } : { id, kind, content, note };
        }),
        { restoredFrom: number },
      );
      if (!changed) return { ok: false, reason: 'invalid', message: versionMessages.alreadyCurrent };
      await tx.execute(
        sql`update checklists set updated_at = now() where id = ${checklistId} and author_id = ${userId}`,
      );
      await later.leave(tx, completedUserIds, ['completed_lists']);
      return { ok: true, value: { number: version.current + 1 } };
    }),
  );
}
