import { sql, type SQL } from 'drizzle-orm';
import {
  MAX_SUGGESTIONS,
  SUGGESTION_MIN_LISTS,
  type ItemSuggestion,
  type ItemSuggestionsInput,
} from '@/domain/checklists/item-suggestions';
import type { Executor } from '../db/client';
import { ideaKey } from './remix-ideas.queries';

/** How many similar public lists the suggestions are counted over: the most used of them. */
const SIMILAR_LISTS = 40;

/** The most used public lists that `where` (over `checklists c`) finds, read off Most Used's index in its order. */
const mostUsed = (where: SQL) => sql`(
  select c.id, c.uses_count, c.created_at from checklists c
  where c.is_public and ${where}
  order by c.uses_count desc, c.created_at desc, c.id desc
  limit ${SIMILAR_LISTS})`;

/**
 * The items that public lists like the one being written commonly have and it lacks. Similar
 * lists are the most used public lists with a word of the title in their title, or one of the
 * tags or a word of the title as a tag, found through the search index (`ticklist_list_words` picks the words as the search
 * does); their items are counted by meaning (`ideaKey`, as ideas from remixes are). Nothing
 * without a title word or a tag. The words are read first, so the statement that finds the lists
 * is planned knowing them: a common word is read off Most Used's order, a rare one off the search
 * index, where a plan made without knowing would read every list that has it.
 */
export async function suggestItems(db: Executor, input: ItemSuggestionsInput): Promise<ItemSuggestion[]> {
  const tagKeys = [...new Set(input.tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
  const words = await db.execute<{ query: string | null; words: string[] | null }>(sql`
    select string_agg(quote_literal(w), ' | ') as query, array_agg(w) as words
    from ticklist_list_words(${input.title}, ${sql.param(tagKeys)}::text[]) w`);
  const { query = null, words: titleWords = null } = words.rows[0] ?? {};
  // A list tagged with one of the tags, or with a word of the title ("camping" for "Camping trip").
  const tags = [...new Set([...tagKeys, ...(titleWords ?? [])])];
  const finders = [
    ...(query ? [mostUsed(sql`ts_filter(c.search_vector, '{a}') @@ to_tsquery('simple', ${query})`)] : []),
    ...(tags.length > 0 ? [mostUsed(sql`c.tag_keys && ${sql.param(tags)}::text[]`)] : []),
  ];
  if (finders.length === 0) return [];
  const result = await db.execute<{ content: string; lists: number }>(sql`
    with found as (${sql.join(finders, sql` union `)}),
    similar_lists as (select id from found order by uses_count desc, created_at desc, id desc limit ${SIMILAR_LISTS}),
    have as (select ${ideaKey(sql`h`)} as idea from unnest(${sql.param(input.items)}::text[]) h),
    items as (
      select i.checklist_id, i.content, ${ideaKey(sql`i.content`)} as idea
      from similar_lists s join checklist_items i on i.checklist_id = s.id and i.kind = 'item')
    select mode() within group (order by content) as content, count(distinct checklist_id)::int as lists
    from items
    where idea <> '' and idea not in (select idea from have)
    group by idea
    having count(distinct checklist_id) >= ${SUGGESTION_MIN_LISTS}
    order by lists desc, content
    limit ${MAX_SUGGESTIONS}`);
  return result.rows;
}
