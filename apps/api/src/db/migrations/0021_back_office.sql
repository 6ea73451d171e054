CREATE TABLE "leads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb NOT NULL,
	"email" text,
	"user_id" text,
	"profile_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_profile_id" text,
	"target_user_id" text,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" text NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"previous_status" text,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_decision" text,
	"appeal_decided_by" text,
	"appeal_decided_at" timestamp with time zone,
	"appeal_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_events" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" text,
	"staff_role" text,
	"report_id" text,
	"action_id" text,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_subjects" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"profile_id" text,
	"state" text DEFAULT 'open' NOT NULL,
	"open_reports" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"last_reported_at" timestamp with time zone,
	"first_action_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "limited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_subject_id_moderation_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."moderation_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_events" ADD CONSTRAINT "moderation_events_subject_id_moderation_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."moderation_subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_subject_idx" ON "moderation_actions" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_waiting_idx" ON "moderation_actions" USING btree ("created_at") WHERE "moderation_actions"."status" = 'pending_approval' OR ("moderation_actions"."appealed_at" IS NOT NULL AND "moderation_actions"."appeal_decision" IS NULL);--> statement-breakpoint
CREATE INDEX "moderation_events_subject_idx" ON "moderation_events" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_subjects_subject_idx" ON "moderation_subjects" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "moderation_subjects_queue_idx" ON "moderation_subjects" USING btree ("state","priority","last_reported_at");--> statement-breakpoint
CREATE INDEX "moderation_subjects_profile_idx" ON "moderation_subjects" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "two_factors_user_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "two_factors_secret_idx" ON "two_factors" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "chat_reports_subject_idx" ON "chat_reports" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_user_id","outcome");--> statement-breakpoint
CREATE INDEX "reports_subject_idx" ON "reports" USING btree ("subject_id");--> statement-breakpoint
-- The review log is append-only: a change or a deletion is refused by the database itself.
CREATE FUNCTION moderation_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_events is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER moderation_events_append_only BEFORE UPDATE OR DELETE ON "moderation_events"
  FOR EACH ROW EXECUTE FUNCTION moderation_events_append_only();
