-- Browse search (title A, tags B, description C, items D) maintained in checklists.search_vector by
-- triggers, whoever writes. The 'simple' configuration does no stemming, so prefix queries made
-- while the user types ("tent:*") match the words as written.

CREATE FUNCTION ticklist_search_document(p_checklist_id uuid, p_title text, p_description text) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('simple', coalesce(p_title, '')), 'A')
      || setweight(to_tsvector('simple', coalesce((SELECT string_agg(tag, ' ') FROM checklist_tags WHERE checklist_id = p_checklist_id), '')), 'B')
      || setweight(to_tsvector('simple', coalesce(p_description, '')), 'C')
      || setweight(to_tsvector('simple', coalesce((SELECT string_agg(content, ' ') FROM checklist_items WHERE checklist_id = p_checklist_id), '')), 'D')
$$;
--> statement-breakpoint

-- Title or description written: recompute the row's document before it is stored.
CREATE FUNCTION ticklist_search_on_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := ticklist_search_document(NEW.id, NEW.title, NEW.description);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklists_search
BEFORE INSERT OR UPDATE OF title, description ON checklists
FOR EACH ROW EXECUTE FUNCTION ticklist_search_on_checklist();
--> statement-breakpoint

-- Items or tags written: once per statement, recompute each touched checklist once.
CREATE FUNCTION ticklist_search_on_children() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE checklists c SET search_vector = ticklist_search_document(c.id, c.title, c.description)
    WHERE c.id IN (SELECT DISTINCT checklist_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE checklists c SET search_vector = ticklist_search_document(c.id, c.title, c.description)
    WHERE c.id IN (SELECT DISTINCT checklist_id FROM old_rows);
  ELSE
    UPDATE checklists c SET search_vector = ticklist_search_document(c.id, c.title, c.description)
    WHERE c.id IN (SELECT checklist_id FROM new_rows UNION SELECT checklist_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_items_search_insert AFTER INSERT ON checklist_items
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();
--> statement-breakpoint
CREATE TRIGGER checklist_items_search_update AFTER UPDATE ON checklist_items
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();
--> statement-breakpoint
CREATE TRIGGER checklist_items_search_delete AFTER DELETE ON checklist_items
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();
--> statement-breakpoint
CREATE TRIGGER checklist_tags_search_insert AFTER INSERT ON checklist_tags
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();
--> statement-breakpoint
CREATE TRIGGER checklist_tags_search_update AFTER UPDATE ON checklist_tags
REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();
--> statement-breakpoint
CREATE TRIGGER checklist_tags_search_delete AFTER DELETE ON checklist_tags
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();
