-- Decision 039: a write served by the app NOTIFYs the notifications it writes, and the mail it
-- queues, after it has committed (notifications/announcements.ts), since PostgreSQL lets only one
-- transaction that has NOTIFYed commit at a time. The statement that writes them names, in a setting
-- of its transaction, the users the app will notify (ticklist.announced_later, comma-separated)
-- and whether it will notify the mail (ticklist.mail_announced_later); the triggers NOTIFY
-- everything else, as before (a script, the seed, a cascade, someone not named).
CREATE OR REPLACE FUNCTION ticklist_announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipient text := coalesce(NEW.user_id, OLD.user_id);
BEGIN
  IF NOT recipient = ANY (string_to_array(coalesce(current_setting('ticklist.announced_later', true), ''), ',')) THEN
    PERFORM pg_notify('ticklist_notifications', recipient);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticklist_announce_notification_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ticklist.mail_announced_later', true), '') <> 'on' THEN
    PERFORM pg_notify('ticklist_notification_mails', '');
  END IF;
  RETURN NULL;
END $$;
