import { sql } from 'drizzle-orm';
import { MAX_SUGGESTIONS, type ItemSuggestion, type ItemSuggestionsInput } from '@/domain/checklists/item-suggestions';
import { executeNamed, sqlCount, type Executor } from '../db/client';

/**
 * The items that public lists like the one being written commonly have and it lacks: each word of
 * its title and tags (as `ticklist_list_words` picks a list's words) reads its items worked out
 * ahead (item_suggestion_words, see refreshItemSuggestions); an item is ranked by the lists that
 * have it summed over the words, and the draft's own items (by idea) are left out. Nothing without
 * a word.
 */
export async function suggestItems(db: Executor, input: ItemSuggestionsInput): Promise<ItemSuggestion[]> {
  const tagKeys = [...new Set(input.tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
  return executeNamed<ItemSuggestion>(
    db,
    sql`
    select (array_agg(i.content order by i.lists desc, i.content))[1] as content, max(i.lists)::int as lists
    from item_suggestion_words s
    cross join lateral jsonb_to_recordset(s.ideas) as i(idea text, content text, lists int)
    where s.word = any(array(select ticklist_list_words(${input.title}, ${sql.param(tagKeys)}::text[])))
      and i.idea not in (select ticklist_idea_key(h) from unnest(${sql.param(input.items)}::text[]) h)
    group by i.idea
    order by sum(i.lists) desc, content
    limit ${sqlCount(MAX_SUGGESTIONS)}`,
  );
}
