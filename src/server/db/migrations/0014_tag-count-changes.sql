CREATE TABLE "tag_count_changes" (
	"tag_key" text NOT NULL,
	"slot" smallint NOT NULL,
	"tag" text NOT NULL,
	"change" integer NOT NULL,
	CONSTRAINT "tag_count_changes_tag_key_slot_pk" PRIMARY KEY("tag_key","slot")
);
--> statement-breakpoint

-- Adds a statement's change to the public list count (to this session's slot of checklist_totals)
-- and to the per-tag counts (to this session's slot of tag_count_changes, in tag order so that
-- writers never deadlock): lists written at the same moment with a tag in common do not wait for
-- each other's commit on that tag's row.
CREATE OR REPLACE FUNCTION ticklist_apply_browse_counts(p_total integer, p_deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_total <> 0 THEN
    UPDATE checklist_totals SET public_count = public_count + p_total WHERE slot = pg_backend_pid() % 64;
  END IF;
  IF p_deltas IS NOT NULL AND p_deltas <> '{}'::jsonb THEN
    INSERT INTO tag_count_changes (tag_key, slot, tag, change)
    SELECT d.key, pg_backend_pid() % 64,
      coalesce((SELECT t.tag FROM checklist_tags t WHERE lower(t.tag) = d.key LIMIT 1), d.key), d.value::int
    FROM jsonb_each_text(p_deltas) d
    ORDER BY d.key
    ON CONFLICT (tag_key, slot) DO UPDATE SET change = tag_count_changes.change + excluded.change;
  END IF;
END $$;
--> statement-breakpoint

-- Folds the changes no writer holds into tag_counts, in tag order; a tag at zero or less leaves
-- it. Returns how many change rows it folded.
CREATE FUNCTION ticklist_fold_tag_counts() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
  emptied text[];
BEGIN
  WITH taken AS (
    DELETE FROM tag_count_changes c
    WHERE (c.tag_key, c.slot) IN (
      SELECT tag_key, slot FROM tag_count_changes ORDER BY tag_key, slot FOR UPDATE SKIP LOCKED)
    RETURNING c.tag_key, c.tag, c.change),
  summed AS (
    SELECT tag_key, min(tag) AS tag, sum(change)::int AS change, count(*)::int AS rows FROM taken GROUP BY tag_key),
  applied AS (
    INSERT INTO tag_counts (tag_key, tag, count)
    SELECT tag_key, tag, change FROM summed ORDER BY tag_key
    ON CONFLICT (tag_key) DO UPDATE SET count = tag_counts.count + excluded.count
    RETURNING tag_key, count)
  SELECT (SELECT coalesce(sum(rows), 0)::int FROM summed), array_agg(tag_key) FILTER (WHERE count <= 0)
  INTO folded, emptied FROM applied;
  IF emptied IS NOT NULL THEN
    DELETE FROM tag_counts WHERE tag_key = ANY (emptied) AND count <= 0;
  END IF;
  RETURN folded;
END $$;
