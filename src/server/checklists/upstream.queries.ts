import { sql } from 'drizzle-orm';
import type { UpstreamReview } from '@/domain/checklists/upstream-review';
import { changeId, changesToReview, upstreamChanges, type CloneEntry } from '@/domain/checklists/upstream';
import type { KeyedEntry } from '@/domain/checklists/versions';
import { executeNamed, type Executor } from '../db/client';
import { visibleTo } from '../visibility/lists';
import { readEntries } from './entry-writes';
import { readVersionEntries, rebuildVersion, versionRowsJson, type VersionRowJson } from './versions.queries';

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

type ReviewRow = {
  owns: boolean;
  original_id: string | null;
  title: string;
  reviewed: number;
  current: number;
  base: VersionRowJson[] | null;
  theirs: VersionRowJson[] | null;
  mine: CloneEntry[] | null;
};

/**
 * What the original changed since the clone's owner last reviewed it, up to its version now: each
 * change that asks the owner something (not those the clone has already), three ways; `upstream`
 * is null when there is nothing to review. Null when the list is not `userId`'s (not found, as a
 * private thing is). One statement reads the ownership, the link, both versions of the original
 * and the clone's entries.
 */
export async function findUpstreamReview(
  db: Executor,
  cloneId: string,
  userId: string,
): Promise<{ upstream: UpstreamReview | null } | null> {
  const changed = sql`link.current > link.reviewed`;
  const [row] = await executeNamed<ReviewRow>(
    db,
    sql`
    with mine as (select c.id from checklists c where c.id = ${cloneId} and c.author_id = ${userId}),
    link as (
      select o.id as original_id, o.title, k.reviewed_version as reviewed,
        coalesce((select max(number) from checklist_versions v where v.checklist_id = o.id), 1) as current
      from mine join cloned_checklists k on k.cloned_checklist_id = mine.id
      join checklists o on o.id = k.original_checklist_id and ${visibleTo(userId, 'o')})
    select exists (select 1 from mine) as owns, link.original_id, link.title, link.reviewed, link.current,
      case when ${changed} then ${versionRowsJson(sql`link.original_id`, sql`link.reviewed`)} end as base,
      case when ${changed} then ${versionRowsJson(sql`link.original_id`, sql`link.current`)} end as theirs,
      case when ${changed} then (
        select json_agg(json_build_object('id', i.id, 'kind', i.kind, 'content', i.content, 'note', i.note,
          'sourceKey', i.source_key) order by i.order_index)
        from checklist_items i where i.checklist_id = ${cloneId}) end as mine
    from (select 1) one left join link on true`,
  );
  if (!row?.owns) return null;
  const base = row.base && rebuildVersion(row.base, row.reviewed);
  const theirs = row.theirs && rebuildVersion(row.theirs, row.current);
  if (!row.original_id || !base || !theirs) return { upstream: null };
  const changes = changesToReview(upstreamChanges(base, theirs, row.mine ?? []));
  if (changes.length === 0) return { upstream: null };
  return {
    upstream: {
      original: { id: row.original_id, title: row.title },
      fromVersion: row.reviewed,
      toVersion: row.current,
      changes: changes.map(({ key, op, base, theirs, mine, status }) => ({
        id: changeId({ key, op }),
        op,
        base,
        theirs,
        mine,
        status: status === 'conflict' ? 'conflict' : 'clean',
      })),
    },
  };
}
