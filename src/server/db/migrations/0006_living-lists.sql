CREATE TABLE "checklist_tick_stats" (
	"checklist_id" uuid PRIMARY KEY NOT NULL,
	"people" integer NOT NULL,
	"shares" jsonb NOT NULL,
	"completed_runs" integer NOT NULL,
	"usual_seconds" integer,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remix_idea_dismissals" (
	"checklist_id" uuid NOT NULL,
	"idea_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remix_idea_dismissals_checklist_id_idea_key_pk" PRIMARY KEY("checklist_id","idea_key")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_values";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "upstream_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD COLUMN "ticked_keys" uuid[];--> statement-breakpoint
ALTER TABLE "checklist_runs" ADD COLUMN "last_tick_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_tick_stats" ADD CONSTRAINT "checklist_tick_stats_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remix_idea_dismissals" ADD CONSTRAINT "remix_idea_dismissals_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_values" CHECK ("notifications"."type" in ('like', 'comment', 'clone', 'follow', 'badge', 'moderation', 'upstream'));