import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

// How many public lists carry each tag. The triggers add each write's change to its database
// session's slot of tag_count_changes (so writers with a popular tag in common do not queue on one
// row), and the process folds those into tag_counts every few seconds. A tag's count is both,
// exact at any moment; the chips' top tags are read from tag_counts' index and the few tags with
// changes waiting.

/** The count of public lists carrying the tag whose key (lower-case) `tagKey` gives. */
export const tagCount = (tagKey: SQL) => sql`(
  coalesce((select count from tag_counts where tag_key = ${tagKey}), 0)
  + coalesce((select sum(change) from tag_count_changes where tag_key = ${tagKey}), 0))::int`;

/**
 * The tags on the most public lists, for the filter chips. A tag outside tag_counts' top `limit`
 * can only enter it by a change waiting, and each waiting tag can push at most one out: so the top
 * is found among tag_counts' first `limit` + (tags waiting) and the waiting ones.
 */
export async function popularTags(db: Executor, limit = 20): Promise<{ tag: string; count: number }[]> {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    with waiting as (
      select tag_key, min(tag) as tag, sum(change)::int as change from tag_count_changes group by tag_key),
    candidates as (
      select tag_key from (
        select tag_key from tag_counts order by count desc, tag_key
        limit ${limit} + (select count(*) from waiting)) top
      union select tag_key from waiting)
    select coalesce(c.tag, w.tag) as tag, (coalesce(c.count, 0) + coalesce(w.change, 0))::int as count
    from candidates k left join tag_counts c on c.tag_key = k.tag_key left join waiting w on w.tag_key = k.tag_key
    where coalesce(c.count, 0) + coalesce(w.change, 0) > 0
    order by count desc, k.tag_key
    limit ${limit}`);
  return result.rows;
}

/** How often the server folds the waiting changes: a few seconds of writes is a few hundred rows. */
export const TAG_COUNT_FOLD_MS = 5_000;

/** Folds the waiting changes no writer holds into tag_counts; returns how many change rows it folded. */
export async function foldTagCounts(db: Executor): Promise<number> {
  const result = await db.execute<{ folded: number }>(sql`select ticklist_fold_tag_counts() as folded`);
  return result.rows[0]?.folded ?? 0;
}
