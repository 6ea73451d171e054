CREATE TABLE "storage_deletions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"upload_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_deletions_due_idx" ON "storage_deletions" USING btree ("not_before");
--> statement-breakpoint
-- Issue 11: session tokens are stored as their SHA-256 (hex), never in clear (policy/token.ts
-- sessionTokenDigest; better-auth writes them through modules/accounts/session-store.ts). Live
-- sessions keep working: their cookies carry the token, whose digest is now what is stored.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
