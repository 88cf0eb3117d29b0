-- Typo correction ("did you mean", ticklist_correct_terms) and Best match's "typed whole" (a word a
-- title or tag has, decision 027) read search_words. It held every word ever written in any title
-- or tag, private and unlisted lists' too, and never lost one. So a visitor could learn a private
-- list's words: a private word was offered as the correction whenever a public list had a word
-- beginning with it (the corrected search is a prefix search, and found that list), and whether a
-- word was in the table showed in Best match's cursor. The table now counts, for each word, the
-- public lists whose title or tags have it (an unlisted list is not listed, decision 024), and
-- both readers take a word only while its count is above zero.
--
-- The count is kept in slots, as checklist_totals' (migration 0022): a session adds to the rows of
-- its own slot (its backend pid modulo 64), so that lists written at the same moment with a word in
-- common ("for", "trip") do not queue on that word's one row until each transaction commits. A
-- word's count is the sum of its rows; one row may be negative (a list counted in one slot and
-- taken away in another), and a row at zero is removed.
--
-- The lists are held against writes while the table is emptied and filled again from them, at the
-- end (a process of the previous version still writing during an upgrade waits).
LOCK TABLE "checklists" IN SHARE MODE;
--> statement-breakpoint
TRUNCATE "search_words";
--> statement-breakpoint
ALTER TABLE "search_words" DROP CONSTRAINT "search_words_pkey";--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "slot" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "public_count" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_word_slot_pk" PRIMARY KEY("word","slot");--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_slot" CHECK ("search_words"."slot" >= 0 and "search_words"."slot" < 64);
--> statement-breakpoint
-- The words of a list that corrections may offer: its title's and its tags' (lower-case,
-- unaccented, 3 to 40 letters, not a number), each once. Of the row alone, so that the counts can
-- take a list's words away from its old row as they add them from its new one.
CREATE FUNCTION ticklist_list_words(p_title text, p_tag_keys text[]) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lexeme
  FROM unnest(to_tsvector('simple'::regconfig, coalesce(ticklist_unaccent(p_title), ''))
           || to_tsvector('simple'::regconfig, coalesce(ticklist_unaccent(array_to_string(p_tag_keys, ' ')), '')))
  WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme !~ '^[0-9]+$'
