import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { ChecklistVisibility } from '@/domain/checklists/visibility';

/**
 * The one rule for opening a list by its id (decision 024): a public or unlisted list is
 * seen by everyone who has its address, a private one only by its author. `alias` names the
 * checklists row in the caller's SQL. Never a listing's filter: a listing of other people's lists
 * (Browse, search, Discover, profiles, the sitemap, feeds) asks `is_public`, which an unlisted list
 * is not. `userId` may be a column of the caller's query, or a placeholder, for a statement built once.
 */
export function visibleTo(userId: string | SQL | Placeholder | null, alias = 'c') {
  const a = sql.raw(alias);
  return sql`(${a}.is_public or ${a}.is_unlisted or ${a}.author_id = ${userId})`;
}

// A held list (hidden by the moderators, or its author suspended) has is_public and is_unlisted
// false, so every reader above leaves it out with no condition of its own; the author's choice
// waits in held_visibility until nothing holds the list (moderation/holds.ts holds and releases).

/**
 * A condition that takes the publishing lock of `author` (an id, or a column of the caller's
 * statement) and holds it until the transaction ends: every write that makes a list public puts it
 * before it writes or locks the list's row (a new list takes it in ticklist_insert_list). A new
 * list counts its author's published lists under that lock, so it sees every such write that came
 * before it, and one that comes after leaves its own badge check; and as each of them takes the
 * lock before a list's row, two of them never wait for each other the other way round.
 */
export const lockingPublishing = (author: string | SQL) => sql`(select ticklist_lock_publishing(${author}))`;

/** A list's visibility as its two stored flags say, as SQL over the checklists row `alias`. */
export const storedVisibility = (alias: string) =>
  sql.raw(`case when ${alias}.is_public then 'public' when ${alias}.is_unlisted then 'unlisted' else 'private' end`);

/** The visibility the author chose, held or not: what their own pages and forms show. */
export const authorVisibilityColumn = (alias = 'c') =>
  sql`coalesce(${sql.raw(alias)}.held_visibility, ${storedVisibility(alias)})`;

/**
 * An author's change of visibility, as `set` columns: applied at once to a list nothing holds,
 * remembered for when the hold ends on a held one (so an author cannot publish a hidden list).
 */
export function authorVisibilityColumns(visibility: ChecklistVisibility) {
  return {
    isPublic: sql`(held_visibility is null and ${visibility === 'public'}::boolean)`,
    isUnlisted: sql`(held_visibility is null and ${visibility === 'unlisted'}::boolean)`,
    heldVisibility: sql`case when held_visibility is null then null else ${visibility}::text end`,
  };
}
