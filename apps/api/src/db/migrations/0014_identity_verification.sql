CREATE TABLE "idv_appeals" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"user_id" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"note" text,
	CONSTRAINT "idv_appeals_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "idv_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"side" text NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idv_sandbox_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_digest" text NOT NULL,
	"reference" text NOT NULL,
	"country" text NOT NULL,
	"callback_url" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"document_type" text,
	"document_number_end" text,
	"planned_status" text,
	"planned_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "idv_sandbox_sessions_token_digest_unique" UNIQUE("token_digest")
);
--> statement-breakpoint
CREATE TABLE "idv_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"provider" text NOT NULL,
	"vendor_session_id" text,
	"capture_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"stage" text DEFAULT 'capture' NOT NULL,
	"country" text NOT NULL,
	"document_type" text,
	"document_number_end" text,
	"reason_code" text,
	"requested_documents" text,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"documents_purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idv_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idv_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "idv_appeals" ADD CONSTRAINT "idv_appeals_transaction_id_idv_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."idv_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idv_appeals" ADD CONSTRAINT "idv_appeals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idv_documents" ADD CONSTRAINT "idv_documents_transaction_id_idv_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."idv_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idv_transactions" ADD CONSTRAINT "idv_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idv_transactions" ADD CONSTRAINT "idv_transactions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idv_documents_transaction_idx" ON "idv_documents" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idv_documents_capture_side_idx" ON "idv_documents" USING btree ("transaction_id","side") WHERE "idv_documents"."side" <> 'extra';--> statement-breakpoint
CREATE UNIQUE INDEX "idv_transactions_one_open_idx" ON "idv_transactions" USING btree ("user_id") WHERE "idv_transactions"."stage" <> 'decided';--> statement-breakpoint
CREATE INDEX "idv_transactions_user_idx" ON "idv_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "idv_transactions_purge_idx" ON "idv_transactions" USING btree ("decided_at") WHERE "idv_transactions"."documents_purged_at" IS NULL AND "idv_transactions"."stage" = 'decided';--> statement-breakpoint
CREATE INDEX "idv_transactions_review_idx" ON "idv_transactions" USING btree ("status") WHERE "idv_transactions"."status" = 'pending_admin_action';