-- Decision 014: stemming, accents and typo tolerance for Browse search. Both extensions ship with
-- PostgreSQL's contrib (and with the embedded server); an external PostgreSQL needs them installed
-- and a migrating role allowed to create them (README, "External PostgreSQL").
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary is looked up by name through search_path); this wrapper
-- names both, so it can be IMMUTABLE and used in stored documents and indexes.
CREATE FUNCTION ticklist_unaccent(text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT public.unaccent('public.unaccent'::regdictionary, $1)
$$;
