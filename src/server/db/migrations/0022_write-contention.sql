ALTER TABLE "checklist_totals" DROP CONSTRAINT "checklist_totals_slot";--> statement-breakpoint
ALTER TABLE "checklist_totals" ADD CONSTRAINT "checklist_totals_slot" CHECK ("checklist_totals"."slot" >= 0 and "checklist_totals"."slot" < 64);--> statement-breakpoint
-- Lists may be written by many connections at once, and a session's public-list slot stays
-- locked until its transaction commits: with 16 slots, pairs of sessions queued on each other's. 64 slots, consecutive pids, one session per slot.
INSERT INTO "checklist_totals" ("slot", "public_count") SELECT s, 0 FROM generate_series(16, 63) s ON CONFLICT ("slot") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticklist_apply_browse_counts(p_total integer, p_deltas jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_total <> 0 THEN
    UPDATE checklist_totals SET public_count = public_count + p_total WHERE slot = pg_backend_pid() % 64;
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
-- A new list, or a clone, is written after its items and tags (checklists.actions.ts): its row is
-- then written once, with its whole search document and tag keys, instead of once and then again
-- for its items and again for its tags (each a new row version in every index, five GIN among them).
-- The items' and tags' references to their list are checked when the transaction commits, by when
-- the list is there; ON DELETE CASCADE still acts at once (PostgreSQL never defers actions).
ALTER TABLE "checklist_items" ALTER CONSTRAINT "checklist_items_checklist_id_checklists_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "checklist_tags" ALTER CONSTRAINT "checklist_tags_checklist_id_checklists_id_fk" DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
-- A list inserted after its tags takes their keys with its document.
CREATE OR REPLACE FUNCTION ticklist_search_on_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := ticklist_search_document(NEW.id, NEW.title, NEW.description);
  IF TG_OP = 'INSERT' THEN
    NEW.tag_keys := ticklist_tag_keys(NEW.id);
  END IF;
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    PERFORM ticklist_remember_words(NEW.title);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Items or tags written for lists not yet inserted (see above) update nothing: the lists are looked
-- up first, so that no UPDATE of checklists runs (and none of its statement triggers) for them.
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
  IF TG_TABLE_NAME = 'checklist_tags' AND TG_OP <> 'DELETE' THEN
    PERFORM ticklist_remember_words(string_agg(tag, ' ')) FROM new_rows;
  END IF;
  SELECT array_agg(c.id) INTO touched FROM checklists c WHERE c.id IN (SELECT unnest(touched));
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'checklist_tags' THEN
    UPDATE checklists c
    SET search_vector = ticklist_search_document(c.id, c.title, c.description), tag_keys = ticklist_tag_keys(c.id)
    WHERE c.id IN (SELECT unnest(touched));
  ELSE
    UPDATE checklists c SET search_vector = ticklist_search_document(c.id, c.title, c.description)
    WHERE c.id IN (SELECT unnest(touched));
  END IF;
  RETURN NULL;
END $$;
