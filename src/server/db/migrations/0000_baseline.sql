-- The schema as the migrations up to "items, sections, notes and runs" left it, in one file
-- (decision 047): a new database starts here. A database made before this file has the same
-- schema and carries this file's timestamp in drizzle.__drizzle_migrations, so it skips it.
-- Later migrations follow as usual.

CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint

-- Browse's cached counts and pages are valid for one generation of the searchable lists: every
-- statement that adds, removes, publishes, hides, retitles, re-describes or re-tags lists, or changes
-- their items (they are in search_vector), takes the next number. A sequence, not a counter row, so
-- writers never wait for each other on it; a reader only looks at last_value.
CREATE SEQUENCE "checklists_search_generation";--> statement-breakpoint

-- Tables, their constraints and indexes: as drizzle-kit writes them from src/server/db/schema.
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"profile_name" text,
	"avatar_url" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"theme" text DEFAULT 'system' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hide_completed_items" boolean DEFAULT false NOT NULL,
	CONSTRAINT "profiles_username_format" CHECK ("profiles"."username" ~ '^[A-Za-z0-9_]{3,20}$'),
	CONSTRAINT "profiles_theme_values" CHECK ("profiles"."theme" in ('light', 'dark', 'system'))
);
--> statement-breakpoint
CREATE TABLE "username_holds" (
	"username" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_comments_not_blank" CHECK (btrim("checklist_comments"."content") <> '')
);
--> statement-breakpoint
CREATE TABLE "checklist_item_completions" (
	"user_id" text NOT NULL,
	"checklist_item_id" uuid NOT NULL,
	"checklist_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_item_completions_user_id_checklist_item_id_pk" PRIMARY KEY("user_id","checklist_item_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"content" text NOT NULL,
	"order_index" integer NOT NULL,
	"kind" text DEFAULT 'item' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "checklist_items_id_checklist_unique" UNIQUE("id","checklist_id"),
	CONSTRAINT "checklist_items_order_from_one" CHECK ("checklist_items"."order_index" >= 1),
	CONSTRAINT "checklist_items_content_not_blank" CHECK (btrim("checklist_items"."content") <> ''),
	CONSTRAINT "checklist_items_kind_values" CHECK ("checklist_items"."kind" in ('item', 'heading')),
	CONSTRAINT "checklist_items_note" CHECK (char_length("checklist_items"."note") <= 1000 and ("checklist_items"."kind" = 'item' or "checklist_items"."note" = ''))
);
--> statement-breakpoint
CREATE TABLE "checklist_likes" (
	"checklist_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_likes_checklist_id_user_id_pk" PRIMARY KEY("checklist_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_progress" (
	"checklist_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"completed_count" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_runs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checklist_progress_checklist_id_user_id_pk" PRIMARY KEY("checklist_id","user_id"),
	CONSTRAINT "checklist_progress_used" CHECK ("checklist_progress"."completed_count" >= 0 and "checklist_progress"."closed_runs" >= 0 and ("checklist_progress"."completed_count" > 0 or "checklist_progress"."closed_runs" > 0))
);
--> statement-breakpoint
CREATE TABLE "checklist_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ticked_count" integer NOT NULL,
	"items_count" integer NOT NULL,
	"completed" boolean NOT NULL,
	CONSTRAINT "checklist_runs_counts" CHECK ("checklist_runs"."ticked_count" >= 0 and "checklist_runs"."items_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "checklist_tags" (
	"checklist_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "checklist_tags_checklist_id_tag_pk" PRIMARY KEY("checklist_id","tag"),
	CONSTRAINT "checklist_tags_not_blank" CHECK (btrim("checklist_tags"."tag") <> ''),
	CONSTRAINT "checklist_tags_position_from_one" CHECK ("checklist_tags"."position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "checklist_totals" (
	"public_count" integer DEFAULT 0 NOT NULL,
	"slot" smallint PRIMARY KEY NOT NULL,
	CONSTRAINT "checklist_totals_slot" CHECK ("checklist_totals"."slot" >= 0 and "checklist_totals"."slot" < 64)
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"author_id" text NOT NULL,
	"estimated_time" text,
	"difficulty" text DEFAULT 'medium' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"clones_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"rating" numeric(2, 1) GENERATED ALWAYS AS (case when likes_count <= 0 and uses_count <= 0 then null else round(5.0 * (likes_count + 2) / (greatest(uses_count, likes_count) + 4), 1) end) STORED,
	"tag_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_unlisted" boolean DEFAULT false NOT NULL,
	"tag_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"items_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checklists_difficulty_values" CHECK ("checklists"."difficulty" in ('easy', 'medium', 'hard')),
	CONSTRAINT "checklists_unlisted_not_public" CHECK (not ("checklists"."is_public" and "checklists"."is_unlisted")),
	CONSTRAINT "checklists_title_not_blank" CHECK (btrim("checklists"."title") <> ''),
	CONSTRAINT "checklists_rating_range" CHECK ("checklists"."rating" is null or ("checklists"."rating" >= 0 and "checklists"."rating" <= 5)),
	CONSTRAINT "checklists_counters_not_negative" CHECK ("checklists"."uses_count" >= 0 and "checklists"."likes_count" >= 0 and "checklists"."clones_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cloned_checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"original_checklist_id" uuid,
	"original_title" text NOT NULL,
	"cloned_checklist_id" uuid NOT NULL,
	"cloned_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloned_checklists_clonedChecklistId_unique" UNIQUE("cloned_checklist_id")
);
--> statement-breakpoint
CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text NOT NULL,
	"slot" smallint NOT NULL,
	"public_count" integer NOT NULL,
	CONSTRAINT "search_words_word_slot_pk" PRIMARY KEY("word","slot"),
	CONSTRAINT "search_words_slot" CHECK ("search_words"."slot" >= 0 and "search_words"."slot" < 64)
);
--> statement-breakpoint
CREATE TABLE "staff_picks" (
	"checklist_id" uuid PRIMARY KEY NOT NULL,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_counts" (
	"tag_key" text PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_checklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"checklist_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_checklists_user_checklist_unique" UNIQUE("user_id","checklist_id")
);
--> statement-breakpoint
CREATE TABLE "user_list_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_list_groups_id_user_unique" UNIQUE("id","user_id"),
	CONSTRAINT "user_list_groups_name_not_blank" CHECK (btrim("user_list_groups"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "user_list_memberships" (
	"user_id" text NOT NULL,
	"checklist_id" uuid NOT NULL,
	"list_group_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_list_memberships_user_id_checklist_id_list_group_id_pk" PRIMARY KEY("user_id","checklist_id","list_group_id")
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follower_id" text NOT NULL,
	"followed_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_pair_unique" UNIQUE("follower_id","followed_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."followed_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"actor_id" text,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"checklist_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_values" CHECK ("notifications"."type" in ('like', 'comment', 'clone', 'follow', 'badge'))
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"tier" text NOT NULL,
	"rule" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_tier_values" CHECK ("badges"."tier" in ('bronze', 'silver', 'gold'))
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"user_id" text NOT NULL,
	"badge_slug" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_slug_pk" PRIMARY KEY("user_id","badge_slug")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
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
	"actor_id" text,
	"checklist_id" uuid,
	CONSTRAINT "notification_mails_kind_values" CHECK ("notification_mails"."kind" in ('follow', 'comment')),
	CONSTRAINT "notification_mails_link_path" CHECK ("notification_mails"."link_path" like '/%')
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_comments" ADD CONSTRAINT "checklist_comments_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_comments" ADD CONSTRAINT "checklist_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_item_completions" ADD CONSTRAINT "checklist_item_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_item_completions" ADD CONSTRAINT "checklist_item_completions_item_fk" FOREIGN KEY ("checklist_item_id","checklist_id") REFERENCES "public"."checklist_items"("id","checklist_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A new list, or a clone, is written after its items, tags and clone record (checklists.actions.ts):
-- its row is then written once, with its whole search document and tag keys, instead of once and
-- again for its items and tags, and the clone's write to its tags' counts (tag_counts) comes last.
-- These three references to the list are therefore checked when the transaction commits; ON DELETE
-- CASCADE still acts at once (PostgreSQL never defers actions).
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "checklist_likes" ADD CONSTRAINT "checklist_likes_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_likes" ADD CONSTRAINT "checklist_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD CONSTRAINT "checklist_progress_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD CONSTRAINT "checklist_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD CONSTRAINT "checklist_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_tags" ADD CONSTRAINT "checklist_tags_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloned_checklists" ADD CONSTRAINT "cloned_checklists_original_checklist_id_checklists_id_fk" FOREIGN KEY ("original_checklist_id") REFERENCES "public"."checklists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloned_checklists" ADD CONSTRAINT "cloned_checklists_cloned_checklist_id_checklists_id_fk" FOREIGN KEY ("cloned_checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "cloned_checklists" ADD CONSTRAINT "cloned_checklists_cloned_by_users_id_fk" FOREIGN KEY ("cloned_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_picks" ADD CONSTRAINT "staff_picks_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_checklists" ADD CONSTRAINT "saved_checklists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_checklists" ADD CONSTRAINT "saved_checklists_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_list_groups" ADD CONSTRAINT "user_list_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_list_memberships" ADD CONSTRAINT "user_list_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_list_memberships" ADD CONSTRAINT "user_list_memberships_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_list_memberships" ADD CONSTRAINT "user_list_memberships_group_fk" FOREIGN KEY ("list_group_id","user_id") REFERENCES "public"."user_list_groups"("id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_id_users_id_fk" FOREIGN KEY ("followed_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_slug_badges_slug_fk" FOREIGN KEY ("badge_slug") REFERENCES "public"."badges"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mail_caps" ADD CONSTRAINT "notification_mail_caps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_unconfirmed_created_idx" ON "users" USING btree ("created_at") WHERE not "users"."email_verified";--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_idx" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "username_holds_username_lower_idx" ON "username_holds" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "username_holds_expires_idx" ON "username_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "checklist_comments_checklist_created_idx" ON "checklist_comments" USING btree ("checklist_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_comments_user_idx" ON "checklist_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checklist_item_completions_item_idx" ON "checklist_item_completions" USING btree ("checklist_item_id");--> statement-breakpoint
CREATE INDEX "checklist_item_completions_checklist_user_idx" ON "checklist_item_completions" USING btree ("checklist_id","user_id");--> statement-breakpoint
CREATE INDEX "checklist_items_checklist_order_idx" ON "checklist_items" USING btree ("checklist_id","order_index");--> statement-breakpoint
CREATE INDEX "checklist_likes_user_idx" ON "checklist_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checklist_progress_user_idx" ON "checklist_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_runs_user_checklist_idx" ON "checklist_runs" USING btree ("user_id","checklist_id","ended_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_runs_checklist_idx" ON "checklist_runs" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "checklist_runs_completed_idx" ON "checklist_runs" USING btree ("user_id") WHERE "checklist_runs"."completed";--> statement-breakpoint
CREATE INDEX "checklist_tags_tag_idx" ON "checklist_tags" USING btree (lower("tag"));--> statement-breakpoint
CREATE INDEX "checklists_browse_newest_idx" ON "checklists" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tag_keys") WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_browse_most_used_idx" ON "checklists" USING btree ("uses_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tag_keys") WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_browse_most_liked_idx" ON "checklists" USING btree ("likes_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"tag_keys") WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_public_updated_idx" ON "checklists" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_public_rating_idx" ON "checklists" USING btree ("rating" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_author_created_idx" ON "checklists" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklists_search_idx" ON "checklists" USING gin ("tag_keys","search_vector") WITH (gin_pending_list_limit=64) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_search_title_idx" ON "checklists" USING gin ("tag_keys",ts_filter("search_vector", '{a}')) WITH (gin_pending_list_limit=64) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_search_title_tags_idx" ON "checklists" USING gin ("tag_keys",ts_filter("search_vector", '{a,b}')) WITH (gin_pending_list_limit=64) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_search_title_tags_description_idx" ON "checklists" USING gin ("tag_keys",ts_filter("search_vector", '{a,b,c}')) WITH (gin_pending_list_limit=64) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "cloned_checklists_original_idx" ON "cloned_checklists" USING btree ("original_checklist_id");--> statement-breakpoint
CREATE INDEX "cloned_checklists_cloned_by_idx" ON "cloned_checklists" USING btree ("cloned_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tag_counts_count_idx" ON "tag_counts" USING btree ("count" DESC NULLS FIRST,"tag_key");--> statement-breakpoint
CREATE INDEX "saved_checklists_checklist_idx" ON "saved_checklists" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "user_list_groups_user_created_idx" ON "user_list_groups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_list_memberships_group_idx" ON "user_list_memberships" USING btree ("list_group_id");--> statement-breakpoint
CREATE INDEX "user_list_memberships_checklist_idx" ON "user_list_memberships" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_actor_user_idx" ON "notifications" USING btree ("actor_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_checklist_idx" ON "notifications" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "user_badges_badge_idx" ON "user_badges" USING btree ("badge_slug");--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_idx" ON "mail_outbox" USING btree ("sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_mails_next_attempt_idx" ON "notification_mails" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_mails_user_idx" ON "notification_mails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notification_mails_actor_idx" ON "notification_mails" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "notification_mails_checklist_idx" ON "notification_mails" USING btree ("checklist_id");--> statement-breakpoint
CREATE VIEW "public"."notifications_with_actor" AS (select n.id, n.user_id, n.actor_id, n.type, n.message, n.checklist_id, n.read_at, n.created_at,
        p.username as actor_username, p.profile_name as actor_name, p.avatar_url as actor_avatar
      from notifications n left join profiles p on p.id = n.actor_id);;--> statement-breakpoint

-- Functions. Each is also printed, as PostgreSQL stores it, in docs/database-code.md.

-- The open run's count and start. A first tick after "Start again" (the row kept at zero by its
-- closed runs) starts the run anew; the last tick taken away removes the row only when the user
-- has no closed run, so the list's uses count distinct users, not runs.
CREATE FUNCTION ticklist_track_progress()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO checklist_progress (checklist_id, user_id, completed_count)
    VALUES (NEW.checklist_id, NEW.user_id, 1)
    ON CONFLICT (checklist_id, user_id)
    DO UPDATE SET completed_count = checklist_progress.completed_count + 1,
      started_at = CASE WHEN checklist_progress.completed_count = 0 THEN now() ELSE checklist_progress.started_at END,
      updated_at = now();
  ELSE
    DELETE FROM checklist_progress
    WHERE checklist_id = OLD.checklist_id AND user_id = OLD.user_id AND completed_count <= 1 AND closed_runs = 0;
    UPDATE checklist_progress SET completed_count = completed_count - 1, updated_at = now()
    WHERE checklist_id = OLD.checklist_id AND user_id = OLD.user_id AND completed_count > 0;
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint

-- checklist_progress rows -> checklists.uses_count ("uses" = distinct users with a completed item).
CREATE FUNCTION ticklist_count_uses()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE checklists SET uses_count = uses_count + 1 WHERE id = NEW.checklist_id;
  ELSE
    UPDATE checklists SET uses_count = uses_count - 1 WHERE id = OLD.checklist_id;
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint

-- checklist_likes rows -> checklists.likes_count.
CREATE FUNCTION ticklist_count_likes()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE checklists SET likes_count = likes_count + 1 WHERE id = NEW.checklist_id;
  ELSE
    UPDATE checklists SET likes_count = likes_count - 1 WHERE id = OLD.checklist_id;
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint

-- cloned_checklists rows -> the original's clones_count. A list being deleted (named in the
-- session setting ticklist.list_being_deleted by ticklist_credit_surviving_ancestor) is not updated:
-- its row is on its way out, and its clones are being credited to its own original.
CREATE FUNCTION ticklist_count_clones()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.original_checklist_id IS NOT NULL
    AND OLD.original_checklist_id::text IS DISTINCT FROM current_setting('ticklist.list_being_deleted', true) THEN
    UPDATE checklists SET clones_count = clones_count - 1 WHERE id = OLD.original_checklist_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.original_checklist_id IS NOT NULL THEN
    UPDATE checklists SET clones_count = clones_count + 1 WHERE id = NEW.original_checklist_id;
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint

-- unaccent() is only STABLE (its dictionary is looked up by name through search_path); this wrapper
-- names both, so it can be IMMUTABLE and used in stored documents and indexes.
CREATE FUNCTION ticklist_unaccent(text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  SELECT public.unaccent('public.unaccent'::regdictionary, $1)
$function$;--> statement-breakpoint

-- A piece of text as the search document holds it: English stems ("moving" → move, "boxes" → box)
-- and the words as written (for prefixes typed so far: "movin" → moving:*), both unaccented.
CREATE FUNCTION ticklist_search_words(p_text text, p_weight "char")
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT setweight(to_tsvector('english'::regconfig, plain) || to_tsvector('simple'::regconfig, plain), p_weight)
  FROM (SELECT ticklist_unaccent(coalesce(p_text, '')) AS plain) t
$function$;--> statement-breakpoint

-- A list's search document: title (weight A), tags (B), description (C), items and headings (D).
CREATE FUNCTION ticklist_search_document(p_checklist_id uuid, p_title text, p_description text)
 RETURNS tsvector
 LANGUAGE sql
 STABLE
AS $function$
  SELECT ticklist_search_words(p_title, 'A')
      || ticklist_search_words((SELECT string_agg(tag, ' ') FROM checklist_tags WHERE checklist_id = p_checklist_id), 'B')
      || ticklist_search_words(p_description, 'C')
      || ticklist_search_words((SELECT string_agg(content, ' ') FROM checklist_items WHERE checklist_id = p_checklist_id), 'D')
$function$;--> statement-breakpoint

-- A list's tags as the tag filter and the counts compare them.
CREATE FUNCTION ticklist_tag_keys(p_checklist_id uuid)
 RETURNS text[]
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(array_agg(DISTINCT lower(tag) ORDER BY lower(tag)), '{}') FROM checklist_tags WHERE checklist_id = p_checklist_id
$function$;--> statement-breakpoint

-- Decision 034. A typed word is searched as a prefix ('tent':*). The word index resolves a prefix
-- by collecting every list of every lexeme that begins with it into a bitmap before anything else,
-- so two middling words, each in a few percent of the lists, are slow to count however few lists
-- have both. Named lexemes are intersected inside the index instead, skipping most of each one's
-- lists. This table is every lexeme of every list's document, for the search to
-- name the lexemes a word begins when they are few.
--
-- Adds the lexemes of documents just written, in order, so that two statements adding the same
-- new lexemes wait for each other instead of deadlocking. The search triggers remember a text's
-- words (search_words) before its lexemes, in that order on both tables, for the same reason.
CREATE FUNCTION ticklist_remember_lexemes(p_documents tsvector[])
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(d)) FROM unnest(p_documents) d ORDER BY 1
  ON CONFLICT DO NOTHING
$function$;--> statement-breakpoint

-- The card's tag chips (checklists.tag_names), kept by the tag triggers, follow the same order.
CREATE FUNCTION ticklist_tag_names(p_checklist_id uuid)
 RETURNS text[]
 LANGUAGE sql
 STABLE
AS $function$
  SELECT coalesce(array_agg(tag ORDER BY position, lower(tag), tag), '{}') FROM checklist_tags WHERE checklist_id = p_checklist_id
$function$;--> statement-breakpoint

-- An item count is of items: headings are not counted (the card's "N items", "X of Y", badges).
CREATE FUNCTION ticklist_items_count(p_checklist_id uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT count(*)::int FROM checklist_items WHERE checklist_id = p_checklist_id AND kind = 'item'
$function$;--> statement-breakpoint

-- A list's stored search document, tag keys and names and item count, written on its own row
-- before it is stored. A clone whose title, description, items and tags are its original's takes
-- the original's stored values instead of computing them again. The title's words are not counted
-- here: the browse counts take them after the row is written, when it is known whether the list is
-- public. A list's lexemes (search_lexemes) are taken here, before its words, as on every other
-- path (see ticklist_search_on_children).
CREATE FUNCTION ticklist_search_on_checklist()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  original record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT o.search_vector, o.tag_keys, o.tag_names, o.items_count INTO original
    FROM cloned_checklists k JOIN checklists o ON o.id = k.original_checklist_id
    WHERE k.cloned_checklist_id = NEW.id
      AND o.title = NEW.title AND o.description IS NOT DISTINCT FROM NEW.description
      AND (SELECT array_agg(i.content ORDER BY i.order_index, i.content) FROM checklist_items i WHERE i.checklist_id = o.id)
          IS NOT DISTINCT FROM
          (SELECT array_agg(i.content ORDER BY i.order_index, i.content) FROM checklist_items i WHERE i.checklist_id = NEW.id)
      AND (SELECT array_agg(t.tag ORDER BY t.tag) FROM checklist_tags t WHERE t.checklist_id = o.id)
          IS NOT DISTINCT FROM
          (SELECT array_agg(t.tag ORDER BY t.tag) FROM checklist_tags t WHERE t.checklist_id = NEW.id);
    IF FOUND THEN
      NEW.search_vector := original.search_vector;
      NEW.tag_keys := original.tag_keys;
      NEW.tag_names := original.tag_names;
      NEW.items_count := original.items_count;
      RETURN NEW;
    END IF;
  END IF;
  NEW.search_vector := ticklist_search_document(NEW.id, NEW.title, NEW.description);
  IF TG_OP = 'INSERT' THEN
    NEW.tag_keys := ticklist_tag_keys(NEW.id);
    NEW.tag_names := ticklist_tag_names(NEW.id);
    NEW.items_count := ticklist_items_count(NEW.id);
  END IF;
  PERFORM ticklist_remember_lexemes(ARRAY[NEW.search_vector]);
  RETURN NEW;
END $function$;--> statement-breakpoint

-- A change to a list's items or tags rewrites the list's search document (and its tag keys and
-- names, or its item count) on the list's row, once per statement. The tags' words are not counted
-- here: the browse counts take them from the list's new tag keys, when this UPDATE of its row ends. The documents' lexemes are added in the same statement as the
-- UPDATE, so before its counts take the words: lexemes, then words, on every path, so that two
-- writers bringing in the same new word never wait for each other in opposite orders.
CREATE FUNCTION ticklist_search_on_children()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  touched uuid[];
  is_tags boolean := TG_TABLE_NAME = 'checklist_tags';
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT checklist_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(checklist_id) INTO touched FROM (SELECT checklist_id FROM new_rows UNION SELECT checklist_id FROM old_rows) u;
  END IF;
  SELECT array_agg(c.id) INTO touched FROM checklists c WHERE c.id IN (SELECT unnest(touched));
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  WITH written AS (
    UPDATE checklists c
    SET search_vector = ticklist_search_document(c.id, c.title, c.description),
        tag_keys = CASE WHEN is_tags THEN ticklist_tag_keys(c.id) ELSE c.tag_keys END,
        tag_names = CASE WHEN is_tags THEN ticklist_tag_names(c.id) ELSE c.tag_names END,
        items_count = CASE WHEN is_tags THEN c.items_count ELSE ticklist_items_count(c.id) END
    WHERE c.id IN (SELECT unnest(touched))
    RETURNING c.search_vector)
  -- ticklist_remember_lexemes, inside this statement.
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM written ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$;--> statement-breakpoint

-- "You cannot like your own list", enforced by the database as follows_not_self enforces "never
-- follow yourself": the liker is not the list's author. A CHECK cannot read another table, so this
-- is a trigger. The API refuses first (canLike, 403); this refuses any other writer (seed, scripts,
-- psql). A list's author never changes, so only likes need watching. Self-likes written before
-- this rule existed may remain in old databases; the Crowd Pleaser metric ignores them (decision 011).
CREATE FUNCTION ticklist_refuse_self_like()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF EXISTS (SELECT 1 FROM checklists WHERE id = NEW.checklist_id AND author_id = NEW.user_id) THEN
    RAISE EXCEPTION 'a user cannot like their own checklist'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'checklist_likes_not_self', TABLE = 'checklist_likes';
  END IF;
  RETURN NEW;
END $function$;--> statement-breakpoint

-- What the user typed as a tsquery, every word by its English stem or as written, whole or as a
-- prefix (p_prefix). A prefix names the lexemes it begins when there are at least one
-- and at most 16 (beyond about 20 the named lexemes cost more than the prefix), and stays a prefix
-- otherwise; it matches the same lists either way. Quotes and backslashes in a lexeme are doubled,
-- as a tsquery's text wants them. The lexemes are a range of the text_pattern_ops index (the
-- upper bound is the word and the last code point; ^@ checks the prefix itself), in a UTF-8
-- database; in another, where that code point does not exist, a prefix stays one. PL/pgSQL keeps
-- its statement's plan for the session: as SQL it took three to ten times as long a call.
--
-- It reads a table and is still declared IMMUTABLE, so that the planner computes it once, with
-- the words as constants, and plans the scan for the lexemes it names (as it did for the prefix).
-- It must therefore never be used in an index, a generated column or a constraint: a value stored
-- there would miss a lexeme added since. No plan keeps it: every statement calling it with
-- constant words is planned anew, and a statement planned once (decision 033) passes the words as
-- parameters, which are not folded.
CREATE FUNCTION ticklist_search_query(p_terms text[], p_prefix boolean)
 RETURNS tsquery
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE
AS $function$
DECLARE
  term text;
  word text;
  named text;
  stem text;
  parts text[] := '{}';
BEGIN
  FOREACH term IN ARRAY coalesce(p_terms, '{}') LOOP
    word := translate(ticklist_unaccent(lower(term)), '''\', '');
    CONTINUE WHEN word IS NULL OR word = '';
    named := NULL;
    IF p_prefix AND current_setting('server_encoding') = 'UTF8' THEN
      SELECT CASE WHEN count(*) BETWEEN 1 AND 16
        THEN string_agg('''' || replace(replace(l.lexeme, '\', '\\'), '''', '''''') || '''', ' | ' ORDER BY l.lexeme) END
      INTO named
      FROM (SELECT lexeme FROM search_lexemes
            WHERE lexeme ~>=~ word AND lexeme ~<~ (word || chr(1114111)) AND lexeme ^@ word
            ORDER BY lexeme LIMIT 17) l;
    END IF;
    stem := nullif(translate((ts_lexize('english_stem', word))[1], '''\', ''), word);
    parts := parts || ('(' || coalesce(named, '''' || word || '''' || CASE WHEN p_prefix THEN ':*' ELSE '' END)
      || coalesce(' | ''' || stem || '''', '') || ')');
  END LOOP;
  RETURN array_to_string(parts, ' & ')::tsquery;
END $function$;--> statement-breakpoint

-- "Did you mean": for each typed word, the nearest word (by trigram similarity) that some public
-- list has, a word whose slots add up to more than zero.
CREATE FUNCTION ticklist_correct_terms(p_terms text[])
 RETURNS text[]
 LANGUAGE sql
 STABLE
AS $function$
  SELECT CASE WHEN bool_or(f.word IS NOT NULL) THEN array_agg(coalesce(f.word, t.term) ORDER BY t.ord) END
  FROM unnest(p_terms) WITH ORDINALITY AS t(term, ord)
  LEFT JOIN LATERAL (
    SELECT w.word FROM search_words w
    WHERE NOT EXISTS (
            SELECT 1 FROM checklists c
            WHERE c.is_public AND c.search_vector @@ ticklist_search_query(ARRAY[t.term], true))
      AND w.word % ticklist_unaccent(lower(t.term))
    GROUP BY w.word
    HAVING sum(w.public_count) > 0
    ORDER BY similarity(w.word, ticklist_unaccent(lower(t.term))) DESC,
             abs(length(w.word) - length(t.term)), w.word
    LIMIT 1
  ) f ON true
$function$;--> statement-breakpoint

-- Adds a statement's change to the public list count (to this session's stripe of
-- checklist_totals) and to the per-tag counts, in tag order so that writers never deadlock; a tag
-- at zero leaves the table.
CREATE FUNCTION ticklist_apply_browse_counts(p_total integer, p_deltas jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_total <> 0 THEN
    UPDATE checklist_totals SET public_count = public_count + p_total WHERE slot = pg_backend_pid() % 64;
  END IF;
  IF p_deltas IS NULL OR p_deltas = '{}'::jsonb THEN
    RETURN;
  END IF;
  INSERT INTO tag_counts (tag_key, tag, count)
  SELECT d.key, coalesce((SELECT t.tag FROM checklist_tags t WHERE lower(t.tag) = d.key LIMIT 1), d.key), d.value::int
  FROM jsonb_each_text(p_deltas) d
  ORDER BY d.key
  ON CONFLICT (tag_key) DO UPDATE SET count = tag_counts.count + excluded.count;
  DELETE FROM tag_counts WHERE tag_key IN (SELECT jsonb_object_keys(p_deltas)) AND count <= 0;
END $function$;--> statement-breakpoint

-- The words of a list that corrections may offer: its title's and its tags' (lower-case,
-- unaccented, 3 to 40 letters, not a number), each once. Of the row alone, so that the counts can
-- take a list's words away from its old row as they add them from its new one.
CREATE FUNCTION ticklist_list_words(p_title text, p_tag_keys text[])
 RETURNS SETOF text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT lexeme
  FROM unnest(to_tsvector('simple'::regconfig, coalesce(ticklist_unaccent(p_title), ''))
           || to_tsvector('simple'::regconfig, coalesce(ticklist_unaccent(array_to_string(p_tag_keys, ' ')), '')))
  WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme !~ '^[0-9]+$'
$function$;--> statement-breakpoint

-- Adds each word's change in public lists (a word → a number) to the rows of this session's slot,
-- in word order, so that two statements never take the same rows in opposite orders; a row at zero
-- leaves the table. Another session waits for these rows only when it has the same slot.
CREATE FUNCTION ticklist_apply_search_words(p_deltas jsonb)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  own_slot smallint := pg_backend_pid() % 64;
  emptied text[];
BEGIN
  IF p_deltas IS NULL OR p_deltas = '{}'::jsonb THEN
    RETURN;
  END IF;
  WITH applied AS (
    INSERT INTO search_words (word, slot, public_count)
    SELECT d.key, own_slot, d.value::int FROM jsonb_each_text(p_deltas) d ORDER BY d.key
    ON CONFLICT (word, slot) DO UPDATE SET public_count = search_words.public_count + excluded.public_count
    RETURNING word, public_count)
  SELECT array_agg(word) INTO emptied FROM applied WHERE public_count = 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM search_words WHERE slot = own_slot AND word = ANY (emptied) AND public_count = 0;
  END IF;
END $function$;--> statement-breakpoint

-- Browse's counts (public lists, lists per tag, the words corrections may offer), kept by the
-- statements that write lists: a list's words count while it is public,
-- whatever writes (create, clone, edit, tags, visibility, bulk actions, delete, account deletion,
-- psql). A statement touches only the words of the lists it writes. An UPDATE first sets the
-- lists' old rows against their new ones by title and tag keys, which cancel out for every list
-- whose words and visibility did not change (a like, a use, an item), before any word is read.
CREATE FUNCTION ticklist_browse_counts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  total integer := 0;
  deltas jsonb;
  word_deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) FILTER (WHERE is_public) INTO total FROM new_rows;
    SELECT jsonb_object_agg(key, n) INTO deltas FROM (
      SELECT key, count(*) AS n FROM new_rows r, unnest(r.tag_keys) key WHERE r.is_public GROUP BY key) d;
    SELECT jsonb_object_agg(word, n) INTO word_deltas FROM (
      SELECT word, count(*) AS n FROM new_rows r, ticklist_list_words(r.title, r.tag_keys) word
      WHERE r.is_public GROUP BY word) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -count(*) FILTER (WHERE is_public) INTO total FROM old_rows;
    SELECT jsonb_object_agg(key, n) INTO deltas FROM (
      SELECT key, -count(*) AS n FROM old_rows r, unnest(r.tag_keys) key WHERE r.is_public GROUP BY key) d;
    SELECT jsonb_object_agg(word, n) INTO word_deltas FROM (
      SELECT word, -count(*) AS n FROM old_rows r, ticklist_list_words(r.title, r.tag_keys) word
      WHERE r.is_public GROUP BY word) d;
  ELSE
    -- Every UPDATE of checklists comes here (a like's counter too: transition tables cannot be had
    -- with a column list). Most change neither visibility, title nor tags: their deltas sum to
    -- nothing and nothing is written. (No join of old and new rows by id: transition tables have no index, and
    -- a statement touching 20,000 lists would compare every pair.)
    SELECT (SELECT count(*) FILTER (WHERE is_public) FROM new_rows) - (SELECT count(*) FILTER (WHERE is_public) FROM old_rows)
    INTO total;
    SELECT jsonb_object_agg(key, n) INTO deltas FROM (
      SELECT key, sum(n) AS n FROM (
        SELECT key, 1 AS n FROM new_rows r, unnest(r.tag_keys) key WHERE r.is_public
        UNION ALL
        SELECT key, -1 FROM old_rows r, unnest(r.tag_keys) key WHERE r.is_public) changes
      GROUP BY key HAVING sum(n) <> 0) d;
    SELECT jsonb_object_agg(word, n) INTO word_deltas FROM (
      SELECT word, sum(l.n) AS n
      FROM (
        SELECT title, tag_keys, sum(n) AS n FROM (
          SELECT title, tag_keys, 1 AS n FROM new_rows WHERE is_public
          UNION ALL
          SELECT title, tag_keys, -1 FROM old_rows WHERE is_public) changes
        GROUP BY title, tag_keys HAVING sum(n) <> 0) l,
        ticklist_list_words(l.title, l.tag_keys) word
      GROUP BY word HAVING sum(l.n) <> 0) d;
  END IF;
  PERFORM ticklist_apply_browse_counts(total, deltas);
  PERFORM ticklist_apply_search_words(word_deltas);
  RETURN NULL;
END $function$;--> statement-breakpoint

-- A content write's quota counters (security/rate-limit.ts, consumeWriteQuota) in one statement:
-- the counters are counted in the order given, each within its own fixed window, and counting stops
-- at the first one past its maximum, exactly as four statements in turn did, but in one round trip
-- and one commit instead of four. Returns 0 when every counter allowed the
-- event, else the seconds until the refusing counter's window ends (at least 1).
CREATE FUNCTION ticklist_count_events(p_keys text[], p_windows integer[], p_maxes integer[])
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  counted integer;
  window_end timestamptz;
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_keys, 1), 0) LOOP
    INSERT INTO rate_limits AS r (key, window_start, count) VALUES (p_keys[i], now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= now() - make_interval(secs => p_windows[i]) THEN 1 ELSE r.count + 1 END,
      window_start = CASE WHEN r.window_start <= now() - make_interval(secs => p_windows[i]) THEN now() ELSE r.window_start END
    RETURNING r.count, r.window_start + make_interval(secs => p_windows[i]) INTO counted, window_end;
    IF counted > p_maxes[i] THEN
      RETURN greatest(1, ceil(extract(epoch FROM window_end - now())))::integer;
    END IF;
  END LOOP;
  RETURN 0;
END $function$;--> statement-breakpoint

-- Takes the next search generation (see the sequence above) once per writing statement.
CREATE FUNCTION ticklist_next_search_generation()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM nextval('checklists_search_generation');
  RETURN NULL;
END $function$;--> statement-breakpoint

-- Remix lineage: a deleted list's clones are credited to its own original, the nearest ancestor
-- still standing, so a chain skips the deleted link. When the deleted list was no clone (or its
-- original is gone too), the foreign key's SET NULL leaves its clones its title as plain text.
-- Row by row, and only to an ancestor that still exists: a statement deleting several lists of one
-- chain (an account's) sees the rows it has already deleted as gone.
CREATE FUNCTION ticklist_credit_surviving_ancestor()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  ancestor uuid;
  ancestor_title text;
BEGIN
  SELECT o.id, o.title INTO ancestor, ancestor_title
  FROM cloned_checklists k JOIN checklists o ON o.id = k.original_checklist_id
  WHERE k.cloned_checklist_id = OLD.id;
  IF ancestor IS NOT NULL THEN
    -- The list being deleted must not be written to (its clone count) before it is deleted:
    -- ticklist_count_clones leaves it alone while this names it.
    PERFORM set_config('ticklist.list_being_deleted', OLD.id::text, true);
    UPDATE cloned_checklists SET original_checklist_id = ancestor, original_title = ancestor_title
    WHERE original_checklist_id = OLD.id;
    PERFORM set_config('ticklist.list_being_deleted', '', true);
  END IF;
  RETURN OLD;
END $function$;--> statement-breakpoint

-- Triggers.

CREATE TRIGGER checklist_item_completions_progress AFTER INSERT OR DELETE ON checklist_item_completions FOR EACH ROW EXECUTE FUNCTION ticklist_track_progress();--> statement-breakpoint

CREATE TRIGGER checklist_items_search_delete AFTER DELETE ON checklist_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();--> statement-breakpoint

CREATE TRIGGER checklist_items_search_insert AFTER INSERT ON checklist_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();--> statement-breakpoint

CREATE TRIGGER checklist_items_search_update AFTER UPDATE ON checklist_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();--> statement-breakpoint

CREATE TRIGGER checklist_likes_count AFTER INSERT OR DELETE ON checklist_likes FOR EACH ROW EXECUTE FUNCTION ticklist_count_likes();--> statement-breakpoint

CREATE TRIGGER checklist_likes_not_self BEFORE INSERT OR UPDATE OF checklist_id, user_id ON checklist_likes FOR EACH ROW EXECUTE FUNCTION ticklist_refuse_self_like();--> statement-breakpoint

CREATE TRIGGER checklist_progress_uses AFTER INSERT OR DELETE ON checklist_progress FOR EACH ROW EXECUTE FUNCTION ticklist_count_uses();--> statement-breakpoint

CREATE TRIGGER checklist_tags_search_delete AFTER DELETE ON checklist_tags REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();--> statement-breakpoint

CREATE TRIGGER checklist_tags_search_insert AFTER INSERT ON checklist_tags REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();--> statement-breakpoint

CREATE TRIGGER checklist_tags_search_update AFTER UPDATE ON checklist_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_search_on_children();--> statement-breakpoint

CREATE TRIGGER checklists_browse_counts_delete AFTER DELETE ON checklists REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_browse_counts();--> statement-breakpoint

CREATE TRIGGER checklists_browse_counts_insert AFTER INSERT ON checklists REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_browse_counts();--> statement-breakpoint

CREATE TRIGGER checklists_browse_counts_update AFTER UPDATE ON checklists REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticklist_browse_counts();--> statement-breakpoint

CREATE TRIGGER checklists_credit_surviving_ancestor BEFORE DELETE ON checklists FOR EACH ROW EXECUTE FUNCTION ticklist_credit_surviving_ancestor();--> statement-breakpoint

CREATE TRIGGER checklists_search BEFORE INSERT OR UPDATE OF title, description ON checklists FOR EACH ROW EXECUTE FUNCTION ticklist_search_on_checklist();--> statement-breakpoint

-- A like, a use or a clone updates only its counter column, which no search reads: not these.
-- search_vector and tag_keys are named because item and tag changes write them into the list.
CREATE TRIGGER checklists_search_generation_change AFTER INSERT OR DELETE OR UPDATE OF is_public, title, description, search_vector, tag_keys ON checklists FOR EACH STATEMENT EXECUTE FUNCTION ticklist_next_search_generation();--> statement-breakpoint

CREATE TRIGGER cloned_checklists_count AFTER INSERT OR DELETE OR UPDATE OF original_checklist_id ON cloned_checklists FOR EACH ROW EXECUTE FUNCTION ticklist_count_clones();--> statement-breakpoint

--> statement-breakpoint
-- The planner takes no statistics from a partial index's expression, and a weight-restricted tsquery
-- ('word':A) is estimated as if the word could be anywhere: without these it believes a common word
-- is in as few titles as the default guess (0.5 %) and sorts thousands of matches instead of reading
-- the newest-first index until 13 match. Statistics on the same expressions give it each field set's
-- own word frequencies.
CREATE STATISTICS "checklists_search_title_stats" ON (ts_filter("search_vector", '{a}')) FROM "checklists";--> statement-breakpoint
CREATE STATISTICS "checklists_search_title_tags_stats" ON (ts_filter("search_vector", '{a,b}')) FROM "checklists";--> statement-breakpoint
CREATE STATISTICS "checklists_search_title_tags_description_stats" ON (ts_filter("search_vector", '{a,b,c}')) FROM "checklists";--> statement-breakpoint

-- The public list count is kept in 64 striped rows, so concurrent writers rarely update the same
-- row; readers add them up.
INSERT INTO "checklist_totals" ("slot", "public_count") SELECT s, 0 FROM generate_series(0, 63) s;--> statement-breakpoint
-- Content kept after its owner deleted their account is moved to one reserved author, "Deleted
-- user" (DELETED_USER in src/domain/accounts/account-data.ts). It has no credential account, so no
-- password signs in as it; its address is in the reserved .invalid domain, so no mail reaches it;
-- its profile is private and its username is taken, so nobody can register it.
INSERT INTO users (id, name, email, email_verified)
VALUES ('ticklist-deleted-user', 'deleted_user', 'deleted-user@ticklist.invalid', true);--> statement-breakpoint
INSERT INTO profiles (id, username, profile_name, avatar_url, is_public, email_notifications)
VALUES ('ticklist-deleted-user', 'deleted_user', 'Deleted user', '👤', false, false);
