CREATE TABLE "checklist_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"public_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checklist_totals_one_row" CHECK ("checklist_totals"."id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_counts" (
	"tag_key" text PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "tag_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tag_counts_count_idx" ON "tag_counts" USING btree ("count" DESC NULLS FIRST,"tag_key");--> statement-breakpoint
CREATE INDEX "checklists_public_tag_keys_idx" ON "checklists" USING gin ("tag_keys") WHERE "checklists"."is_public";