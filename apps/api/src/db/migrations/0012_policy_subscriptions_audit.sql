CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_profile_id" text,
	"staff_role" text,
	"action" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY DEFAULT ('sub_' || replace(gen_random_uuid()::text, '-', '')) NOT NULL,
	"owner_profile_id" text NOT NULL,
	"plan_tier" text DEFAULT 'basic' NOT NULL,
	"period" text DEFAULT 'monthly' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"current_period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"current_period_end" timestamp with time zone,
	"trial_started_at" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"trial_used" boolean DEFAULT false NOT NULL,
	"addons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"badge_active" boolean DEFAULT false NOT NULL,
	"next_plan_tier" text,
	"next_period" text,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"provider_customer_id" text,
	"provider_subscription_id" text,
	"failed_renewals" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_owner_profile_id_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource_type","resource_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_owner_idx" ON "subscriptions" USING btree ("owner_profile_id");--> statement-breakpoint
CREATE INDEX "subscriptions_tier_idx" ON "subscriptions" USING btree ("plan_tier");--> statement-breakpoint
-- Today's tiers move into the stored subscriptions, one per profile.
INSERT INTO "subscriptions" ("owner_profile_id", "plan_tier", "current_period_end")
SELECT "id", "plan_tier", CASE WHEN "plan_tier" = 'basic' THEN NULL ELSE now() + interval '1 month' END
FROM "profiles";--> statement-breakpoint
-- Every new profile starts on the basic plan, whichever path inserts it (sign-up, company
-- creation, seed scripts), so entitlements never read a missing row.
CREATE OR REPLACE FUNCTION subscriptions_for_new_profile() RETURNS trigger AS $$
BEGIN
  INSERT INTO subscriptions (owner_profile_id) VALUES (NEW.id) ON CONFLICT (owner_profile_id) DO NOTHING;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER subscriptions_for_new_profile AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION subscriptions_for_new_profile();--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "plan_tier";