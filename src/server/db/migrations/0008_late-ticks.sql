CREATE TABLE "checklist_untick_marks" (
	"user_id" text NOT NULL,
	"checklist_item_id" uuid NOT NULL,
	"unticked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checklist_untick_marks_user_id_checklist_item_id_pk" PRIMARY KEY("user_id","checklist_item_id")
);
--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD COLUMN "reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_progress" ADD COLUMN "reset_key" uuid;--> statement-breakpoint
ALTER TABLE "checklist_untick_marks" ADD CONSTRAINT "checklist_untick_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_untick_marks" ADD CONSTRAINT "checklist_untick_marks_checklist_item_id_checklist_items_id_fk" FOREIGN KEY ("checklist_item_id") REFERENCES "public"."checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_untick_marks_item_idx" ON "checklist_untick_marks" USING btree ("checklist_item_id");--> statement-breakpoint
CREATE INDEX "checklist_untick_marks_unticked_idx" ON "checklist_untick_marks" USING btree ("unticked_at");
