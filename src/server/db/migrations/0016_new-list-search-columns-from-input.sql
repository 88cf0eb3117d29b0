-- A list's search document from its texts: title (A), tags (B), description (C) and entries (D),
-- each text in its order. The one definition both the document read from a list's rows and a new
-- list's document written from its input use. (Documents written before joined the texts in the order
-- they were read, so their words' positions may differ; nothing reads positions.)
CREATE FUNCTION ticklist_search_document_of(p_title text, p_tags text, p_description text, p_contents text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ticklist_search_words(p_title, 'A') || ticklist_search_words(p_tags, 'B')
      || ticklist_search_words(p_description, 'C') || ticklist_search_words(p_contents, 'D')
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ticklist_search_document(p_checklist_id uuid, p_title text, p_description text)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT ticklist_search_document_of(p_title,
    (SELECT string_agg(tag, ' ' ORDER BY position) FROM checklist_tags WHERE checklist_id = p_checklist_id),
    p_description,
    (SELECT string_agg(content, ' ' ORDER BY order_index) FROM checklist_items WHERE checklist_id = p_checklist_id))
$$;
--> statement-breakpoint

-- A list's row inserted with its search document already written (a new list's, from its input; a
-- clone's, from its original) is not read back; one inserted without (a duplicate, a row written by
-- hand) gets it here, from its entries and tags.
DROP TRIGGER checklists_search ON checklists;
--> statement-breakpoint
CREATE TRIGGER checklists_search BEFORE UPDATE OF title, description ON checklists
FOR EACH ROW EXECUTE FUNCTION ticklist_search_on_checklist();
--> statement-breakpoint
CREATE TRIGGER checklists_search_new BEFORE INSERT ON checklists
FOR EACH ROW WHEN (NEW.search_vector = ''::tsvector) EXECUTE FUNCTION ticklist_search_on_checklist();
--> statement-breakpoint

-- The entries and tags of a list whose row is not written yet (a new list, a copy) are written
-- while `ticklist.writing_new_list` is on: the list's own insert reads them, so the triggers that
-- bring an existing list's search columns up to date are not fired. This setting and
-- `ticklist.counting` below are only ever set for the transaction, by these functions: set for a
-- whole session (SET, PGOPTIONS), they would leave the triggers they guard off.
DROP TRIGGER checklist_items_search_insert ON checklist_items;
--> statement-breakpoint
CREATE TRIGGER checklist_items_search_insert AFTER INSERT ON checklist_items REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT WHEN (current_setting('ticklist.writing_new_list', true) IS DISTINCT FROM 'on')
EXECUTE FUNCTION ticklist_search_on_children();
--> statement-breakpoint
DROP TRIGGER checklist_tags_search_insert ON checklist_tags;
--> statement-breakpoint
CREATE TRIGGER checklist_tags_search_insert AFTER INSERT ON checklist_tags REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT WHEN (current_setting('ticklist.writing_new_list', true) IS DISTINCT FROM 'on')
EXECUTE FUNCTION ticklist_search_on_children();
--> statement-breakpoint

