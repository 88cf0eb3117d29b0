import { sql, type SQL } from 'drizzle-orm';
import type { ReportTargetType } from '@/domain/moderation/reports';
import type { Executor } from '../db/client';
import { isUuid } from '../db/ids';
import { lockingPublishing, storedVisibility } from '../visibility/lists';
import { laterBadgeCheck } from '../badges/badge-checks';

// Holding a list (decision 048). A list is held while the moderators hide it or its author is
// suspended: is_public and is_unlisted are then false, so every listing, count, search, feed and
// the sitemap leave it out exactly as they leave out a private list, with no condition of their
// own, and opening it by its address finds it for its author alone. The author's own choice
// waits in held_visibility and comes back when nothing holds the list any more.

/** Holds the lists `where` names (over `checklists c`) that are not held already. */
export async function holdLists(db: Executor, where: SQL): Promise<void> {
  await db.execute(sql`
    update checklists c set held_visibility = ${storedVisibility('c')}, is_public = false, is_unlisted = false
    where c.held_visibility is null and ${where}`);
}

/**
 * Gives back their author's choice to the lists `where` names that nothing holds any more: not
 * hidden, and their author not suspended. A list that becomes public again counts among its
 * author's published lists again: as every write that makes a list public, it takes its author's
 * publishing lock before its row (lockingPublishing), and leaves them a badge check, which
 * the outbox's sweep runs.
 */
export async function releaseLists(db: Executor, where: SQL): Promise<void> {
  await db.execute(sql`
    with released as (
      update checklists c
      set is_public = c.held_visibility = 'public', is_unlisted = c.held_visibility = 'unlisted', held_visibility = null
      where c.held_visibility is not null and c.hidden_at is null
        and not exists (select 1 from profiles p where p.id = c.author_id and p.suspended_until > now())
        and ${where}
        and (c.held_visibility <> 'public' or ${lockingPublishing(sql`c.author_id`)})
      returning c.author_id, c.is_public),
    checked as (${laterBadgeCheck(sql`select distinct author_id as user_id from released where is_public`, ['published_lists'])})
    select (select count(*) from checked) as checks`);
}

/**
 * Each kind of thing's table and the condition that finds one by id through its primary key (a
 * list's or comment's id compared as a uuid, never its key cast to text, which no index serves);
 * null for an id that cannot be one.
 */
const holdTables: Record<ReportTargetType, { table: SQL; byId: (id: string) => SQL | null }> = {
  checklist: { table: sql`checklists`, byId: (id) => (isUuid(id) ? sql`id = ${id}::uuid` : null) },
  comment: { table: sql`checklist_comments`, byId: (id) => (isUuid(id) ? sql`id = ${id}::uuid` : null) },
  profile: { table: sql`profiles`, byId: (id) => sql`id = ${id}` },
};

/**
 * Hides a list, a comment or a profile (by id; a profile by its user's id) for everyone but its
 * author, with the reason they will see; a review the author asked for is answered by it. False
 * when there is no such thing.
 */
export async function hideThing(db: Executor, type: ReportTargetType, id: string, reason: string): Promise<boolean> {
  const { table, byId } = holdTables[type];
  const match = byId(id);
  if (!match) return false;
  const hidden = await db.execute(sql`
    update ${table} set hidden_at = now(), hidden_reason = ${reason}, review_requested_at = null
    where ${match} returning 1`);
  if (hidden.rows.length === 0) return false;
  if (type === 'checklist') await holdLists(db, sql`c.id = ${id}::uuid`);
  return true;
}

/** Shows a hidden thing again (a list gets its author's choice back unless they are suspended). */
export async function restoreThing(db: Executor, type: ReportTargetType, id: string): Promise<boolean> {
  const { table, byId } = holdTables[type];
  const match = byId(id);
  if (!match) return false;
  // A list given back may be public again: its author's publishing lock comes before its row, as
  // for every writer that makes a list public (see releaseLists).
  const restored = await db.execute(sql`
    update ${table} set hidden_at = null, hidden_reason = null, review_requested_at = null
    where ${match} ${type === 'checklist' ? sql`and ${lockingPublishing(sql`author_id`)}` : sql``} returning 1`);
  if (restored.rows.length === 0) return false;
  if (type === 'checklist') await releaseLists(db, sql`c.id = ${id}::uuid`);
  return true;
}

/**
 * Suspends a user until `until` (null: for good): their sessions end at once and their lists are
 * held. Their comments and profile are left out by the readers, which ask whether the author is
 * suspended (`notSuspended`).
 */
export async function suspendUser(db: Executor, userId: string, until: Date | null, reason: string): Promise<boolean> {
  const suspended = await db.execute(sql`
    update profiles set suspended_until = coalesce(${until?.toISOString() ?? null}::timestamptz, 'infinity'),
      suspension_reason = ${reason}
    where id = ${userId} returning 1`);
  if (suspended.rows.length === 0) return false;
  await db.execute(sql`delete from sessions where user_id = ${userId}`);
  await holdLists(db, sql`c.author_id = ${userId}`);
  return true;
}

/** Ends a user's suspension now: their lists get their choices back unless a moderator hid them. */
export async function unsuspendUser(db: Executor, userId: string): Promise<boolean> {
  const lifted = await db.execute(sql`
    update profiles set suspended_until = null, suspension_reason = null where id = ${userId} returning 1`);
  if (lifted.rows.length === 0) return false;
  await releaseLists(db, sql`c.author_id = ${userId}`);
  return true;
}

/** The sweep: suspensions whose time is up end, and their users' lists come back. */
export async function endElapsedSuspensions(db: Executor): Promise<number> {
  const ended = await db.execute<{ id: string }>(sql`
    update profiles set suspended_until = null, suspension_reason = null
    where suspended_until is not null and suspended_until <= now() returning id`);
  const ids = ended.rows.map((row) => row.id);
  if (ids.length > 0) await releaseLists(db, sql`c.author_id = any(${sql.param(ids)}::text[])`);
  return ids.length;
}
