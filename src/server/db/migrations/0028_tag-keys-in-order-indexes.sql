DROP INDEX "checklists_browse_newest_idx";--> statement-breakpoint
DROP INDEX "checklists_browse_most_used_idx";--> statement-breakpoint
DROP INDEX "checklists_browse_most_liked_idx";--> statement-breakpoint
CREATE INDEX "checklists_browse_newest_idx" ON "checklists" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tag_keys") WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_browse_most_used_idx" ON "checklists" USING btree ("uses_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tag_keys") WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_browse_most_liked_idx" ON "checklists" USING btree ("likes_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tag_keys") WHERE "checklists"."is_public";