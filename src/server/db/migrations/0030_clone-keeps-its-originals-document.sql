-- A clone is inserted after its items, its tags and its record (cloned_checklists), and
-- its search document, tag keys, tag names and item count were computed again from them: a
-- noticeable share of a clone's time in PostgreSQL, mostly to_tsvector over its text
-- and the look-ups of every lexeme and title word, all of which its original already has. Now a
-- list inserted as a copy, whose title, description, items (in order) and tags are, at this moment,
-- exactly its original's, takes those four fields from the original's row: the original's triggers
-- keep them right for its text in every committed state, so they are what computing them would
-- give, up to how the items' text was joined (the order of positions, which nothing reads, and a
-- word the parser reads across two items, see 0025), which computing them leaves to chance too.
-- Anything different is computed as before: the app's own edits wait for the clone's lock on the
-- original, but a writer outside the app could change its items between the clone's statements.
-- The other side: a field made wrong by a writer outside the triggers passes to the original's
-- clones instead of being computed right. Nothing needs remembering: the original's words were
-- remembered when it was written, and none is ever removed.
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
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM ticklist_remember_words(NEW.title);
  END IF;
  PERFORM ticklist_remember_lexemes(ARRAY[NEW.search_vector]);
  RETURN NEW;
END $$;
