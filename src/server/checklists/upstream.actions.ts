import { sql } from 'drizzle-orm';
import { checklistInputMessages, countItems, MAX_HEADINGS, MAX_ITEMS } from '@/domain/checklists/checklist-fields';
import { applyUpstream, changeId, upstreamChanges } from '@/domain/checklists/upstream';
import { upstreamMessages, upstreamVersionNote } from '@/domain/checklists/upstream-review';
import type { Database } from '../db/client';
import { withBadgeChecks } from '../badges/badge-checks';
import type { WriteOutcome } from '../outcome';
import { withOwnChecklist } from './checklist-access';
import { writeEntries } from './entry-writes';
import { findUpstreamLink, readReviewSides } from './upstream.queries';

/**
 * Applies the review of the original's changes up to its version `toVersion`: the changes named in
 * `accept` are applied to the clone (see applyUpstream), every other one is skipped, and the clone
 * is marked as having reviewed that version, so none of them is offered again. The clone's own
 * edits and its users' ticks on entries that stay are kept. Two reviews of the same changes (two
 * tabs) take turns on the clone's row: the second is told they were reviewed, and changes nothing.
 */
export async function reviewUpstream(
  db: Database,
  cloneId: string,
  userId: string,
  review: { toVersion: number; accept: string[] },
): Promise<WriteOutcome<{ applied: number; reviewedVersion: number }>> {
  return withBadgeChecks(db, (later) =>
    withOwnChecklist(db, cloneId, userId, async (tx) => {
      const link = await findUpstreamLink(tx, cloneId, userId, { lock: true });
      if (!link) return { ok: false, reason: 'not_found' };
      if (review.toVersion <= link.reviewedVersion)
        return { ok: false, reason: 'invalid', message: upstreamMessages.alreadyReviewed };
      const sides =
        review.toVersion <= link.currentVersion ? await readReviewSides(tx, cloneId, link, review.toVersion) : null;
      if (!sides) return { ok: false, reason: 'not_found' };

      const offered = upstreamChanges(sides.base, sides.theirs, sides.mine).filter((c) => c.status !== 'done');
      const accepted = new Set(review.accept.filter((id) => offered.some((change) => changeId(change) === id)));
      if (accepted.size > 0) {
        const next = applyUpstream(sides.base, sides.theirs, sides.mine, accepted);
        const items = countItems(next);
        if (items > MAX_ITEMS || next.length - items > MAX_HEADINGS)
          return { ok: false, reason: 'invalid', message: upstreamMessages.tooManyEntries };
        if (items < 1) return { ok: false, reason: 'invalid', message: checklistInputMessages.itemRequired };
        const { completedUserIds } = await writeEntries(tx, cloneId, userId, next, {
          note: upstreamVersionNote(link.title),
        });
        await tx.execute(sql`update checklists set updated_at = now() where id = ${cloneId} and author_id = ${userId}`);
        await later.leave(tx, completedUserIds, ['completed_lists']);
      }
      await tx.execute(sql`
      update cloned_checklists set reviewed_version = ${review.toVersion} where cloned_checklist_id = ${cloneId}`);
      return { ok: true, value: { applied: accepted.size, reviewedVersion: review.toVersion } };
    }),
  );
}
