-- The search lexicon (search_lexemes) holds the lexemes of public lists only: of every list while it
-- is public, and never taken away (a list made private again keeps its lexemes there, as a lexeme no
-- list has any more is kept: it is named and matches nothing). A search reads it as it runs, and what
-- it holds changes how long a search takes, so it must hold nothing that was never public: a word
-- only a private list has would otherwise make its searches take another time than a word no list
-- has, letter by letter.
--
-- The browse counts' statement triggers take the lexemes, once a statement and in order, before the
-- words (search_words), as every path did: of the lists inserted public, and of the documents public
-- after an UPDATE that were not before (a list published, or its text rewritten while public).
CREATE OR REPLACE FUNCTION ticklist_browse_counts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  total integer := 0;
  deltas jsonb;
  word_deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM new_rows WHERE is_public ORDER BY 1
    ON CONFLICT DO NOTHING;
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
    -- Every UPDATE of checklists but a counter's comes here (transition tables cannot be had with a
    -- column list). Most change neither visibility, title nor tags: their deltas sum to nothing and
    -- nothing is written. (No join of old and new rows by id: transition tables have no index, and
    -- a statement touching 20,000 lists would compare every pair.) The lexicon takes the documents
    -- public now that were not public before: a document some list had public before the statement
    -- has its lexemes there already.
    INSERT INTO search_lexemes (lexeme)
    SELECT DISTINCT unnest(tsvector_to_array(document)) FROM (
      SELECT search_vector AS document FROM new_rows WHERE is_public
      EXCEPT
      SELECT search_vector FROM old_rows WHERE is_public) published
    ORDER BY 1
    ON CONFLICT DO NOTHING;
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
END $function$;
--> statement-breakpoint

-- The paths that took every document's lexemes take none now: the browse counts do, for public lists.
CREATE OR REPLACE FUNCTION ticklist_search_on_checklist()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
  RETURN NEW;
END $function$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ticklist_search_on_children()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
  UPDATE checklists c
  SET search_vector = ticklist_search_document(c.id, c.title, c.description),
      tag_keys = CASE WHEN is_tags THEN ticklist_tag_keys(c.id) ELSE c.tag_keys END,
      tag_names = CASE WHEN is_tags THEN ticklist_tag_names(c.id) ELSE c.tag_names END,
      items_count = CASE WHEN is_tags THEN c.items_count ELSE ticklist_items_count(c.id) END
  WHERE c.id IN (SELECT unnest(touched));
  RETURN NULL;
END $function$;
--> statement-breakpoint

-- A new list's lexemes are taken by the insert's row trigger, when it is public.
CREATE OR REPLACE FUNCTION ticklist_insert_list(
  p_id uuid, p_author text, p_title text, p_description text, p_estimated_time text, p_difficulty text,
  p_is_public boolean, p_is_unlisted boolean, p_contents text[], p_kinds text[], p_notes text[], p_tags text[],
  p_count_limit integer
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  published integer;
  document tsvector;
BEGIN
  IF p_is_public THEN
    PERFORM ticklist_lock_publishing(p_author);
    -- A statement of its own, so it reads what has committed since the lock was granted.
    SELECT count(*) + 1 INTO published FROM (
      SELECT 1 FROM checklists c
      WHERE c.author_id = p_author AND c.is_public
        AND NOT EXISTS (SELECT 1 FROM cloned_checklists k WHERE k.cloned_checklist_id = c.id)
      LIMIT greatest(p_count_limit - 1, 0)) earlier;
  END IF;
  PERFORM set_config('ticklist.writing_new_list', 'on', true);
  INSERT INTO checklist_items (checklist_id, content, kind, note, order_index)
  SELECT p_id, item.content, item.kind, item.note, item.position
  FROM unnest(p_contents, p_kinds, p_notes) WITH ORDINALITY AS item(content, kind, note, position);
  INSERT INTO checklist_tags (checklist_id, tag, position)
  SELECT p_id, tag.tag, tag.position FROM unnest(p_tags) WITH ORDINALITY AS tag(tag, position);
  PERFORM set_config('ticklist.writing_new_list', 'off', true);
  -- The search columns as the list's trigger would read them back from the rows just written.
  document := ticklist_search_document_of(p_title, array_to_string(p_tags, ' '), p_description,
    array_to_string(p_contents, ' '));
  INSERT INTO checklists (id, title, description, author_id, estimated_time, difficulty, is_public, is_unlisted,
    search_vector, tag_keys, tag_names, items_count)
  VALUES (p_id, p_title, p_description, p_author, p_estimated_time, p_difficulty, p_is_public, p_is_unlisted,
    document,
    (SELECT coalesce(array_agg(DISTINCT lower(t) ORDER BY lower(t)), '{}') FROM unnest(p_tags) t),
    coalesce(p_tags, '{}'),
    (SELECT count(*)::int FROM unnest(p_kinds) k WHERE k = 'item'));
  RETURN published;
END $$;
--> statement-breakpoint

DROP FUNCTION ticklist_remember_lexemes(tsvector[]);
--> statement-breakpoint

-- Whether a search's words can find any list: false when some typed word is neither the start of a
-- lexeme of the lexicon nor, as its stem, one. Such a word's part of ticklist_search_query matches
-- nothing, so the search finds nothing, but the planner cannot know it: it guesses an unknown
-- lexeme's share from the least common one it keeps, and may walk the newest-first index to its
-- end looking for a page of lists that is not there. A statement that has this as a
-- condition, with the words as constants, has it folded to false as it is planned, and reads no
-- list. IMMUTABLE, as ticklist_search_query is, for that folding; the words are read as it reads
-- them.
CREATE FUNCTION ticklist_search_finds(p_terms text[])
 RETURNS boolean
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
DECLARE
  term text;
  word text;
  stem text;
  has_word boolean := false;
BEGIN
  -- The range below needs UTF-8; elsewhere every search is read.
  IF current_setting('server_encoding') <> 'UTF8' THEN
    RETURN true;
  END IF;
  FOREACH term IN ARRAY coalesce(p_terms, '{}') LOOP
    word := translate(ticklist_unaccent(lower(term)), '''\', '');
    CONTINUE WHEN word IS NULL OR word = '';
    has_word := true;
    stem := translate((ts_lexize('english_stem', word))[1], '''\', '');
    IF NOT EXISTS (SELECT 1 FROM search_lexemes
                   WHERE lexeme ~>=~ word AND lexeme ~<~ (word || chr(1114111)) AND lexeme ^@ word)
       AND NOT EXISTS (SELECT 1 FROM search_lexemes WHERE lexeme = stem) THEN
      RETURN false;
    END IF;
  END LOOP;
  -- Words of which nothing is left (a lone accent) make an empty tsquery, which matches nothing.
  RETURN has_word;
END $function$;
--> statement-breakpoint

-- The lexicon as it is to be: the lexemes of the lists public now (ts_stat reads each document once),
-- with the lists locked against writes until this commits, so that none is missed or added the old
-- way while an older process still serves.
LOCK TABLE checklists IN SHARE MODE;
--> statement-breakpoint
DELETE FROM search_lexemes;
--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
SELECT word FROM ts_stat('SELECT search_vector FROM checklists WHERE is_public') ORDER BY 1
ON CONFLICT DO NOTHING;
