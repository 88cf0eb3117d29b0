-- A list's tags keep the order its author gave them: the detail page, the editor, the cards and
-- the account export read them by position. Tags written before had no order of their own and
-- were shown sorted case-insensitively, so that is the order they keep.
ALTER TABLE "checklist_tags" ADD COLUMN "position" integer;
--> statement-breakpoint
UPDATE "checklist_tags" t SET "position" = ordered.position
FROM (
  SELECT checklist_id, tag, row_number() OVER (PARTITION BY checklist_id ORDER BY lower(tag), tag) AS position
  FROM "checklist_tags"
) ordered
WHERE t.checklist_id = ordered.checklist_id AND t.tag = ordered.tag;
--> statement-breakpoint
ALTER TABLE "checklist_tags" ALTER COLUMN "position" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "checklist_tags" ADD CONSTRAINT "checklist_tags_position_from_one" CHECK ("checklist_tags"."position" >= 1);
--> statement-breakpoint
-- The card's tag chips (checklists.tag_names), kept by the tag triggers, follow the same order.
CREATE OR REPLACE FUNCTION ticklist_tag_names(p_checklist_id uuid) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(tag ORDER BY position, lower(tag), tag), '{}') FROM checklist_tags WHERE checklist_id = p_checklist_id
$$;
