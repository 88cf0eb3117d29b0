-- Every change to a user's notifications is NOTIFYed on one channel with the user's id, so each
-- app process listening on the database can have its live streams (SSE) update the badge.
CREATE FUNCTION ticklist_announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ticklist_notifications', coalesce(NEW.user_id, OLD.user_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce
AFTER INSERT OR DELETE OR UPDATE OF read_at ON notifications
FOR EACH ROW EXECUTE FUNCTION ticklist_announce_notification();
