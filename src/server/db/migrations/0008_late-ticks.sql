CREATE TABLE "checklist_untick_marks" (
	"user_id" text NOT NULL,
	"checklist_item_id" uuid NOT NULL,
	"unticked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checklist_untick_marks_user_id_checklist_item_id_pk" PRIMARY KEY("user_id","checklist_item_id")
);
--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD COLUMN "reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD COLUMN "reset_key" uuid;--> statement-breakpoint
ALTER TABLE "checklist_untick_marks" ADD CONSTRAINT "checklist_untick_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_untick_marks" ADD CONSTRAINT "checklist_untick_marks_checklist_item_id_checklist_items_id_fk" FOREIGN KEY ("checklist_item_id") REFERENCES "public"."checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_untick_marks_item_idx" ON "checklist_untick_marks" USING btree ("checklist_item_id");--> statement-breakpoint
CREATE INDEX "checklist_untick_marks_unticked_idx" ON "checklist_untick_marks" USING btree ("unticked_at");--> statement-breakpoint
-- A run starts at its first tick as the person made it: a tick sent late (made offline) carries the
-- time it was made, which may be before the ticks that reached the server first.
CREATE OR REPLACE FUNCTION ticklist_track_progress() RETURNS trigger
LANGUAGE plpgsql AS $function$
DECLARE
  list record;
BEGIN
  SELECT c.items_count, (c.is_public OR c.is_unlisted OR c.author_id = COALESCE(NEW.user_id, OLD.user_id)) AS visible
  INTO list FROM checklists c WHERE c.id = COALESCE(NEW.checklist_id, OLD.checklist_id);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO checklist_progress (checklist_id, user_id, completed_count, complete, list_visible, started_at)
    VALUES (NEW.checklist_id, NEW.user_id, 1, list.items_count = 1, list.visible, NEW.created_at)
    ON CONFLICT (checklist_id, user_id)
    DO UPDATE SET completed_count = checklist_progress.completed_count + 1,
      complete = checklist_progress.completed_count + 1 = list.items_count,
      started_at = CASE WHEN checklist_progress.completed_count = 0 THEN NEW.created_at
                        ELSE least(checklist_progress.started_at, NEW.created_at) END,
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
