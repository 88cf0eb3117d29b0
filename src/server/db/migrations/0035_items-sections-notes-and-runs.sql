-- Sections, notes and runs. A list's entries may be headings (never ticked or counted) and items
-- may carry a note; every existing entry is an item with no note. A user's ticks on a list are
-- their open run; "Start again" closes it into checklist_runs. checklist_progress keeps one row per
-- user who has used the list (a list's uses), open run or not, so it carries closed_runs. Every
-- existing progress row is an open run with no closed runs, so it means what it meant.
CREATE TABLE "checklist_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ticked_count" integer NOT NULL,
	"items_count" integer NOT NULL,
	"completed" boolean NOT NULL,
	CONSTRAINT "checklist_runs_counts" CHECK ("checklist_runs"."ticked_count" >= 0 and "checklist_runs"."items_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checklist_progress" DROP CONSTRAINT "checklist_progress_positive";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hide_completed_items" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "kind" text DEFAULT 'item' NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD COLUMN "closed_runs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_runs_user_checklist_idx" ON "checklist_runs" USING btree ("user_id","checklist_id","ended_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_runs_checklist_idx" ON "checklist_runs" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "checklist_runs_completed_idx" ON "checklist_runs" USING btree ("user_id") WHERE "checklist_runs"."completed";--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_kind_values" CHECK ("checklist_items"."kind" in ('item', 'heading'));--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_note" CHECK (char_length("checklist_items"."note") <= 1000 and ("checklist_items"."kind" = 'item' or "checklist_items"."note" = ''));--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD CONSTRAINT "checklist_progress_used" CHECK ("checklist_progress"."completed_count" >= 0 and "checklist_progress"."closed_runs" >= 0 and ("checklist_progress"."completed_count" > 0 or "checklist_progress"."closed_runs" > 0));
--> statement-breakpoint
-- An item count is of items: headings are not counted (the card's "N items", "X of Y", badges).
CREATE OR REPLACE FUNCTION ticklist_items_count(p_checklist_id uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT count(*)::int FROM checklist_items WHERE checklist_id = p_checklist_id AND kind = 'item'
$$;
--> statement-breakpoint
-- The open run's count and start. A first tick after "Start again" (the row kept at zero by its
-- closed runs) starts the run anew; the last tick taken away removes the row only when the user
-- has no closed run, so the list's uses count distinct users, not runs.
CREATE OR REPLACE FUNCTION ticklist_track_progress() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO checklist_progress (checklist_id, user_id, completed_count)
    VALUES (NEW.checklist_id, NEW.user_id, 1)
    ON CONFLICT (checklist_id, user_id)
    DO UPDATE SET completed_count = checklist_progress.completed_count + 1,
      started_at = CASE WHEN checklist_progress.completed_count = 0 THEN now() ELSE checklist_progress.started_at END,
      updated_at = now();
  ELSE
    DELETE FROM checklist_progress
    WHERE checklist_id = OLD.checklist_id AND user_id = OLD.user_id AND completed_count <= 1 AND closed_runs = 0;
    UPDATE checklist_progress SET completed_count = completed_count - 1, updated_at = now()
    WHERE checklist_id = OLD.checklist_id AND user_id = OLD.user_id AND completed_count > 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Remix lineage: a deleted list's clones are credited to its own original, the nearest ancestor
-- still standing, so a chain skips the deleted link. When the deleted list was no clone (or its
-- original is gone too), the foreign key's SET NULL leaves its clones its title as plain text.
-- Row by row, and only to an ancestor that still exists: a statement deleting several lists of one
-- chain (an account's) sees the rows it has already deleted as gone.
CREATE OR REPLACE FUNCTION ticklist_credit_surviving_ancestor() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ancestor uuid;
  ancestor_title text;
BEGIN
  SELECT o.id, o.title INTO ancestor, ancestor_title
  FROM cloned_checklists k JOIN checklists o ON o.id = k.original_checklist_id
  WHERE k.cloned_checklist_id = OLD.id;
  IF ancestor IS NOT NULL THEN
    -- The list being deleted must not be written to (its clone count) before it is deleted:
    -- ticklist_count_clones leaves it alone while this names it.
    PERFORM set_config('ticklist.list_being_deleted', OLD.id::text, true);
    UPDATE cloned_checklists SET original_checklist_id = ancestor, original_title = ancestor_title
    WHERE original_checklist_id = OLD.id;
    PERFORM set_config('ticklist.list_being_deleted', '', true);
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticklist_count_clones() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.original_checklist_id IS NOT NULL
    AND OLD.original_checklist_id::text IS DISTINCT FROM current_setting('ticklist.list_being_deleted', true) THEN
    UPDATE checklists SET clones_count = clones_count - 1 WHERE id = OLD.original_checklist_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.original_checklist_id IS NOT NULL THEN
    UPDATE checklists SET clones_count = clones_count + 1 WHERE id = NEW.original_checklist_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklists_credit_surviving_ancestor BEFORE DELETE ON checklists
FOR EACH ROW EXECUTE FUNCTION ticklist_credit_surviving_ancestor();
