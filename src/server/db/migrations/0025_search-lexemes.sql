CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
-- Decision 034. A typed word is searched as a prefix ('tent':*). The word index resolves a prefix
-- by collecting every list of every lexeme that begins with it into a bitmap before anything else,
-- so two middling words, each in a few percent of the lists, are slow to count however few lists
-- have both. Named lexemes are intersected inside the index instead, skipping most of each one's
-- lists. This table is every lexeme of every list's document, for the search to
-- name the lexemes a word begins when they are few.
--
-- Adds the lexemes of documents just written, in order, so that two statements adding the same
-- new lexemes wait for each other instead of deadlocking. The search triggers remember a text's
-- words (search_words) before its lexemes, in that order on both tables, for the same reason.
CREATE FUNCTION ticklist_remember_lexemes(p_documents tsvector[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(d)) FROM unnest(p_documents) d ORDER BY 1
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- A title or description written, or a list inserted: its document as before (0022), and its lexemes.
CREATE OR REPLACE FUNCTION ticklist_search_on_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := ticklist_search_document(NEW.id, NEW.title, NEW.description);
  IF TG_OP = 'INSERT' THEN
    NEW.tag_keys := ticklist_tag_keys(NEW.id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM ticklist_remember_words(NEW.title);
  END IF;
  PERFORM ticklist_remember_lexemes(ARRAY[NEW.search_vector]);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Items or tags written: as before (0022), one UPDATE for both (an item leaves tag_keys as they
-- are), and the lexemes of the documents written. Items taken away may add a lexeme too: the text
-- parser reads "<b zorbex x>" as markup and indexes none of it, and "<b zorbex" as words.
CREATE OR REPLACE FUNCTION ticklist_search_on_children() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  documents tsvector[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(checklist_id) INTO touched FROM (SELECT checklist_id FROM new_rows UNION SELECT checklist_id FROM old_rows) u;
  END IF;
  IF TG_TABLE_NAME = 'checklist_tags' AND TG_OP <> 'DELETE' THEN
    PERFORM ticklist_remember_words(string_agg(tag, ' ')) FROM new_rows;
  END IF;
  SELECT array_agg(c.id) INTO touched FROM checklists c WHERE c.id IN (SELECT unnest(touched));
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  WITH written AS (
    UPDATE checklists c
    SET search_vector = ticklist_search_document(c.id, c.title, c.description),
        tag_keys = CASE WHEN TG_TABLE_NAME = 'checklist_tags' THEN ticklist_tag_keys(c.id) ELSE c.tag_keys END
    WHERE c.id IN (SELECT unnest(touched))
    RETURNING c.search_vector)
  SELECT array_agg(search_vector) INTO documents FROM written;
  PERFORM ticklist_remember_lexemes(documents);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As 0015: what the user typed as a tsquery, every word by its English stem or as written, whole
-- or as a prefix (p_prefix). A prefix now names the lexemes it begins when there are at least one
-- and at most 16 (beyond about 20 the named lexemes cost more than the prefix), and stays a prefix
-- otherwise; it matches the same lists either way. Quotes and backslashes in a lexeme are doubled,
-- as a tsquery's text wants them. The lexemes are a range of the text_pattern_ops index (the
-- upper bound is the word and the last code point; ^@ checks the prefix itself), in a UTF-8
-- database; in another, where that code point does not exist, a prefix stays one. PL/pgSQL keeps
-- its statement's plan for the session: as SQL it took three to ten times as long a call.
--
-- It reads a table and is still declared IMMUTABLE, so that the planner computes it once, with
-- the words as constants, and plans the scan for the lexemes it names (as it did for the prefix).
-- It must therefore never be used in an index, a generated column or a constraint: a value stored
-- there would miss a lexeme added since. No plan keeps it: every statement calling it with
-- constant words is planned anew, and a statement planned once (decision 033) passes the words as
-- parameters, which are not folded.
CREATE OR REPLACE FUNCTION ticklist_search_query(p_terms text[], p_prefix boolean) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  term text;
  word text;
  named text;
  stem text;
  parts text[] := '{}';
BEGIN
  FOREACH term IN ARRAY coalesce(p_terms, '{}') LOOP
    word := translate(ticklist_unaccent(lower(term)), '''\', '');
    CONTINUE WHEN word IS NULL OR word = '';
    named := NULL;
    IF p_prefix AND current_setting('server_encoding') = 'UTF8' THEN
      SELECT CASE WHEN count(*) BETWEEN 1 AND 16
        THEN string_agg('''' || replace(replace(l.lexeme, '\', '\\'), '''', '''''') || '''', ' | ' ORDER BY l.lexeme) END
      INTO named
      FROM (SELECT lexeme FROM search_lexemes
            WHERE lexeme ~>=~ word AND lexeme ~<~ (word || chr(1114111)) AND lexeme ^@ word
            ORDER BY lexeme LIMIT 17) l;
    END IF;
    stem := nullif(translate((ts_lexize('english_stem', word))[1], '''\', ''), word);
    parts := parts || ('(' || coalesce(named, '''' || word || '''' || CASE WHEN p_prefix THEN ':*' ELSE '' END)
      || coalesce(' | ''' || stem || '''', '') || ')');
  END LOOP;
  RETURN array_to_string(parts, ' & ')::tsquery;
END $$;
--> statement-breakpoint
-- The triggers above are in place first, and lists are not written while the table is filled
-- (another app process still running during an upgrade waits), so no lexeme is missed.
LOCK TABLE "checklists" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "search_lexemes" ("lexeme")
SELECT DISTINCT unnest(tsvector_to_array("search_vector")) FROM "checklists" ORDER BY 1;
--> statement-breakpoint
ANALYZE "search_lexemes";