-- Only ever into a copy whose row is written after (a duplicate): its own insert reads them.
CREATE OR REPLACE FUNCTION ticklist_copy_entries(p_original uuid, p_copy uuid, p_keep_source boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('ticklist.writing_new_list', 'on', true);
  INSERT INTO checklist_items (checklist_id, content, kind, note, order_index, source_key)
  SELECT p_copy, content, kind, note, order_index, CASE WHEN p_keep_source THEN coalesce(key, id) END
  FROM checklist_items WHERE checklist_id = p_original;
  INSERT INTO checklist_tags (checklist_id, tag, position)
  SELECT p_copy, tag, position FROM checklist_tags WHERE checklist_id = p_original;
  PERFORM set_config('ticklist.writing_new_list', 'off', true);
END $$;
--> statement-breakpoint

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
  PERFORM ticklist_remember_lexemes(ARRAY[document]);
  RETURN published;
END $$;
--> statement-breakpoint

-- A clone copies its original's entries and tags, and reads the original's text and search columns,
-- in one statement: one snapshot, so the columns it takes are the original's as of the entries it
-- copies, and its row is written with them (the search trigger does not read them back).
CREATE OR REPLACE FUNCTION ticklist_clone_list(p_original uuid, p_copy uuid, p_cloner text)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  copied record;
  visible record;
BEGIN
  PERFORM 1 FROM checklists WHERE id = p_original AND (is_public OR is_unlisted) FOR KEY SHARE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM set_config('ticklist.writing_new_list', 'on', true);
  WITH entries AS (
    INSERT INTO checklist_items (checklist_id, content, kind, note, order_index, source_key)
    SELECT p_copy, content, kind, note, order_index, coalesce(key, id)
    FROM checklist_items WHERE checklist_id = p_original),
  tags AS (
    INSERT INTO checklist_tags (checklist_id, tag, position)
    SELECT p_copy, tag, position FROM checklist_tags WHERE checklist_id = p_original)
  SELECT title, description, estimated_time, difficulty, search_vector, tag_keys, tag_names, items_count INTO copied
  FROM checklists WHERE id = p_original;
  PERFORM set_config('ticklist.writing_new_list', 'off', true);
  INSERT INTO cloned_checklists (original_checklist_id, original_title, cloned_checklist_id, cloned_by, base_version, reviewed_version)
  SELECT p_original, copied.title, p_copy, p_cloner, version.number, version.number
  FROM (SELECT coalesce(max(number), 1) AS number FROM checklist_versions WHERE checklist_id = p_original) version;
  -- The record holds the original's row now: made private meanwhile, it is not copied.
  SELECT is_public, is_unlisted INTO visible FROM checklists WHERE id = p_original AND (is_public OR is_unlisted);
  IF NOT FOUND THEN RAISE no_data_found; END IF;
  INSERT INTO checklists (id, title, description, author_id, estimated_time, difficulty, is_public, is_unlisted,
    search_vector, tag_keys, tag_names, items_count)
  VALUES (p_copy, copied.title, copied.description, p_cloner, copied.estimated_time, copied.difficulty,
    visible.is_public, visible.is_unlisted, copied.search_vector, copied.tag_keys, copied.tag_names, copied.items_count);
  RETURN p_copy;
EXCEPTION WHEN no_data_found THEN
  -- Made private while it was copied: the copy's entries, tags and record are undone.
  RETURN NULL;
END $$;

--> statement-breakpoint

-- A list's counters (likes, uses, clones) are written by the triggers of the rows they count, while
-- `ticklist.counting` is on: such an UPDATE changes no visibility, title or tag, so Browse's counts,
-- which every other UPDATE of checklists brings up to date, are left alone.
CREATE OR REPLACE FUNCTION ticklist_count_uses()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM set_config('ticklist.counting', 'on', true);
  IF TG_OP = 'INSERT' THEN
    UPDATE checklists SET uses_count = uses_count + 1 WHERE id = NEW.checklist_id;
  ELSE
    UPDATE checklists SET uses_count = uses_count - 1 WHERE id = OLD.checklist_id;
  END IF;
  PERFORM set_config('ticklist.counting', 'off', true);
  RETURN NULL;
END $function$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ticklist_count_likes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM set_config('ticklist.counting', 'on', true);
  IF TG_OP = 'INSERT' THEN
    UPDATE checklists SET likes_count = likes_count + 1 WHERE id = NEW.checklist_id;
  ELSE
    UPDATE checklists SET likes_count = likes_count - 1 WHERE id = OLD.checklist_id;
  END IF;
  PERFORM set_config('ticklist.counting', 'off', true);
  RETURN NULL;
END $function$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION ticklist_count_clones()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM set_config('ticklist.counting', 'on', true);
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.original_checklist_id IS NOT NULL
    AND OLD.original_checklist_id::text IS DISTINCT FROM current_setting('ticklist.list_being_deleted', true) THEN
    UPDATE checklists SET clones_count = clones_count - 1 WHERE id = OLD.original_checklist_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.original_checklist_id IS NOT NULL THEN
    UPDATE checklists SET clones_count = clones_count + 1 WHERE id = NEW.original_checklist_id;
  END IF;
  PERFORM set_config('ticklist.counting', 'off', true);
  RETURN NULL;
END $function$;
--> statement-breakpoint

DROP TRIGGER checklists_browse_counts_update ON checklists;
--> statement-breakpoint
CREATE TRIGGER checklists_browse_counts_update AFTER UPDATE ON checklists
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT WHEN (current_setting('ticklist.counting', true) IS DISTINCT FROM 'on')
EXECUTE FUNCTION ticklist_browse_counts();
--> statement-breakpoint

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
END $function$;
