-- Decision 045: a change to notifications is NOTIFYed by the app, after the work that made it has
-- committed (notifications/notify-after-commit.ts), never from inside a transaction, since
-- PostgreSQL lets only one transaction that has NOTIFYed commit at a time. Every write to
-- notifications and notification_mails goes through notifications/notifications.actions.ts, which
-- records whom it changed; the triggers that NOTIFYed inside the writing transaction go.
DROP TRIGGER notifications_announce ON notifications;
--> statement-breakpoint
DROP FUNCTION ticklist_announce_notification();
--> statement-breakpoint
DROP TRIGGER notification_mails_announce ON notification_mails;
--> statement-breakpoint
DROP FUNCTION ticklist_announce_notification_mail();
