-- The writes that make a list of an author's public hold this lock of the author's until they
-- commit, taken before they write or lock any row: creating a public list, and making one public (an
-- edit, the visibility action, the bulk action, the moderators giving back a held list). A new list
-- counts the author's published lists once it holds the lock, so it sees every other such write of
-- theirs that came first, committed; one that comes after waits for its commit, and leaves a badge
-- check of its own. Two authors whose ids hash alike only wait for each other.
CREATE FUNCTION ticklist_lock_publishing(p_author text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7420002, hashtext(p_author));
  RETURN true;
END $$;
--> statement-breakpoint

DROP FUNCTION ticklist_insert_list(uuid, text, text, text, text, text, boolean, boolean, text[], text[], text[], text[]);
--> statement-breakpoint

-- A new list written in one call: its entries (order_index from 1) and tags first, then the list
-- itself, each by a statement of its own, so the list's search trigger reads the entries and tags
-- it is written after, and the counter rows its insert takes (its session's slots of the tag and
-- public-list counts) stay locked only from then until the caller's statement commits. The entries' references
-- to the list are checked at that commit (deferred foreign keys).
--
-- A public list returns its author's published lists with it (public, and not clones, as the
-- "published lists" badges count them), counted up to p_count_limit after the publishing lock: the
-- caller leaves a badge check only when that number has reached the target of a badge the author
-- lacks. Null for any other list.
CREATE FUNCTION ticklist_insert_list(
  p_id uuid, p_author text, p_title text, p_description text, p_estimated_time text, p_difficulty text,
  p_is_public boolean, p_is_unlisted boolean, p_contents text[], p_kinds text[], p_notes text[], p_tags text[],
  p_count_limit integer
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  published integer;
BEGIN
  IF p_is_public THEN
    PERFORM ticklist_lock_publishing(p_author);
    -- A statement of its own, so it reads what has committed since the lock was granted.
    SELECT count(*) + 1 INTO published FROM (
      SELECT 1 FROM checklists c
      WHERE c.author_id = p_author AND c.is_public
        AND NOT EXISTS (SELECT 1 FROM cloned_checklists k WHERE k.cloned_checklist_id = c.id)
      LIMIT greatest(p_count_limit - 1, 0)) earlier;
  END IF;
  INSERT INTO checklist_items (checklist_id, content, kind, note, order_index)
  SELECT p_id, item.content, item.kind, item.note, item.position
  FROM unnest(p_contents, p_kinds, p_notes) WITH ORDINALITY AS item(content, kind, note, position);
  INSERT INTO checklist_tags (checklist_id, tag, position)
  SELECT p_id, tag.tag, tag.position FROM unnest(p_tags) WITH ORDINALITY AS tag(tag, position);
  INSERT INTO checklists (id, title, description, author_id, estimated_time, difficulty, is_public, is_unlisted)
  VALUES (p_id, p_title, p_description, p_author, p_estimated_time, p_difficulty, p_is_public, p_is_unlisted);
  RETURN published;
END $$;
