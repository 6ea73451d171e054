CREATE TABLE "chat_members" (
	"chat_id" text NOT NULL,
	"profile_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"request" text DEFAULT 'none' NOT NULL,
	"from_seq" bigint DEFAULT 0 NOT NULL,
	"until_seq" bigint,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"notified_seq" bigint DEFAULT 0 NOT NULL,
	"assigned_user_id" text,
	"activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"change_seq" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "chat_members_chat_id_profile_id_pk" PRIMARY KEY("chat_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"chat_id" text NOT NULL,
	"sender_profile_id" text NOT NULL,
	"sender_user_id" text,
	"client_id" text,
	"body" text DEFAULT '' NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"change_seq" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"company_profile_id" text NOT NULL,
	"author_user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"reporter_user_id" text NOT NULL,
	"reporter_profile_id" text,
	"message_id" text NOT NULL,
	"chat_id" text NOT NULL,
	"sender_profile_id" text,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text,
	"created_by" text NOT NULL,
	"direct_key" text,
	"last_message_seq" bigint DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_settings" (
	"profile_id" text PRIMARY KEY NOT NULL,
	"message_policy" text DEFAULT 'everyone_verified' NOT NULL,
	"chat_digest" boolean DEFAULT false NOT NULL,
	"digest_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_profile_id_profiles_id_fk" FOREIGN KEY ("sender_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notes" ADD CONSTRAINT "chat_notes_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notes" ADD CONSTRAINT "chat_notes_company_profile_id_profiles_id_fk" FOREIGN KEY ("company_profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notes" ADD CONSTRAINT "chat_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_reporter_profile_id_profiles_id_fk" FOREIGN KEY ("reporter_profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_settings" ADD CONSTRAINT "messaging_settings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_members_inbox_idx" ON "chat_members" USING btree ("profile_id","activity_at","chat_id");--> statement-breakpoint
CREATE INDEX "chat_members_changes_idx" ON "chat_members" USING btree ("profile_id","change_seq");--> statement-breakpoint
CREATE INDEX "chat_members_unread_idx" ON "chat_members" USING btree ("profile_id") WHERE "chat_members"."unread_count" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_id_idx" ON "chat_messages" USING btree ("id");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_seq_idx" ON "chat_messages" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_chat_change_idx" ON "chat_messages" USING btree ("chat_id","change_seq");--> statement-breakpoint
CREATE INDEX "chat_messages_attachments_idx" ON "chat_messages" USING gin ("attachments");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("sender_profile_id","client_id") WHERE "chat_messages"."client_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_notes_chat_idx" ON "chat_notes" USING btree ("chat_id","company_profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reports_once_idx" ON "chat_reports" USING btree ("reporter_user_id","message_id");--> statement-breakpoint
CREATE INDEX "chat_reports_status_idx" ON "chat_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_direct_key_idx" ON "chats" USING btree ("direct_key") WHERE "chats"."direct_key" IS NOT NULL;
--> statement-breakpoint
-- Message search (decision 0021): words as written ('simple'), unaccented, like names; generated
-- and stored, left out of the Drizzle schema as the other search columns are (0008_search.sql).
ALTER TABLE "chat_messages" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', vn_unaccent(coalesce(body, '')))
) STORED;
--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin ("search");
