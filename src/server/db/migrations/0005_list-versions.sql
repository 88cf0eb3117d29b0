CREATE TABLE "checklist_versions" (
	"checklist_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"author_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL,
	"snapshot" jsonb,
	"entry_count" integer NOT NULL,
	"restored_from" integer,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "checklist_versions_checklist_id_number_pk" PRIMARY KEY("checklist_id","number"),
	CONSTRAINT "checklist_versions_number_from_one" CHECK ("checklist_versions"."number" >= 1),
	CONSTRAINT "checklist_versions_snapshot" CHECK ("checklist_versions"."number" % 20 <> 0 and "checklist_versions"."number" <> 1 or "checklist_versions"."snapshot" is not null)
);
--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "key" uuid;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "source_key" uuid;--> statement-breakpoint
ALTER TABLE "cloned_checklists" ADD COLUMN "base_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cloned_checklists" ADD COLUMN "reviewed_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_versions" ADD CONSTRAINT "checklist_versions_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_versions" ADD CONSTRAINT "checklist_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_versions_author_idx" ON "checklist_versions" USING btree ("author_id");--> statement-breakpoint
-- Remix lineage with entry identity: when a list is deleted, its clones follow its own original
-- (the nearest ancestor still standing; ticklist_credit_surviving_ancestor, which fires after this,
-- credits them to it) entry by entry. A clone's entry copied from one of the deleted list's entries
-- that came from the ancestor now names the ancestor's entry; one copied from the deleted list's
-- own additions is the clone's own (no source). The clones hear of the ancestor's changes from the
-- version the deleted list last reviewed.
CREATE FUNCTION ticklist_clones_follow_ancestor_entries()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  reviewed integer;
BEGIN
  SELECT k.reviewed_version INTO reviewed
  FROM cloned_checklists k JOIN checklists o ON o.id = k.original_checklist_id
  WHERE k.cloned_checklist_id = OLD.id;
  IF FOUND THEN
    UPDATE checklist_items ci
    SET source_key = (SELECT m.source_key FROM checklist_items m
                      WHERE m.checklist_id = OLD.id AND coalesce(m.key, m.id) = ci.source_key)
    FROM cloned_checklists k
    WHERE k.original_checklist_id = OLD.id AND ci.checklist_id = k.cloned_checklist_id
      AND ci.source_key IS NOT NULL;
    UPDATE cloned_checklists SET base_version = reviewed, reviewed_version = reviewed
    WHERE original_checklist_id = OLD.id;
  END IF;
  RETURN OLD;
END $function$;
--> statement-breakpoint
-- Named to fire before checklists_credit_surviving_ancestor (triggers of one event fire by name).
CREATE TRIGGER checklists_clones_follow_ancestor_entries BEFORE DELETE ON checklists
FOR EACH ROW EXECUTE FUNCTION ticklist_clones_follow_ancestor_entries();
