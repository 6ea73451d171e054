CREATE TABLE "creator_applications" (
	"id" text PRIMARY KEY DEFAULT ('capp_' || replace(gen_random_uuid()::text, '-', '')) NOT NULL,
	"profile_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"publishes" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"appeal_message" text,
	"appealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_profile_id" text NOT NULL,
	"provider" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_outcomes" (
	"id" text PRIMARY KEY DEFAULT ('pout_' || replace(gen_random_uuid()::text, '-', '')) NOT NULL,
	"owner_profile_id" text NOT NULL,
	"key" text NOT NULL,
	"outcome" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"owner_profile_id" text NOT NULL,
	"key" text NOT NULL,
	"request_digest" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_owner_profile_id_key_pk" PRIMARY KEY("owner_profile_id","key")
);
--> statement-breakpoint
CREATE TABLE "payments_sandbox_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments_sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments_sandbox_idempotency" (
	"key" text PRIMARY KEY NOT NULL,
	"request_digest" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments_sandbox_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"customer_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_visits" (
	"owner_profile_id" text NOT NULL,
	"viewer_profile_id" text NOT NULL,
	"subject" text NOT NULL,
	"day" text NOT NULL,
	"views" integer DEFAULT 1 NOT NULL,
	"stealth" boolean DEFAULT false NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_visits_owner_profile_id_viewer_profile_id_subject_day_pk" PRIMARY KEY("owner_profile_id","viewer_profile_id","subject","day")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_change_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminder_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "badge_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "badge_cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "badge_reminder_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "desired_plan_tier" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "desired_period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_action" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "creator_applications" ADD CONSTRAINT "creator_applications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_owner_profile_id_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_outcomes" ADD CONSTRAINT "payment_outcomes_owner_profile_id_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_owner_profile_id_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_owner_profile_id_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_visits" ADD CONSTRAINT "profile_visits_viewer_profile_id_profiles_id_fk" FOREIGN KEY ("viewer_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "creator_applications_profile_idx" ON "creator_applications" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "creator_applications_status_idx" ON "creator_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payment_invoices_owner_idx" ON "payment_invoices" USING btree ("owner_profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_outcomes_key_idx" ON "payment_outcomes" USING btree ("key");--> statement-breakpoint
CREATE INDEX "payment_outcomes_owner_idx" ON "payment_outcomes" USING btree ("owner_profile_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_sandbox_events_pending_idx" ON "payments_sandbox_events" USING btree ("delivered_at","created_at");--> statement-breakpoint
CREATE INDEX "payments_sandbox_objects_type_idx" ON "payments_sandbox_objects" USING btree ("type","customer_id");--> statement-breakpoint
CREATE INDEX "profile_visits_owner_idx" ON "profile_visits" USING btree ("owner_profile_id","last_viewed_at");--> statement-breakpoint
CREATE INDEX "profile_visits_day_idx" ON "profile_visits" USING btree ("day");