-- The prefixes' tsquery of words of which one can find no list is NULL: a typed word neither the
-- start of a lexeme of the lexicon nor, as its stem, one (a misspelt word, or one no public list
-- has), or words of which nothing is left (a lone accent). Its part of the query would match
-- nothing, so the search finds nothing; but the planner cannot know that from a tsquery, guesses an
-- unknown lexeme's share from the least common one it keeps, and may walk the newest-first index to
-- its end looking for a page of lists that is not there. `@@` is strict: matched with a NULL
-- constant it is NULL, a condition the planner folds to false as it plans, and the statement reads
-- no list. The lexicon was already read here, one range per word, to name the lexemes a prefix
-- begins: knowing that it named none costs one probe for the stem, only then. (Until now a second
-- function, ticklist_search_finds, read the lexicon again for this, as every new search was
-- planned.)
--
-- Only the prefixes' tsquery, which every search's match is: the whole words' one ranks lists
-- found by it, and stays as it was. Only in a UTF-8 database, where the lexicon is read as a range;
-- elsewhere every search is read.
--
-- IMMUTABLE though it reads a table, as before: see the baseline's comment on what that forbids.
CREATE OR REPLACE FUNCTION ticklist_search_query(p_terms text[], p_prefix boolean)
 RETURNS tsquery
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
DECLARE
  term text;
  word text;
  named text;
  begun integer;
  stem text;
  parts text[] := '{}';
  reads_lexicon boolean := p_prefix AND current_setting('server_encoding') = 'UTF8';
BEGIN
  FOREACH term IN ARRAY coalesce(p_terms, '{}') LOOP
    word := translate(ticklist_unaccent(lower(term)), '''\', '');
    CONTINUE WHEN word IS NULL OR word = '';
    named := NULL;
    stem := nullif(translate((ts_lexize('english_stem', word))[1], '''\', ''), word);
    IF reads_lexicon THEN
      -- The lexemes the word begins, named when there are 1 to 16 (decision 034).
      SELECT count(*), string_agg('''' || replace(replace(l.lexeme, '\', '\\'), '''', '''''') || '''', ' | ' ORDER BY l.lexeme)
      INTO begun, named
      FROM (SELECT lexeme FROM search_lexemes
            WHERE lexeme ~>=~ word AND lexeme ~<~ (word || chr(1114111)) AND lexeme ^@ word
            ORDER BY lexeme LIMIT 17) l;
      IF begun = 0 AND (stem IS NULL OR NOT EXISTS (SELECT 1 FROM search_lexemes WHERE lexeme = stem)) THEN
        RETURN NULL;
      END IF;
      IF begun > 16 THEN
        named := NULL;
      END IF;
    END IF;
    parts := parts || ('(' || coalesce(named, '''' || word || '''' || CASE WHEN p_prefix THEN ':*' ELSE '' END)
      || coalesce(' | ''' || stem || '''', '') || ')');
  END LOOP;
  IF reads_lexicon AND cardinality(parts) = 0 THEN
    RETURN NULL;
  END IF;
  RETURN array_to_string(parts, ' & ')::tsquery;
END $function$;
--> statement-breakpoint

DROP FUNCTION ticklist_search_finds(text[]);
