-- Decision 014: Browse search with word forms, accents and typos; counts maintained as writes happen.

-- A piece of text as the search document holds it: English stems ("moving" → move, "boxes" → box)
-- and the words as written (for prefixes typed so far: "movin" → moving:*), both unaccented.
CREATE FUNCTION ticklist_search_words(p_text text, p_weight "char") RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, plain) || to_tsvector('simple'::regconfig, plain), p_weight)
  FROM (SELECT ticklist_unaccent(coalesce(p_text, '')) AS plain) t
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticklist_search_document(p_checklist_id uuid, p_title text, p_description text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT ticklist_search_words(p_title, 'A')
      || ticklist_search_words((SELECT string_agg(tag, ' ') FROM checklist_tags WHERE checklist_id = p_checklist_id), 'B')
      || ticklist_search_words(p_description, 'C')
      || ticklist_search_words((SELECT string_agg(content, ' ') FROM checklist_items WHERE checklist_id = p_checklist_id), 'D')
$$;
--> statement-breakpoint

-- What the user typed (words of letters and digits, lower-case) as a tsquery: every word must match,
-- by its English stem or by the word as written, as a prefix (p_prefix) or whole. Words are quoted
-- as lexemes, so no input can make the query malformed; stop words ("the") still match as written.
-- The stem is left out when it is the word itself: ts_rank counts one of two equal lexemes only,
-- and would drop the prefix one.
CREATE FUNCTION ticklist_search_query(p_terms text[], p_prefix boolean) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    '(''' || w.word || '''' || CASE WHEN p_prefix THEN ':*' ELSE '' END
      || coalesce(' | ''' || nullif(translate((ts_lexize('english_stem', w.word))[1], '''\', ''), w.word) || '''', '')
      || ')', ' & ' ORDER BY w.ord), '')::tsquery
  FROM (
    SELECT translate(ticklist_unaccent(lower(term)), '''\', '') AS word, ord
    FROM unnest(p_terms) WITH ORDINALITY AS t(term, ord)
  ) w
  WHERE w.word <> ''
$$;
--> statement-breakpoint

-- When a search finds nothing: each typed word no public list matches is replaced by the title or tag
-- word nearest in spelling (trigram similarity ≥ pg_trgm.similarity_threshold, 0.3 by default), and
-- among equally near ones the closest in length ("campng": "camping" rather than "camp").
-- NULL when no word changes.
CREATE FUNCTION ticklist_correct_terms(p_terms text[]) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN bool_or(f.word IS NOT NULL) THEN array_agg(coalesce(f.word, t.term) ORDER BY t.ord) END
  FROM unnest(p_terms) WITH ORDINALITY AS t(term, ord)
  LEFT JOIN LATERAL (
    SELECT w.word FROM search_words w
    WHERE NOT EXISTS (
            SELECT 1 FROM checklists c
            WHERE c.is_public AND c.search_vector @@ ticklist_search_query(ARRAY[t.term], true))
      AND w.word % ticklist_unaccent(lower(t.term))
    ORDER BY similarity(w.word, ticklist_unaccent(lower(t.term))) DESC,
             abs(length(w.word) - length(t.term)), w.word
    LIMIT 1
  ) f ON true
$$;
--> statement-breakpoint

-- A list's tags as the tag filter and the counts compare them.
CREATE FUNCTION ticklist_tag_keys(p_checklist_id uuid) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT lower(tag) ORDER BY lower(tag)), '{}') FROM checklist_tags WHERE checklist_id = p_checklist_id
$$;
--> statement-breakpoint

-- Remembers the words of a title or tags for typo correction (three letters or more, not numbers).
CREATE FUNCTION ticklist_remember_words(p_text text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT DISTINCT lexeme FROM unnest(to_tsvector('simple'::regconfig, ticklist_unaccent(coalesce(p_text, ''))))
  WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme !~ '^[0-9]+$'
  ORDER BY lexeme
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint

-- Title or description written: the document as before (0003), and the title's words remembered.
CREATE OR REPLACE FUNCTION ticklist_search_on_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := ticklist_search_document(NEW.id, NEW.title, NEW.description);
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM ticklist_remember_words(NEW.title);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint

-- Items or tags written: as before (0003), once per statement and touched list; tags also refresh the
-- list's tag_keys (which the counts below follow) and are remembered for typo correction. The lists
-- are joined by IN (SELECT unnest(…)), looked up by key: `= ANY (array)` would test every list
-- against every touched id (minutes for a statement touching 50,000 lists).
CREATE OR REPLACE FUNCTION ticklist_search_on_children() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(checklist_id) INTO touched FROM (SELECT checklist_id FROM new_rows UNION SELECT checklist_id FROM old_rows) u;
  END IF;
  IF TG_TABLE_NAME = 'checklist_tags' THEN
    UPDATE checklists c
    SET search_vector = ticklist_search_document(c.id, c.title, c.description), tag_keys = ticklist_tag_keys(c.id)
    WHERE c.id IN (SELECT unnest(touched));
    IF TG_OP <> 'DELETE' THEN
      PERFORM ticklist_remember_words(string_agg(tag, ' ')) FROM new_rows;
    END IF;
  ELSE
    UPDATE checklists c SET search_vector = ticklist_search_document(c.id, c.title, c.description)
    WHERE c.id IN (SELECT unnest(touched));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- The counts follow each statement on checklists: a list counts while it is public, once per tag it
-- carries. Deltas are summed per statement and applied in tag order (so two statements never take
-- the same rows in opposite orders); a tag nobody carries any more leaves tag_counts.
CREATE FUNCTION ticklist_apply_browse_counts(p_total integer, p_deltas jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_total <> 0 THEN
    UPDATE checklist_totals SET public_count = public_count + p_total WHERE id;
  END IF;
  IF p_deltas IS NULL OR p_deltas = '{}'::jsonb THEN
    RETURN;
  END IF;
  INSERT INTO tag_counts (tag_key, tag, count)
  SELECT d.key, coalesce((SELECT t.tag FROM checklist_tags t WHERE lower(t.tag) = d.key LIMIT 1), d.key), d.value::int
  FROM jsonb_each_text(p_deltas) d
  ORDER BY d.key
  ON CONFLICT (tag_key) DO UPDATE SET count = tag_counts.count + excluded.count;
  DELETE FROM tag_counts WHERE tag_key IN (SELECT jsonb_object_keys(p_deltas)) AND count <= 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION ticklist_browse_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total integer := 0;
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) FILTER (WHERE is_public) INTO total FROM new_rows;
    SELECT jsonb_object_agg(key, n) INTO deltas FROM (
      SELECT key, count(*) AS n FROM new_rows r, unnest(r.tag_keys) key WHERE r.is_public GROUP BY key) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) FILTER (WHERE is_public) INTO total FROM old_rows;
    SELECT jsonb_object_agg(key, n) INTO deltas FROM (
      SELECT key, -count(*) AS n FROM old_rows r, unnest(r.tag_keys) key WHERE r.is_public GROUP BY key) d;
  ELSE
    -- Every UPDATE of checklists comes here (a like's counter too: transition tables cannot be had
    -- with a column list). Most change neither visibility nor tags: their deltas sum to nothing and
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
  END IF;
  PERFORM ticklist_apply_browse_counts(total, deltas);
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Existing lists: documents in the new form, tag keys, words and counts, before the triggers exist.
UPDATE checklists SET search_vector = ticklist_search_document(id, title, description), tag_keys = ticklist_tag_keys(id);
--> statement-breakpoint
SELECT ticklist_remember_words(title) FROM checklists;
--> statement-breakpoint
SELECT ticklist_remember_words(tag) FROM checklist_tags;
--> statement-breakpoint
INSERT INTO checklist_totals (id, public_count) SELECT true, count(*) FROM checklists WHERE is_public;
--> statement-breakpoint
INSERT INTO tag_counts (tag_key, tag, count)
SELECT key, (SELECT t.tag FROM checklist_tags t WHERE lower(t.tag) = key LIMIT 1), count(*)
FROM checklists c, unnest(c.tag_keys) key WHERE c.is_public GROUP BY key;
--> statement-breakpoint

CREATE TRIGGER checklists_browse_counts_insert AFTER INSERT ON checklists
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_browse_counts();
--> statement-breakpoint
CREATE TRIGGER checklists_browse_counts_update AFTER UPDATE ON checklists
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_browse_counts();
--> statement-breakpoint
CREATE TRIGGER checklists_browse_counts_delete AFTER DELETE ON checklists
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_browse_counts();
