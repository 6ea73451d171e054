CREATE TABLE "kyb_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyb_sandbox_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"callback_url" text NOT NULL,
	"registration_number" text NOT NULL,
	"country" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"planned_status" text NOT NULL,
	"planned_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyb_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"created_by" text,
	"provider" text,
	"check_id" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"legal_name" text,
	"registration_number" text,
	"country" text,
	"registered_address" text,
	"incorporation_date" text,
	"website" text,
	"reason_code" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "kyb_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyb_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
DROP INDEX "company_invites_pending_email_idx";--> statement-breakpoint
ALTER TABLE "company_invites" ADD COLUMN "kind" text DEFAULT 'team' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_invites" ADD COLUMN "kyb_transaction_id" text;--> statement-breakpoint
ALTER TABLE "kyb_documents" ADD CONSTRAINT "kyb_documents_transaction_id_kyb_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."kyb_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_transactions" ADD CONSTRAINT "kyb_transactions_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_transactions" ADD CONSTRAINT "kyb_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyb_transactions" ADD CONSTRAINT "kyb_transactions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyb_documents_transaction_idx" ON "kyb_documents" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "kyb_documents_key_idx" ON "kyb_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "kyb_transactions_company_idx" ON "kyb_transactions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyb_transactions_open_idx" ON "kyb_transactions" USING btree ("company_id") WHERE "kyb_transactions"."status" IN ('draft', 'pending', 'pending_admin_action');--> statement-breakpoint
CREATE UNIQUE INDEX "kyb_transactions_check_idx" ON "kyb_transactions" USING btree ("provider","check_id");--> statement-breakpoint
ALTER TABLE "company_invites" ADD CONSTRAINT "company_invites_kyb_transaction_id_kyb_transactions_id_fk" FOREIGN KEY ("kyb_transaction_id") REFERENCES "public"."kyb_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_invites_kyb_idx" ON "company_invites" USING btree ("kyb_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_invites_pending_email_idx" ON "company_invites" USING btree ("company_id","kind","email") WHERE "company_invites"."status" = 'pending';