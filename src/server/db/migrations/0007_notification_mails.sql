CREATE TABLE "notification_mail_caps" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_mail_caps_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_mail_caps_kind_values" CHECK ("notification_mail_caps"."kind" in ('follow', 'comment'))
);
--> statement-breakpoint
CREATE TABLE "notification_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"link_path" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mails_kind_values" CHECK ("notification_mails"."kind" in ('follow', 'comment')),
	CONSTRAINT "notification_mails_link_path" CHECK ("notification_mails"."link_path" like '/%')
);
--> statement-breakpoint
ALTER TABLE "notification_mail_caps" ADD CONSTRAINT "notification_mail_caps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_mails_next_attempt_idx" ON "notification_mails" USING btree ("next_attempt_at");--> statement-breakpoint
-- A queued notification mail wakes the dispatchers of every app process, on commit only (decision 009).
-- PostgreSQL folds identical notifications of one transaction into one, so per row costs nothing.
CREATE FUNCTION ticklist_announce_notification_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ticklist_notification_mails', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notification_mails_announce
AFTER INSERT ON notification_mails
FOR EACH ROW EXECUTE FUNCTION ticklist_announce_notification_mail();
