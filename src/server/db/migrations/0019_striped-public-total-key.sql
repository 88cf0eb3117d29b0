-- The count of public lists in 16 slots instead of one row, so that lists created
-- at the same moment do not all queue on one row lock until each transaction commits. A session
-- adds to the slot of its backend pid, so one transaction only ever takes one slot (no new
-- deadlock); readers add the slots up. The existing total stays in slot 0.
UPDATE "checklist_totals" SET "slot" = 0;--> statement-breakpoint
ALTER TABLE "checklist_totals" DROP CONSTRAINT "checklist_totals_one_row";--> statement-breakpoint
ALTER TABLE "checklist_totals" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "checklist_totals" ALTER COLUMN "slot" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_totals" ADD PRIMARY KEY ("slot");--> statement-breakpoint
ALTER TABLE "checklist_totals" ADD CONSTRAINT "checklist_totals_slot" CHECK ("checklist_totals"."slot" >= 0 and "checklist_totals"."slot" < 16);--> statement-breakpoint
INSERT INTO "checklist_totals" ("slot", "public_count") SELECT s, 0 FROM generate_series(0, 15) s ON CONFLICT ("slot") DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticklist_apply_browse_counts(p_total integer, p_deltas jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_total <> 0 THEN
    UPDATE checklist_totals SET public_count = public_count + p_total WHERE slot = pg_backend_pid() % 16;
  END IF;
  IF p_deltas IS NULL OR p_deltas = '{}'::jsonb THEN
    RETURN;
  END IF;
  INSERT INTO tag_counts (tag_key, tag, count)
  SELECT d.key, coalesce((SELECT t.tag FROM checklist_tags t WHERE lower(t.tag) = d.key LIMIT 1), d.key), d.value::int
  FROM jsonb_each_text(p_deltas) d
  ORDER BY d.key
  ON CONFLICT (tag_key) DO UPDATE SET count = tag_counts.count + excluded.count;
  DELETE FROM tag_counts WHERE tag_key IN (SELECT jsonb_object_keys(p_deltas)) AND count <= 0;
END $$;
