ALTER TABLE "checklists" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "checklists_search_idx" ON "checklists" USING gin ("search_vector");