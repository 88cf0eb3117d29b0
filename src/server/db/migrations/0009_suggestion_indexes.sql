DROP INDEX "checklists_public_updated_idx";--> statement-breakpoint
DROP INDEX "checklists_public_rating_idx";--> statement-breakpoint
CREATE INDEX "checklists_public_updated_idx" ON "checklists" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_public_rating_idx" ON "checklists" USING btree ("rating" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "checklists"."is_public";