-- A report written in one call: the thing's open case found or opened (its row locked until commit,
-- whether the upsert inserts or finds it, so two reports of one thing count one after the other),
-- the reporter's report in it written or rewritten, and then, read after that lock and so seeing
-- every report committed before it, whether the thing is now to be hidden automatically: not
-- hidden yet, and reported by `p_reporters_to_hide` people whose accounts are older than
-- `p_account_age_hours`. If so, the hiding is left as an outbox task ('auto_hide'), done once this
-- call has committed (moderation/auto-hide.ts); its id is returned, else null.
CREATE FUNCTION ticklist_file_report(
  p_type text, p_target text, p_owner text, p_snapshot jsonb, p_reporter text, p_reason text, p_note text,
  p_reporters_to_hide integer, p_account_age_hours integer
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_case uuid;
  v_reporters integer;
  v_task bigint;
BEGIN
  INSERT INTO moderation_cases (target_type, target_id, owner_id, snapshot)
  VALUES (p_type, p_target, p_owner, p_snapshot)
  ON CONFLICT (target_type, target_id) WHERE status = 'open' DO UPDATE SET status = moderation_cases.status
  RETURNING id INTO v_case;
  INSERT INTO reports (case_id, reporter_id, reason, note)
  VALUES (v_case, p_reporter, p_reason, p_note)
  ON CONFLICT (case_id, reporter_id) DO UPDATE SET reason = excluded.reason, note = excluded.note, updated_at = now();

  IF p_type = 'checklist' THEN
    PERFORM 1 FROM checklists WHERE id = p_target::uuid AND hidden_at IS NULL;
  ELSIF p_type = 'comment' THEN
    PERFORM 1 FROM checklist_comments WHERE id = p_target::uuid AND hidden_at IS NULL;
  ELSE
    PERFORM 1 FROM profiles WHERE id = p_target AND hidden_at IS NULL;
  END IF;
  IF NOT FOUND THEN RETURN NULL; END IF;

  -- A case holds one report per person, so counting its reports counts people.
  SELECT count(*) INTO v_reporters FROM reports r JOIN users u ON u.id = r.reporter_id
  WHERE r.case_id = v_case AND u.created_at <= now() - make_interval(hours => p_account_age_hours);
  IF v_reporters < p_reporters_to_hide THEN RETURN NULL; END IF;

  INSERT INTO outbox_tasks (kind, payload)
  VALUES ('auto_hide', jsonb_build_object('case', v_case, 'type', p_type, 'target', p_target,
    'owner', p_owner, 'snapshot', p_snapshot))
  RETURNING id INTO v_task;
  RETURN v_task;
END $$;
