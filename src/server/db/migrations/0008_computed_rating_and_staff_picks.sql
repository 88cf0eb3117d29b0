CREATE TABLE "staff_picks" (
	"checklist_id" uuid PRIMARY KEY NOT NULL,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklists" drop column "rating";--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "rating" numeric(2, 1) GENERATED ALWAYS AS (case when likes_count <= 0 and uses_count <= 0 then null else round(5.0 * (likes_count + 2) / (greatest(uses_count, likes_count) + 4), 1) end) STORED;--> statement-breakpoint
ALTER TABLE "staff_picks" ADD CONSTRAINT "staff_picks_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Dropping the stored column took its check and index with it; the generated column gets both back.
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_rating_range" CHECK ("checklists"."rating" is null or ("checklists"."rating" >= 0 and "checklists"."rating" <= 5));--> statement-breakpoint
CREATE INDEX "checklists_public_rating_idx" ON "checklists" USING btree ("rating" DESC NULLS LAST) WHERE "checklists"."is_public";
