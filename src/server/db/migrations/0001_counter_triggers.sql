-- Counters on checklists, maintained by AFTER ROW triggers so every writer (API, seed, a psql session)
-- keeps them true. See docs/decisions/002-counters-maintained-by-triggers.md.

-- Completions -> checklist_progress (one row per user who has completed at least one item).
CREATE FUNCTION ticklist_track_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO checklist_progress (checklist_id, user_id, completed_count)
    VALUES (NEW.checklist_id, NEW.user_id, 1)
    ON CONFLICT (checklist_id, user_id)
    DO UPDATE SET completed_count = checklist_progress.completed_count + 1, updated_at = now();
  ELSE
    DELETE FROM checklist_progress
    WHERE checklist_id = OLD.checklist_id AND user_id = OLD.user_id AND completed_count <= 1;
    UPDATE checklist_progress SET completed_count = completed_count - 1, updated_at = now()
    WHERE checklist_id = OLD.checklist_id AND user_id = OLD.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_item_completions_progress
AFTER INSERT OR DELETE ON checklist_item_completions
FOR EACH ROW EXECUTE FUNCTION ticklist_track_progress();
--> statement-breakpoint

-- checklist_progress rows -> checklists.uses_count ("uses" = distinct users with a completed item).
CREATE FUNCTION ticklist_count_uses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE checklists SET uses_count = uses_count + 1 WHERE id = NEW.checklist_id;
  ELSE
    UPDATE checklists SET uses_count = uses_count - 1 WHERE id = OLD.checklist_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_progress_uses
AFTER INSERT OR DELETE ON checklist_progress
FOR EACH ROW EXECUTE FUNCTION ticklist_count_uses();
--> statement-breakpoint

CREATE FUNCTION ticklist_count_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE checklists SET likes_count = likes_count + 1 WHERE id = NEW.checklist_id;
  ELSE
    UPDATE checklists SET likes_count = likes_count - 1 WHERE id = OLD.checklist_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_likes_count
AFTER INSERT OR DELETE ON checklist_likes
FOR EACH ROW EXECUTE FUNCTION ticklist_count_likes();
--> statement-breakpoint

-- A clone link counts for its original while the link points at it (a deleted original
-- clears the link with SET NULL, which is an UPDATE).
CREATE FUNCTION ticklist_count_clones() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.original_checklist_id IS NOT NULL THEN
    UPDATE checklists SET clones_count = clones_count - 1 WHERE id = OLD.original_checklist_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.original_checklist_id IS NOT NULL THEN
    UPDATE checklists SET clones_count = clones_count + 1 WHERE id = NEW.original_checklist_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cloned_checklists_count
AFTER INSERT OR DELETE OR UPDATE OF original_checklist_id ON cloned_checklists
FOR EACH ROW EXECUTE FUNCTION ticklist_count_clones();
