import { sql } from 'drizzle-orm';
import {
  MAX_SUGGESTIONS,
  SUGGESTION_MIN_LISTS,
  type ItemSuggestion,
  type ItemSuggestionsInput,
} from '@/domain/checklists/item-suggestions';
import { executeNamed, type Executor } from '../db/client';
import { ideaKey } from './remix-ideas.queries';

/** How many similar public lists the suggestions are counted over: the most used of them. */
const SIMILAR_LISTS = 40;

/**
 * The items that public lists like the one being written commonly have and it lacks. Similar
 * lists are found by the search index: a word of the title or tags in their title or tags (the
 * search document's weights A and B; `ticklist_list_words` picks the words as the search does), or
 * one of the same tags; the most used of them are read,
 * and their items counted by meaning (`ideaKey`, as ideas from remixes are). Nothing without a
 * title word or a tag.
 */
export async function suggestItems(db: Executor, input: ItemSuggestionsInput): Promise<ItemSuggestion[]> {
  const tagKeys = [...new Set(input.tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
  const rows = await executeNamed<{ content: string; lists: number }>(
    db,
    sql`
    with words as (
      select string_agg(quote_literal(w) || ':AB', ' | ') as query
      from ticklist_list_words(${input.title}, ${sql.param(tagKeys)}::text[]) w),
    similar_lists as (
      select c.id from checklists c, words
      where c.is_public and (
        (words.query is not null and c.search_vector @@ to_tsquery('simple', words.query))
        or c.tag_keys && ${sql.param(tagKeys)}::text[])
      order by c.uses_count desc, c.id
      limit ${SIMILAR_LISTS}),
    have as (select ${ideaKey(sql`h`)} as idea from unnest(${sql.param(input.items)}::text[]) h)
    select mode() within group (order by i.content) as content, count(distinct i.checklist_id)::int as lists
    from similar_lists s join checklist_items i on i.checklist_id = s.id and i.kind = 'item'
    where ${ideaKey(sql`i.content`)} not in (select idea from have) and ${ideaKey(sql`i.content`)} <> ''
    group by ${ideaKey(sql`i.content`)}
    having count(distinct i.checklist_id) >= ${SUGGESTION_MIN_LISTS}
    order by lists desc, content
    limit ${MAX_SUGGESTIONS}`,
  );
  return rows;
}
