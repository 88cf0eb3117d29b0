import { sql, type SQL } from 'drizzle-orm';
import type { BrowseQuery } from '@/domain/checklists/browse';

/**
 * Public lists, with the tag filter from the GIN indexes that hold tag_keys beside the words (not
 * checked row by row along the order): with a search, the tag and the words are one index scan
 * (decision 031).
 */
export function listFilters(query: Pick<BrowseQuery, 'tag'>): SQL[] {
  const conditions: SQL[] = [sql`c.is_public`];
  if (query.tag) conditions.push(sql`c.tag_keys @> array[lower(${query.tag})]`);
  return conditions;
}

/**
 * The lists a search finds: public, with the tag if one is asked for, and every word (`terms`, a
 * text[]) at least as a prefix.
 *
 * When the words are a parameter of a statement planned with its values (typed ones), the planner
 * makes their tsquery as it plans, and it is NULL when a word is in no public list's document (a
 * misspelt word, before its correction): the match is then folded to false, and the statement reads
 * no list instead of walking an index for matches that cannot be there.
 */
export function filters(query: Pick<BrowseQuery, 'tag'>, terms: SQL | null): SQL {
  const conditions = listFilters(query);
  if (terms) conditions.push(sql`c.search_vector @@ ticklist_search_query(${terms}, true)`);
  return sql.join(conditions, sql` and `);
}
