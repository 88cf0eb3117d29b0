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
	CONSTRAINT "profiles_username_format" CHECK ("profiles"."username" ~ '^[A-Za-z0-9_]{3,20}$'),
	CONSTRAINT "profiles_theme_values" CHECK ("profiles"."theme" in ('light', 'dark', 'system'))
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
	CONSTRAINT "checklist_items_id_checklist_unique" UNIQUE("id","checklist_id"),
	CONSTRAINT "checklist_items_order_from_one" CHECK ("checklist_items"."order_index" >= 1),
	CONSTRAINT "checklist_items_content_not_blank" CHECK (btrim("checklist_items"."content") <> '')
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
	CONSTRAINT "checklist_progress_checklist_id_user_id_pk" PRIMARY KEY("checklist_id","user_id"),
	CONSTRAINT "checklist_progress_positive" CHECK ("checklist_progress"."completed_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "checklist_tags" (
	"checklist_id" uuid NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "checklist_tags_checklist_id_tag_pk" PRIMARY KEY("checklist_id","tag"),
	CONSTRAINT "checklist_tags_not_blank" CHECK (btrim("checklist_tags"."tag") <> '')
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
	"rating" numeric(2, 1),
	"uses_count" integer DEFAULT 0 NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"clones_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklists_difficulty_values" CHECK ("checklists"."difficulty" in ('easy', 'medium', 'hard')),
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
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_comments" ADD CONSTRAINT "checklist_comments_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_comments" ADD CONSTRAINT "checklist_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_item_completions" ADD CONSTRAINT "checklist_item_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_item_completions" ADD CONSTRAINT "checklist_item_completions_item_fk" FOREIGN KEY ("checklist_item_id","checklist_id") REFERENCES "public"."checklist_items"("id","checklist_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_likes" ADD CONSTRAINT "checklist_likes_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_likes" ADD CONSTRAINT "checklist_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD CONSTRAINT "checklist_progress_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD CONSTRAINT "checklist_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_tags" ADD CONSTRAINT "checklist_tags_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloned_checklists" ADD CONSTRAINT "cloned_checklists_original_checklist_id_checklists_id_fk" FOREIGN KEY ("original_checklist_id") REFERENCES "public"."checklists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloned_checklists" ADD CONSTRAINT "cloned_checklists_cloned_checklist_id_checklists_id_fk" FOREIGN KEY ("cloned_checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloned_checklists" ADD CONSTRAINT "cloned_checklists_cloned_by_users_id_fk" FOREIGN KEY ("cloned_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_idx" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "checklist_comments_checklist_created_idx" ON "checklist_comments" USING btree ("checklist_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_comments_user_idx" ON "checklist_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checklist_item_completions_item_idx" ON "checklist_item_completions" USING btree ("checklist_item_id");--> statement-breakpoint
CREATE INDEX "checklist_item_completions_checklist_user_idx" ON "checklist_item_completions" USING btree ("checklist_id","user_id");--> statement-breakpoint
CREATE INDEX "checklist_items_checklist_order_idx" ON "checklist_items" USING btree ("checklist_id","order_index");--> statement-breakpoint
CREATE INDEX "checklist_likes_user_idx" ON "checklist_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checklist_progress_user_idx" ON "checklist_progress" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_tags_tag_idx" ON "checklist_tags" USING btree (lower("tag"));--> statement-breakpoint
CREATE INDEX "checklists_public_created_idx" ON "checklists" USING btree ("created_at" DESC NULLS LAST) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_public_uses_idx" ON "checklists" USING btree ("uses_count" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_public_likes_idx" ON "checklists" USING btree ("likes_count" DESC NULLS LAST,"created_at" DESC NULLS LAST) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_public_updated_idx" ON "checklists" USING btree ("updated_at" DESC NULLS LAST) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_public_rating_idx" ON "checklists" USING btree ("rating" DESC NULLS LAST) WHERE "checklists"."is_public";--> statement-breakpoint
CREATE INDEX "checklists_author_created_idx" ON "checklists" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cloned_checklists_original_idx" ON "cloned_checklists" USING btree ("original_checklist_id");--> statement-breakpoint
CREATE INDEX "cloned_checklists_cloned_by_idx" ON "cloned_checklists" USING btree ("cloned_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_checklists_checklist_idx" ON "saved_checklists" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "user_list_groups_user_created_idx" ON "user_list_groups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_list_memberships_group_idx" ON "user_list_memberships" USING btree ("list_group_id");--> statement-breakpoint
CREATE INDEX "user_list_memberships_checklist_idx" ON "user_list_memberships" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "follows_followed_idx" ON "follows" USING btree ("followed_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "user_badges_badge_idx" ON "user_badges" USING btree ("badge_slug");--> statement-breakpoint
CREATE INDEX "mail_outbox_sent_idx" ON "mail_outbox" USING btree ("sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE VIEW "public"."notifications_with_actor" AS (select n.id, n.user_id, n.actor_id, n.type, n.message, n.checklist_id, n.read_at, n.created_at,
        p.username as actor_username, p.profile_name as actor_name, p.avatar_url as actor_avatar
      from notifications n left join profiles p on p.id = n.actor_id);