$$;
--> statement-breakpoint
-- Adds each word's change in public lists (a word → a number) to the rows of this session's slot,
-- in word order, so that two statements never take the same rows in opposite orders; a row at zero
-- leaves the table. Another session waits for these rows only when it has the same slot.
CREATE FUNCTION ticklist_apply_search_words(p_deltas jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  own_slot smallint := pg_backend_pid() % 64;
  emptied text[];
BEGIN
  IF p_deltas IS NULL OR p_deltas = '{}'::jsonb THEN
    RETURN;
  END IF;
  WITH applied AS (
    INSERT INTO search_words (word, slot, public_count)
    SELECT d.key, own_slot, d.value::int FROM jsonb_each_text(p_deltas) d ORDER BY d.key
    ON CONFLICT (word, slot) DO UPDATE SET public_count = search_words.public_count + excluded.public_count
    RETURNING word, public_count)
  SELECT array_agg(word) INTO emptied FROM applied WHERE public_count = 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM search_words WHERE slot = own_slot AND word = ANY (emptied) AND public_count = 0;
  END IF;
END $$;
--> statement-breakpoint
-- As 0015, and the words follow the same statements: a list's words count while it is public,
-- whatever writes (create, clone, edit, tags, visibility, bulk actions, delete, account deletion,
-- psql). A statement touches only the words of the lists it writes. An UPDATE first sets the
-- lists' old rows against their new ones by title and tag keys, which cancel out for every list
-- whose words and visibility did not change (a like, a use, an item), before any word is read.
CREATE OR REPLACE FUNCTION ticklist_browse_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total integer := 0;
  deltas jsonb;
  word_deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) FILTER (WHERE is_public) INTO total FROM new_rows;
    SELECT jsonb_object_agg(key, n) INTO deltas FROM (
      SELECT key, count(*) AS n FROM new_rows r, unnest(r.tag_keys) key WHERE r.is_public GROUP BY key) d;
    SELECT jsonb_object_agg(word, n) INTO word_deltas FROM (
      SELECT word, count(*) AS n FROM new_rows r, ticklist_list_words(r.title, r.tag_keys) word
      WHERE r.is_public GROUP BY word) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) FILTER (WHERE is_public) INTO total FROM old_rows;
    SELECT jsonb_object_agg(key, n) INTO deltas FROM (
      SELECT key, -count(*) AS n FROM old_rows r, unnest(r.tag_keys) key WHERE r.is_public GROUP BY key) d;
    SELECT jsonb_object_agg(word, n) INTO word_deltas FROM (
      SELECT word, -count(*) AS n FROM old_rows r, ticklist_list_words(r.title, r.tag_keys) word
      WHERE r.is_public GROUP BY word) d;
  ELSE
    -- Every UPDATE of checklists comes here (a like's counter too: transition tables cannot be had
    -- with a column list). Most change neither visibility, title nor tags: their deltas sum to
    -- nothing and nothing is written. (No join of old and new rows by id: transition tables have no index, and
    -- a statement touching 20,000 lists would compare every pair.)
    SELECT (SELECT count(*) FILTER (WHERE is_public) FROM new_rows) - (SELECT count(*) FILTER (WHERE is_public) FROM old_rows)
    INTO total;
    SELECT jsonb_object_agg(key, n) INTO deltas FROM (
      SELECT key, sum(n) AS n FROM (
        SELECT key, 1 AS n FROM new_rows r, unnest(r.tag_keys) key WHERE r.is_public
        UNION ALL
        SELECT key, -1 FROM old_rows r, unnest(r.tag_keys) key WHERE r.is_public) changes
      GROUP BY key HAVING sum(n) <> 0) d;
    SELECT jsonb_object_agg(word, n) INTO word_deltas FROM (
      SELECT word, sum(l.n) AS n
      FROM (
        SELECT title, tag_keys, sum(n) AS n FROM (
          SELECT title, tag_keys, 1 AS n FROM new_rows WHERE is_public
          UNION ALL
          SELECT title, tag_keys, -1 FROM old_rows WHERE is_public) changes
        GROUP BY title, tag_keys HAVING sum(n) <> 0) l,
        ticklist_list_words(l.title, l.tag_keys) word
      GROUP BY word HAVING sum(l.n) <> 0) d;
  END IF;
  PERFORM ticklist_apply_browse_counts(total, deltas);
  PERFORM ticklist_apply_search_words(word_deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As 0030, without remembering the title's words: the counts above take them, after the row is
-- written, when it is known whether the list is public. A list's lexemes (search_lexemes) are
-- still taken here, before its words, as on every other path (see ticklist_search_on_children).
CREATE OR REPLACE FUNCTION ticklist_search_on_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT o.search_vector, o.tag_keys, o.tag_names, o.items_count INTO original
    FROM cloned_checklists k JOIN checklists o ON o.id = k.original_checklist_id
    WHERE k.cloned_checklist_id = NEW.id
      AND o.title = NEW.title AND o.description IS NOT DISTINCT FROM NEW.description
      AND (SELECT array_agg(i.content ORDER BY i.order_index, i.content) FROM checklist_items i WHERE i.checklist_id = o.id)
          IS NOT DISTINCT FROM
          (SELECT array_agg(i.content ORDER BY i.order_index, i.content) FROM checklist_items i WHERE i.checklist_id = NEW.id)
      AND (SELECT array_agg(t.tag ORDER BY t.tag) FROM checklist_tags t WHERE t.checklist_id = o.id)
          IS NOT DISTINCT FROM
          (SELECT array_agg(t.tag ORDER BY t.tag) FROM checklist_tags t WHERE t.checklist_id = NEW.id);
    IF FOUND THEN
      NEW.search_vector := original.search_vector;
      NEW.tag_keys := original.tag_keys;
      NEW.tag_names := original.tag_names;
      NEW.items_count := original.items_count;
      RETURN NEW;
    END IF;
  END IF;
  NEW.search_vector := ticklist_search_document(NEW.id, NEW.title, NEW.description);
  IF TG_OP = 'INSERT' THEN
    NEW.tag_keys := ticklist_tag_keys(NEW.id);
    NEW.tag_names := ticklist_tag_names(NEW.id);
    NEW.items_count := ticklist_items_count(NEW.id);
  END IF;
  PERFORM ticklist_remember_lexemes(ARRAY[NEW.search_vector]);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- As 0026, without remembering the tags' words: the counts take them from the list's new tag keys,
-- when this UPDATE of its row ends. The documents' lexemes are added in the same statement as the
-- UPDATE, so before its counts take the words: lexemes, then words, on every path, so that two
-- writers bringing in the same new word never wait for each other in opposite orders.
CREATE OR REPLACE FUNCTION ticklist_search_on_children() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  is_tags boolean := TG_TABLE_NAME = 'checklist_tags';
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(checklist_id) INTO touched FROM (SELECT checklist_id FROM new_rows UNION SELECT checklist_id FROM old_rows) u;
  END IF;
  SELECT array_agg(c.id) INTO touched FROM checklists c WHERE c.id IN (SELECT unnest(touched));
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  WITH written AS (
    UPDATE checklists c
    SET search_vector = ticklist_search_document(c.id, c.title, c.description),
        tag_keys = CASE WHEN is_tags THEN ticklist_tag_keys(c.id) ELSE c.tag_keys END,
        tag_names = CASE WHEN is_tags THEN ticklist_tag_names(c.id) ELSE c.tag_names END,
        items_count = CASE WHEN is_tags THEN c.items_count ELSE ticklist_items_count(c.id) END
    WHERE c.id IN (SELECT unnest(touched))
    RETURNING c.search_vector)
  -- ticklist_remember_lexemes, inside this statement.
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM written ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION ticklist_remember_words(text);
--> statement-breakpoint
-- As 0015, offering only a word some public list has: a word whose slots add up to more than zero.
CREATE OR REPLACE FUNCTION ticklist_correct_terms(p_terms text[]) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN bool_or(f.word IS NOT NULL) THEN array_agg(coalesce(f.word, t.term) ORDER BY t.ord) END
  FROM unnest(p_terms) WITH ORDINALITY AS t(term, ord)
  LEFT JOIN LATERAL (
    SELECT w.word FROM search_words w
    WHERE NOT EXISTS (
            SELECT 1 FROM checklists c
            WHERE c.is_public AND c.search_vector @@ ticklist_search_query(ARRAY[t.term], true))
      AND w.word % ticklist_unaccent(lower(t.term))
    GROUP BY w.word
    HAVING sum(w.public_count) > 0
    ORDER BY similarity(w.word, ticklist_unaccent(lower(t.term))) DESC,
             abs(length(w.word) - length(t.term)), w.word
    LIMIT 1
  ) f ON true
$$;
--> statement-breakpoint
-- Every public list's words, counted (in slot 0): the table as the triggers above keep it.
INSERT INTO "search_words" ("word", "slot", "public_count")
SELECT word, 0, count(*) FROM "checklists" c, ticklist_list_words(c.title, c.tag_keys) word
WHERE c.is_public GROUP BY word;
