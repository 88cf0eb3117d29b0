-- Decision 018: each app process caches the counts of the searches it has run, and may reuse one
-- only while no list a search can find has changed since. This sequence is that change's
-- number: every statement that adds, removes, publishes, hides, retitles, re-describes or re-tags
-- lists, or changes their items (they are in search_vector), takes the next one. A sequence, not a
-- counter row, so that writers never wait for each other on it; a reader only looks at last_value.
CREATE SEQUENCE "checklists_search_generation";
--> statement-breakpoint
CREATE FUNCTION ticklist_next_search_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('checklists_search_generation');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A like, a use or a clone updates only its counter column, which no search reads: not these.
-- search_vector and tag_keys are named because item and tag changes write them into the list.
CREATE TRIGGER checklists_search_generation_change
AFTER INSERT OR DELETE OR UPDATE OF is_public, title, description, search_vector, tag_keys ON checklists
FOR EACH STATEMENT EXECUTE FUNCTION ticklist_next_search_generation();
