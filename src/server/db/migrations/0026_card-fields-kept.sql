ALTER TABLE "checklists" ADD COLUMN "tag_names" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "items_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A card showed its tags and its number of items by reading checklist_tags and
-- checklist_items for each list on the page: two subqueries a card, a large share of a tag
-- page's time in PostgreSQL.
-- The search triggers already write the list's row whenever its items or tags are written; they
-- now write these two fields too, and a card reads its row only.
CREATE FUNCTION ticklist_tag_names(p_checklist_id uuid) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(tag ORDER BY lower(tag), tag), '{}') FROM checklist_tags WHERE checklist_id = p_checklist_id
$$;
--> statement-breakpoint
CREATE FUNCTION ticklist_items_count(p_checklist_id uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM checklist_items WHERE checklist_id = p_checklist_id
$$;
--> statement-breakpoint
-- As 0025; a list inserted after its items and tags (0022) takes their names and count too.
CREATE OR REPLACE FUNCTION ticklist_search_on_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := ticklist_search_document(NEW.id, NEW.title, NEW.description);
  IF TG_OP = 'INSERT' THEN
    NEW.tag_keys := ticklist_tag_keys(NEW.id);
    NEW.tag_names := ticklist_tag_names(NEW.id);
    NEW.items_count := ticklist_items_count(NEW.id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM ticklist_remember_words(NEW.title);
  END IF;
  PERFORM ticklist_remember_lexemes(ARRAY[NEW.search_vector]);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- As 0025; items written recount the list's items, tags written rename its tags, in the same UPDATE.
CREATE OR REPLACE FUNCTION ticklist_search_on_children() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid[];
  documents tsvector[];
  is_tags boolean := TG_TABLE_NAME = 'checklist_tags';
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(checklist_id) INTO touched FROM (SELECT checklist_id FROM new_rows UNION SELECT checklist_id FROM old_rows) u;
  END IF;
  IF is_tags AND TG_OP <> 'DELETE' THEN
    PERFORM ticklist_remember_words(string_agg(tag, ' ')) FROM new_rows;
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
  SELECT array_agg(search_vector) INTO documents FROM written;
  PERFORM ticklist_remember_lexemes(documents);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The triggers above are in place first. The ALTER TABLE at the top holds checklists against reads
-- and writes until the migrations commit (drizzle runs the pending ones in one transaction), so no
-- list is written while its fields are filled, and none is missed. At 500,000 lists this UPDATE
-- takes minutes, during which a process of the previous version still serving waits on every read
-- of a list: stop the old processes before upgrading (README, "Upgrading").
UPDATE "checklists" c SET "tag_names" = ticklist_tag_names(c.id), "items_count" = ticklist_items_count(c.id)
WHERE c.id IN (SELECT checklist_id FROM checklist_tags UNION SELECT checklist_id FROM checklist_items);
