DROP INDEX "checklists_hidden_idx";--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "preview" jsonb GENERATED ALWAYS AS (case when jsonb_typeof(snapshot -> 'entries') = 'array'
        then jsonb_set(jsonb_set(snapshot, '{entries}', jsonb_path_query_array(snapshot, '$.entries[0 to 4]')),
          '{entryCount}', jsonb_array_length(snapshot -> 'entries')::text::jsonb)
        else snapshot end) STORED;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "report_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "reason_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "reports_case_updated_idx" ON "reports" USING btree ("case_id","updated_at");--> statement-breakpoint
-- A case's report counts follow its reports: every insert, change of reason and delete (a report
-- rewritten, a reporter's account deleted) recounts that case, so the queue reads two columns
-- instead of counting every case's reports on every page.
CREATE FUNCTION ticklist_count_case_reports() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[] := case TG_OP
    when 'INSERT' then array[NEW.case_id]
    when 'DELETE' then array[OLD.case_id]
    else array[OLD.case_id, NEW.case_id] end;
BEGIN
  -- The case first, locked: the count below is then taken after any other transaction writing a
  -- report in it has committed, so two at once cannot each miss the other's report. (No key
  -- update: inserts of reports, whose foreign key checks share-lock the case, are not blocked.)
  PERFORM 1 FROM moderation_cases WHERE id = ANY (changed) ORDER BY id FOR NO KEY UPDATE;
  UPDATE moderation_cases mc
  SET report_count = counted.total, reason_counts = counted.by_reason
  FROM (
    SELECT c.id,
      (SELECT count(*) FROM reports r WHERE r.case_id = c.id)::int AS total,
      coalesce((SELECT jsonb_object_agg(g.reason, g.n)
                FROM (SELECT r.reason, count(*) AS n FROM reports r WHERE r.case_id = c.id GROUP BY r.reason) g), '{}') AS by_reason
    FROM unnest(changed) AS c(id)
  ) counted
  WHERE mc.id = counted.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_count_case AFTER INSERT OR DELETE OR UPDATE OF reason, case_id ON reports
  FOR EACH ROW EXECUTE FUNCTION ticklist_count_case_reports();
--> statement-breakpoint
UPDATE moderation_cases mc
SET report_count = counted.total, reason_counts = counted.by_reason
FROM (
  SELECT g.case_id, sum(g.n)::int AS total, jsonb_object_agg(g.reason, g.n) AS by_reason
  FROM (SELECT case_id, reason, count(*) AS n FROM reports GROUP BY case_id, reason) g
  GROUP BY g.case_id
) counted
WHERE mc.id = counted.case_id;
