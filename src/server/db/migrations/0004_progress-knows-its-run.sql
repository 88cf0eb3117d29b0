ALTER TABLE "checklist_progress" ADD COLUMN "complete" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD COLUMN "list_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE checklist_progress p
SET complete = (p.completed_count = c.items_count),
    list_visible = (c.is_public OR c.is_unlisted OR c.author_id = p.user_id)
FROM checklists c WHERE c.id = p.checklist_id;
--> statement-breakpoint
-- The open run's count and start, whether it is complete (every item of the list ticked), and
-- whether its user may see the list, so that the account's counts read no list. A first tick after
-- "Start again" (the row kept at zero by its closed runs) starts the run anew; the last tick taken
-- away removes the row only when the user has no closed run, so the list's uses count distinct
-- users, not runs.
CREATE OR REPLACE FUNCTION ticklist_track_progress()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  list record;
BEGIN
  SELECT c.items_count, (c.is_public OR c.is_unlisted OR c.author_id = COALESCE(NEW.user_id, OLD.user_id)) AS visible
  INTO list FROM checklists c WHERE c.id = COALESCE(NEW.checklist_id, OLD.checklist_id);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO checklist_progress (checklist_id, user_id, completed_count, complete, list_visible)
    VALUES (NEW.checklist_id, NEW.user_id, 1, list.items_count = 1, list.visible)
    ON CONFLICT (checklist_id, user_id)
    DO UPDATE SET completed_count = checklist_progress.completed_count + 1,
      complete = checklist_progress.completed_count + 1 = list.items_count,
      started_at = CASE WHEN checklist_progress.completed_count = 0 THEN now() ELSE checklist_progress.started_at END,
      updated_at = now();
  ELSE
    -- A list being deleted is already gone (list is null): its rows go with it.
    DELETE FROM checklist_progress
    WHERE checklist_id = OLD.checklist_id AND user_id = OLD.user_id AND completed_count <= 1 AND closed_runs = 0;
    UPDATE checklist_progress
    SET completed_count = completed_count - 1, complete = COALESCE(completed_count - 1 = list.items_count, false),
      updated_at = now()
    WHERE checklist_id = OLD.checklist_id AND user_id = OLD.user_id AND completed_count > 0;
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
-- A list's item count or visibility changed -> the progress rows of its users whose "complete" or
-- "list_visible" it changes (an edit of its items, a change of visibility or author, a hold). A
-- change of visibility writes every user's row of the list: rare, and a list's users are few
-- beside its readers.
CREATE FUNCTION ticklist_progress_follows_list()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE checklist_progress p
  SET complete = p.completed_count = NEW.items_count,
      list_visible = (NEW.is_public OR NEW.is_unlisted OR NEW.author_id = p.user_id)
  WHERE p.checklist_id = NEW.id
    AND (p.complete IS DISTINCT FROM (p.completed_count = NEW.items_count)
      OR p.list_visible IS DISTINCT FROM (NEW.is_public OR NEW.is_unlisted OR NEW.author_id = p.user_id));
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER checklists_progress_follows AFTER UPDATE OF items_count, is_public, is_unlisted, author_id ON checklists
FOR EACH ROW WHEN (OLD.items_count IS DISTINCT FROM NEW.items_count OR OLD.is_public IS DISTINCT FROM NEW.is_public
  OR OLD.is_unlisted IS DISTINCT FROM NEW.is_unlisted OR OLD.author_id IS DISTINCT FROM NEW.author_id)
EXECUTE FUNCTION ticklist_progress_follows_list();
