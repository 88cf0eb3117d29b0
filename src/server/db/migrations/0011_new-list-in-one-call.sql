-- A new list written in one call: its entries (order_index from 1) and tags first, then the list
-- itself, each by a statement of its own, so the list's search trigger reads the entries and tags
-- it is written after, and the counter rows its insert takes (tag counts, its author's public
-- lists) stay locked only from then until the caller's statement commits. The entries' references
-- to the list are checked at that commit (deferred foreign keys).
CREATE FUNCTION ticklist_insert_list(
  p_id uuid, p_author text, p_title text, p_description text, p_estimated_time text, p_difficulty text,
  p_is_public boolean, p_is_unlisted boolean, p_contents text[], p_kinds text[], p_notes text[], p_tags text[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO checklist_items (checklist_id, content, kind, note, order_index)
  SELECT p_id, item.content, item.kind, item.note, item.position
  FROM unnest(p_contents, p_kinds, p_notes) WITH ORDINALITY AS item(content, kind, note, position);
  INSERT INTO checklist_tags (checklist_id, tag, position)
  SELECT p_id, tag.tag, tag.position FROM unnest(p_tags) WITH ORDINALITY AS tag(tag, position);
  INSERT INTO checklists (id, title, description, author_id, estimated_time, difficulty, is_public, is_unlisted)
  VALUES (p_id, p_title, p_description, p_author, p_estimated_time, p_difficulty, p_is_public, p_is_unlisted);
END $$;
