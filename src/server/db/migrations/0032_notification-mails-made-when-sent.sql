ALTER TABLE "notification_mails" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "checklist_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_mails_actor_idx" ON "notification_mails" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "notification_mails_checklist_idx" ON "notification_mails" USING btree ("checklist_id");