CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_username" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"review_requested_at" timestamp with time zone,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "moderation_cases_target_type" CHECK ("moderation_cases"."target_type" in ('checklist', 'comment', 'profile')),
	CONSTRAINT "moderation_cases_status" CHECK ("moderation_cases"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"reporter_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_reason_values" CHECK ("reports"."reason" in ('spam', 'harassment', 'inappropriate', 'copyright', 'other')),
	CONSTRAINT "reports_note_length" CHECK (char_length("reports"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "checklist_comments" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "held_visibility" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_newest_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_target_idx" ON "moderation_cases" USING btree ("target_type","target_id") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_cases_open_idx" ON "moderation_cases" USING btree ("opened_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_cases_owner_idx" ON "moderation_cases" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_case_reporter_idx" ON "reports" USING btree ("case_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "profiles_role_idx" ON "profiles" USING btree ("role") WHERE "profiles"."role" <> 'user';--> statement-breakpoint
CREATE INDEX "profiles_suspended_until_idx" ON "profiles" USING btree ("suspended_until") WHERE "profiles"."suspended_until" is not null;--> statement-breakpoint
CREATE INDEX "checklists_hidden_idx" ON "checklists" USING btree ("hidden_at") WHERE "checklists"."hidden_at" is not null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_role_values" CHECK ("profiles"."role" in ('user', 'moderator', 'admin'));--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_held_visibility" CHECK ("checklists"."held_visibility" is null or ("checklists"."held_visibility" in ('public', 'unlisted', 'private') and not "checklists"."is_public" and not "checklists"."is_unlisted"));--> statement-breakpoint
-- The moderators' audit log is written once and read; nothing may change or remove a row of it,
-- whoever asks (the app, a script, psql as its owner short of dropping the trigger).
CREATE FUNCTION ticklist_refuse_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the moderation audit log cannot be changed'
    USING ERRCODE = 'insufficient_privilege', TABLE = 'moderation_actions';
END $$;
--> statement-breakpoint
CREATE TRIGGER moderation_actions_unchangeable BEFORE UPDATE OR DELETE ON moderation_actions
  FOR EACH ROW EXECUTE FUNCTION ticklist_refuse_audit_change();
--> statement-breakpoint
CREATE TRIGGER moderation_actions_untruncatable BEFORE TRUNCATE ON moderation_actions
  FOR EACH STATEMENT EXECUTE FUNCTION ticklist_refuse_audit_change();
