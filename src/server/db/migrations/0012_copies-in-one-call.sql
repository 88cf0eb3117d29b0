-- A copy of a list written in one call, as a new list is (ticklist_insert_list): the original's
-- row is read and key-share locked first (it cannot be deleted while it is copied), then the copy's
-- entries and tags, then the copy's own row, each by a statement of its own, so the copy's search
-- trigger reads the entries and tags, and every statement reads what has committed by then, not what
-- had when the caller's statement began. The entries' references to the copy are checked at commit
-- (deferred foreign keys).

-- The original's entries (in a clone, each naming the entry it copies: `source_key`) and tags, in
-- their order, under the copy's id.
CREATE FUNCTION ticklist_copy_entries(p_original uuid, p_copy uuid, p_keep_source boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO checklist_items (checklist_id, content, kind, note, order_index, source_key)
  SELECT p_copy, content, kind, note, order_index, CASE WHEN p_keep_source THEN coalesce(key, id) END
  FROM checklist_items WHERE checklist_id = p_original;
  INSERT INTO checklist_tags (checklist_id, tag, position)
  SELECT p_copy, tag, position FROM checklist_tags WHERE checklist_id = p_original;
END $$;
--> statement-breakpoint

-- A clone: `p_cloner`'s copy of a public or unlisted list, with the same visibility, and its record
-- (which counts it on the original's row, and is of the original's current version, so the
-- original's later changes reach it). The record comes after the entries, so the original's row is
-- held only from then until commit. The key-share lock keeps the original from being deleted, not
-- from being made private meanwhile, so its visibility is read again once the record holds its row:
-- a private original is not copied. Null, and nothing written, when the original is gone or private.
CREATE FUNCTION ticklist_clone_list(p_original uuid, p_copy uuid, p_cloner text)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  original record;
BEGIN
  PERFORM 1 FROM checklists WHERE id = p_original AND (is_public OR is_unlisted) FOR KEY SHARE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM ticklist_copy_entries(p_original, p_copy, true);
  INSERT INTO cloned_checklists (original_checklist_id, original_title, cloned_checklist_id, cloned_by, base_version, reviewed_version)
  SELECT p_original, title, p_copy, p_cloner, version.number, version.number
  FROM checklists, (SELECT coalesce(max(number), 1) AS number FROM checklist_versions WHERE checklist_id = p_original) version
  WHERE id = p_original;
  SELECT title, description, estimated_time, difficulty, is_public, is_unlisted INTO original
  FROM checklists WHERE id = p_original AND (is_public OR is_unlisted);
  IF NOT FOUND THEN RAISE no_data_found; END IF;
  INSERT INTO checklists (id, title, description, author_id, estimated_time, difficulty, is_public, is_unlisted)
  VALUES (p_copy, original.title, original.description, p_cloner, original.estimated_time, original.difficulty,
    original.is_public, original.is_unlisted);
  RETURN p_copy;
EXCEPTION WHEN no_data_found THEN
  -- Made private while it was copied: the copy's entries, tags and record are undone.
  RETURN NULL;
END $$;
--> statement-breakpoint

-- A duplicate: the author's own private copy of their list, titled `p_title`. Nothing records a
-- link to the original. Null, and nothing written, when the original is gone or no longer
-- `p_owner`'s.
CREATE FUNCTION ticklist_duplicate_list(p_original uuid, p_copy uuid, p_owner text, p_title text)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  original record;
BEGIN
  SELECT description, estimated_time, difficulty INTO original
  FROM checklists WHERE id = p_original AND author_id = p_owner FOR KEY SHARE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM ticklist_copy_entries(p_original, p_copy, false);
  INSERT INTO checklists (id, title, description, author_id, estimated_time, difficulty, is_public, is_unlisted)
  VALUES (p_copy, p_title, original.description, p_owner, original.estimated_time, original.difficulty, false, false);
  RETURN p_copy;
END $$;
