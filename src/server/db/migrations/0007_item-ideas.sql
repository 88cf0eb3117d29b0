-- An item's idea: its words apart from case, accents, punctuation and a bracketed aside, so
-- "Tent footprint" and "tent footprint (ground sheet)" are one idea. Stored with each item
-- (checklist_items.idea_key) and applied to what the editor sends.
CREATE OR REPLACE FUNCTION ticklist_idea_key(content text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT btrim(regexp_replace(regexp_replace(lower(public.ticklist_unaccent(content)), '\([^)]*\)', ' ', 'g'), '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE TABLE "item_suggestion_words" (
	"word" text PRIMARY KEY NOT NULL,
	"ideas" jsonb NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklist_items" ADD COLUMN "idea_key" text GENERATED ALWAYS AS (ticklist_idea_key(content)) STORED NOT NULL;