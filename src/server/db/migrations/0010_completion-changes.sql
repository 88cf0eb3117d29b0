-- A tick or an untick of one item by one user, made at p_at (p_later: the time another change must
-- have been made after to stand over it). Called by the statement that has locked the list's row
-- (setItemCompleted); its own statements each read what has committed
-- up to them, so a change that held those locks meanwhile is seen, as a statement of the caller
-- could not see it. Returns, for a tick written, how many of the list's items the user has ticked
-- now (the progress row its trigger has just updated); else null.
CREATE FUNCTION ticklist_change_completion(
  p_user text, p_list uuid, p_item uuid, p_at timestamptz, p_later timestamptz, p_tick boolean
) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  -- A change made before the user's last Start again belongs to a run since closed.
  IF EXISTS (SELECT 1 FROM checklist_progress p
             WHERE p.checklist_id = p_list AND p.user_id = p_user AND p.reset_at > p_later) THEN
    RETURN null;
  END IF;
  IF p_tick THEN
    -- Not over an untick made after it.
    INSERT INTO checklist_item_completions (user_id, checklist_item_id, checklist_id, created_at)
    SELECT p_user, p_item, p_list, p_at
    WHERE NOT EXISTS (SELECT 1 FROM checklist_untick_marks m
                      WHERE m.user_id = p_user AND m.checklist_item_id = p_item AND m.unticked_at > p_later)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN null;
    END IF;
    RETURN (SELECT p.completed_count FROM checklist_progress p WHERE p.checklist_id = p_list AND p.user_id = p_user);
  END IF;
  -- An untick removes only a tick made before it, and leaves a mark of its time.
  DELETE FROM checklist_item_completions c
  WHERE c.user_id = p_user AND c.checklist_item_id = p_item AND c.created_at <= p_later;
  INSERT INTO checklist_untick_marks (user_id, checklist_item_id, unticked_at) VALUES (p_user, p_item, p_at)
  ON CONFLICT (user_id, checklist_item_id)
  DO UPDATE SET unticked_at = greatest(checklist_untick_marks.unticked_at, excluded.unticked_at);
  RETURN null;
END $$;
