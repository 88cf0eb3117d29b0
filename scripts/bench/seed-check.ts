// The seed's proof: every value the triggers would have written, recounted against its rows.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * Recounts every trigger-written value against its rows (and 2,000 search documents against the
 * database's function, word by word with weights and counts); throws on any difference, so a seed
 * that took a shortcut cannot pass.
 */
export async function checkConsistency(db: Database): Promise<string> {
  const [row] = (
    await db.execute<Record<string, number>>(sql`
      select
        (select count(*) from checklists c where likes_count <> (select count(*) from checklist_likes l where l.checklist_id = c.id))::int as likes,
        (select count(*) from checklists c where uses_count <> (select count(*) from checklist_progress p where p.checklist_id = c.id))::int as uses,
        (select count(*) from checklists c where clones_count <> (select count(*) from cloned_checklists k where k.original_checklist_id = c.id))::int as clones,
        (select count(*) from checklist_progress p where completed_count <> (select count(*) from checklist_item_completions i
           where i.checklist_id = p.checklist_id and i.user_id = p.user_id))::int as progress,
        (select count(*) from checklist_progress p where closed_runs <> (select count(*) from checklist_runs r
           where r.checklist_id = p.checklist_id and r.user_id = p.user_id))::int as closed_runs,
        (select count(*) from checklist_progress p join checklists c on c.id = p.checklist_id
           where p.complete <> (p.completed_count = c.items_count)
              or p.list_visible <> (c.is_public or c.is_unlisted or c.author_id = p.user_id))::int as progress_list,
        (select count(*) from checklist_item_completions i join checklist_items t on t.id = i.checklist_item_id
           where t.kind <> 'item')::int as ticked_headings,
        (select count(*) from checklist_likes l join checklists c on c.id = l.checklist_id where c.author_id = l.user_id)::int as self_likes,
        (select count(*) from checklists c where tag_keys <> ticklist_tag_keys(c.id))::int as tag_keys,
        (select count(*) from checklists c where tag_names <> ticklist_tag_names(c.id))::int as tag_names,
        (select count(*) from checklists c where items_count <> ticklist_items_count(c.id))::int as items_count,
        ((select sum(public_count) from checklist_totals) <> (select count(*) from checklists where is_public))::int as total,
        (select count(*) from (
           select key, count(*) as n from checklists c, unnest(c.tag_keys) key where c.is_public group by key
         ) t full join (
           select tag_key, sum(count) as n from (
             select tag_key, count from tag_counts union all select tag_key, change from tag_count_changes) all_counts
           group by tag_key having sum(count) <> 0
         ) k on k.tag_key = t.key where t.n is distinct from k.n)::int as tag_counts,
        (select count(*) from (
           select word, count(*) as n from checklists c, ticklist_list_words(c.title, c.tag_keys) word
           where c.is_public group by word
         ) t full join (
           select word, sum(public_count) as n from search_words group by word having sum(public_count) <> 0
         ) s on s.word = t.word where t.n is distinct from s.n)::int as search_words,
        (select count(*) from (select * from checklists tablesample system (1) limit 2000) c
           where bench.shape(search_vector) <> bench.shape(ticklist_search_document(c.id, c.title, c.description)))::int as documents,
        (select count(*) from (select distinct unnest(tsvector_to_array(search_vector)) as lexeme
           from (select * from checklists tablesample system (1) where is_public limit 2000) c) d
           where not exists (select 1 from search_lexemes s where s.lexeme = d.lexeme))::int as lexemes`)
  ).rows;
  const wrong = Object.entries(row!).filter(([, n]) => n !== 0);
  if (wrong.length > 0) {
    const documents = await db.execute(sql`
      select c.id, c.search_vector::text as stored, ticklist_search_document(c.id, c.title, c.description)::text as computed
      from checklists c
      where bench.shape(search_vector) <> bench.shape(ticklist_search_document(c.id, c.title, c.description)) limit 2`);
    throw new Error(
      `The seed is inconsistent: ${JSON.stringify(Object.fromEntries(wrong))} ${JSON.stringify(documents.rows)}`,
    );
  }
  return 'counters, progress, tag keys and names, item counts, totals, tag counts, search words, sampled search documents and their lexemes match their rows';
}
