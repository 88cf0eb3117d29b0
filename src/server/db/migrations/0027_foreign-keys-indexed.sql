CREATE INDEX "notifications_actor_user_idx" ON "notifications" USING btree ("actor_id","user_id");--> statement-breakpoint
CREATE INDEX "notifications_checklist_idx" ON "notifications" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "notification_mails_user_idx" ON "notification_mails" USING btree ("user_id");