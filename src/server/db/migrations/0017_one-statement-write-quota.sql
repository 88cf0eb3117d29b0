-- A content write's quota counters (security/rate-limit.ts, consumeWriteQuota) in one statement:
-- the counters are counted in the order given, each within its own fixed window, and counting stops
-- at the first one past its maximum, exactly as four statements in turn did, but in one round trip
-- and one commit instead of four. Returns 0 when every counter allowed the
-- event, else the seconds until the refusing counter's window ends (at least 1).
CREATE FUNCTION ticklist_count_events(p_keys text[], p_windows integer[], p_maxes integer[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  counted integer;
  window_end timestamptz;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    INSERT INTO rate_limits AS r (key, window_start, count) VALUES (p_keys[i], now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= now() - make_interval(secs => p_windows[i]) THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start <= now() - make_interval(secs => p_windows[i]) THEN now() ELSE r.window_start END
    RETURNING r.count, r.window_start + make_interval(secs => p_windows[i]) INTO counted, window_end;
    IF counted > p_maxes[i] THEN
      RETURN greatest(1, ceil(extract(epoch FROM window_end - now())))::integer;
    END IF;
  END LOOP;
  RETURN 0;
END $$;
