-- "You cannot like your own list", enforced by the database as follows_not_self enforces "never
-- follow yourself": the liker is not the list's author. A CHECK cannot read another table, so this
-- is a trigger. The API refuses first (canLike, 403); this refuses any other writer (seed, scripts,
-- psql). A list's author never changes, so only likes need watching. Rows written before this
-- migration are left as they are; the Crowd Pleaser metric already ignores them (decision 011).
CREATE FUNCTION ticklist_refuse_self_like() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM checklists WHERE id = NEW.checklist_id AND author_id = NEW.user_id) THEN
    RAISE EXCEPTION 'a user cannot like their own checklist'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'checklist_likes_not_self', TABLE = 'checklist_likes';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_likes_not_self
BEFORE INSERT OR UPDATE OF checklist_id, user_id ON checklist_likes
FOR EACH ROW EXECUTE FUNCTION ticklist_refuse_self_like();
