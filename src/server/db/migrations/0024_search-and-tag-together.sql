-- Decision 031: a public list's tag keys in the same GIN indexes as its words, so a search with a tag
-- (its count, its listing pages and Best match's tiers) intersects the two in one index scan instead
-- of two bitmaps ANDed, or a walk along the newest-first index checking both on every list. Either
-- column alone is still a scan of its own, so the tag filter's own index goes. Only public lists are
-- searched, so the whole-document index is partial now too.
-- Each keeps at most 64 kB of entries not yet merged into its tree, which every search reads whole
-- (the default is 4 MB).
DROP INDEX "checklists_public_tag_keys_idx";--> statement-breakpoint
DROP INDEX "checklists_search_idx";--> statement-breakpoint
DROP INDEX "checklists_search_title_idx";--> statement-breakpoint
DROP INDEX "checklists_search_title_tags_idx";--> statement-breakpoint
DROP INDEX "checklists_search_title_tags_description_idx";--> statement-breakpoint
CREATE INDEX "checklists_search_idx" ON "checklists" USING gin ("tag_keys","search_vector") WITH (gin_pending_list_limit=64) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_search_title_idx" ON "checklists" USING gin ("tag_keys",ts_filter("search_vector", '{a}')) WITH (gin_pending_list_limit=64) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_search_title_tags_idx" ON "checklists" USING gin ("tag_keys",ts_filter("search_vector", '{a,b}')) WITH (gin_pending_list_limit=64) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_search_title_tags_description_idx" ON "checklists" USING gin ("tag_keys",ts_filter("search_vector", '{a,b,c}')) WITH (gin_pending_list_limit=64) WHERE "checklists"."is_public";--> statement-breakpoint
ANALYZE "checklists";
