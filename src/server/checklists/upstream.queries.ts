import { sql } from 'drizzle-orm';
import type { UpstreamReview } from '@/domain/checklists/upstream-review';
import { changeId, changesToReview, upstreamChanges, type CloneEntry } from '@/domain/checklists/upstream';
import type { KeyedEntry } from '@/domain/checklists/versions';
import type { Executor } from '../db/client';
import { visibleTo } from '../visibility/lists';
import { readEntries } from './entry-writes';
import { readVersionEntries } from './versions.queries';

/** A clone's link to its original as the clone's owner may follow it. */
export type UpstreamLink = { originalId: string; title: string; reviewedVersion: number; currentVersion: number };

/**
 * The original of `cloneId` while its owner `userId` may still see it, with the original's version
 * the clone last reviewed and its version now; null when the list is no clone or its original is
 * gone or now private. `lock` locks the clone's record (a review that applies changes).
 */
export async function findUpstreamLink(
  db: Executor,
  cloneId: string,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<UpstreamLink | null> {
  const result = await db.execute<{ original_id: string; title: string; reviewed: number; current: number }>(sql`
    select o.id as original_id, o.title, k.reviewed_version as reviewed,
      coalesce((select max(number) from checklist_versions v where v.checklist_id = o.id), 1) as current
    from cloned_checklists k join checklists o on o.id = k.original_checklist_id and ${visibleTo(userId, 'o')}
    where k.cloned_checklist_id = ${cloneId}
    ${options.lock ? sql`for no key update of k` : sql``}`);
  const row = result.rows[0];
  return row
    ? { originalId: row.original_id, title: row.title, reviewedVersion: row.reviewed, currentVersion: row.current }
    : null;
}

/** The three sides of a review up to the original's version `toVersion`: the original then and at it, and the clone. */
export async function readReviewSides(
  db: Executor,
  cloneId: string,
  link: UpstreamLink,
  toVersion: number,
): Promise<{ base: KeyedEntry[]; theirs: KeyedEntry[]; mine: CloneEntry[] } | null> {
  const base = await readVersionEntries(db, link.originalId, link.reviewedVersion);
  const theirs = await readVersionEntries(db, link.originalId, toVersion);
  if (!base || !theirs) return null;
  const mine = (await readEntries(db, cloneId)).map(({ id, kind, content, note, sourceKey }) => ({
    id,
    kind,
    content,
    note,
    sourceKey: sourceKey ?? null,
  }));
  return { base: base.entries, theirs: theirs.entries, mine };
}

/**
 * What the original changed since the clone's owner last reviewed it, up to its version now: each
 * change that asks the owner something (not those the clone has already), three ways. Null when
 * there is nothing to review. The caller has checked that the clone is the user's.
 */
export async function findUpstreamReview(
  db: Executor,
  cloneId: string,
  userId: string,
): Promise<UpstreamReview | null> {
  const link = await findUpstreamLink(db, cloneId, userId);
  if (!link || link.currentVersion <= link.reviewedVersion) return null;
  const sides = await readReviewSides(db, cloneId, link, link.currentVersion);
  if (!sides) return null;
  const changes = changesToReview(upstreamChanges(sides.base, sides.theirs, sides.mine));
  if (changes.length === 0) return null;
  return {
    original: { id: link.originalId, title: link.title },
    fromVersion: link.reviewedVersion,
    toVersion: link.currentVersion,
    changes: changes.map(({ key, op, base, theirs, mine, status }) => ({
      id: changeId({ key, op }),
      op,
      base,
      theirs,
      mine,
      status: status === 'conflict' ? 'conflict' : 'clean',
    })),
  };
}
