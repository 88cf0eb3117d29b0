CREATE TABLE "username_holds" (
	"username" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "username_holds_username_lower_idx" ON "username_holds" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "username_holds_expires_idx" ON "username_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_unconfirmed_created_idx" ON "users" USING btree ("created_at") WHERE not "users"."email_verified";