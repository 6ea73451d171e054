CREATE TABLE "company_team_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"members_may_hide_byline" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_member_details" ADD COLUMN "hide_byline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_team_settings" ADD CONSTRAINT "company_team_settings_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;