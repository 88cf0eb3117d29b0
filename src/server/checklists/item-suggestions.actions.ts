import { sql } from 'drizzle-orm';
import {
  SUGGESTION_IDEAS_PER_WORD,
  SUGGESTION_LISTS_PER_WORD,
  SUGGESTION_MIN_LISTS,
} from '@/domain/checklists/item-suggestions';
import type { Database } from '../db/client';

/**
 * Works out the suggestions of every word of a public list's title or tags, all in one statement
 * so the lists are read once: for each word, its SUGGESTION_LISTS_PER_WORD most used public lists,
 * and the items at least SUGGESTION_MIN_LISTS of them have (by idea, each with its most common
 * wording), SUGGESTION_IDEAS_PER_WORD at most. A word no public list has any more loses its row; a
 * row whose items did not change is not written. Two processes never rebuild at once: the second
 * skips (a transaction-level advisory lock). Returns whether it ran.
 */
export async function refreshItemSuggestions(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtextextended('item_suggestion_words', 0)) as ok`,
    );
    if (!locked.rows[0]?.ok) return false;
    await tx.execute(sql`
      with list_words as (
        select c.id, c.uses_count, c.created_at, w.word
        from checklists c
        cross join lateral (select distinct x as word from ticklist_list_words(c.title, c.tag_keys) x) w
        where c.is_public),
      word_lists as (
        select id, word from (
          select id, word, row_number() over (partition by word order by uses_count desc, created_at desc, id desc) as n
          from list_words) ranked
        where n <= ${SUGGESTION_LISTS_PER_WORD}),
      counted as (
        select w.word, i.idea_key as idea, mode() within group (order by i.content) as content,
          count(distinct w.id)::int as lists
        from word_lists w join checklist_items i on i.checklist_id = w.id and i.kind = 'item'
        where i.idea_key <> ''
        group by w.word, i.idea_key
        having count(distinct w.id) >= ${SUGGESTION_MIN_LISTS}),
      fresh as (
        select word, jsonb_agg(jsonb_build_object('idea', idea, 'content', content, 'lists', lists)
                               order by lists desc, content) as ideas
        from (select *, row_number() over (partition by word order by lists desc, content) as n from counted) ranked
        where n <= ${SUGGESTION_IDEAS_PER_WORD}
        group by word),
      gone as (
        delete from item_suggestion_words s where not exists (select 1 from fresh f where f.word = s.word))
      insert into item_suggestion_words (word, ideas, refreshed_at)
      select word, ideas, now() from fresh
      on conflict (word) do update set ideas = excluded.ideas, refreshed_at = excluded.refreshed_at
      where item_suggestion_words.ideas is distinct from excluded.ideas`);
    return true;
  });
}

/** Whether suggestions were never worked out here (a new database): the background work does it at once. */
export async function hasNoSuggestions(db: Database): Promise<boolean> {
  const result = await db.execute<{ none: boolean }>(
    sql`select not exists (select 1 from item_suggestion_words) as none`,
  );
  return result.rows[0]?.none ?? true;
}
