-- How many public lists the planner expects a search's tsquery (the prefixes' one) to match: the
-- rows it estimates for the count's condition, planned with the tsquery as a constant, from the
-- statistics of the lists' documents (the commonest lexemes and their shares). Best match's first
-- page, read before its count, chooses its plan by it: one prepared statement that reads every
-- tier from its GIN index costs less than tiers planned with their words, until the matches are
-- many. Planning this one condition costs a fraction of a millisecond and reads no list. A NULL
-- tsquery (a word that can find nothing) matches nothing. VOLATILE, since PostgreSQL runs EXPLAIN
-- only in a volatile function.
CREATE OR REPLACE FUNCTION ticklist_search_estimate(p_query tsquery)
 RETURNS double precision
 LANGUAGE plpgsql
 VOLATILE
AS $function$
DECLARE
  plan json;
BEGIN
  IF p_query IS NULL THEN
    RETURN 0;
  END IF;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM checklists c WHERE c.is_public AND c.search_vector @@ %L::tsquery',
    p_query::text)
  INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
END $function$;
