-- Decision 027: Best match by tiers. The words of the title, of title and tags, and of title, tags and
-- description, each in a GIN index of its own (public lists), so each tier is an index lookup.
CREATE INDEX "checklists_search_title_idx" ON "checklists" USING gin (ts_filter("search_vector", '{a}')) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_search_title_tags_idx" ON "checklists" USING gin (ts_filter("search_vector", '{a,b}')) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_search_title_tags_description_idx" ON "checklists" USING gin (ts_filter("search_vector", '{a,b,c}')) WHERE "checklists"."is_public";--> statement-breakpoint
-- The planner takes no statistics from a partial index's expression, and a weight-restricted tsquery
-- ('word':A) is estimated as if the word could be anywhere: without these it believes a common word
-- is in as few titles as the default guess (0.5 %) and sorts thousands of matches instead of reading
-- the newest-first index until 13 match. Statistics on the same expressions give it each field set's
-- own word frequencies.
CREATE STATISTICS "checklists_search_title_stats" ON (ts_filter("search_vector", '{a}')) FROM "checklists";--> statement-breakpoint
CREATE STATISTICS "checklists_search_title_tags_stats" ON (ts_filter("search_vector", '{a,b}')) FROM "checklists";--> statement-breakpoint
CREATE STATISTICS "checklists_search_title_tags_description_stats" ON (ts_filter("search_vector", '{a,b,c}')) FROM "checklists";--> statement-breakpoint
ANALYZE "checklists";
