CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"uploader_user_id" text,
	"upload_type" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"ext" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"title" text,
	"description" text,
	"original_key" text NOT NULL,
	"outputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"crops" jsonb,
	"progress" real,
	"error_code" text,
	"content_item_id" text,
	"role" text,
	"position" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"uploader_user_id" text,
	"upload_type" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"received_bytes" bigint DEFAULT 0 NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"storage_upload_id" text NOT NULL,
	"title" text,
	"description" text,
	"crops" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_content_item_id_content_items_id_fk" FOREIGN KEY ("content_item_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_content_idx" ON "media_files" USING btree ("content_item_id","role","position");--> statement-breakpoint
CREATE INDEX "media_owner_sha_idx" ON "media_files" USING btree ("owner_id","sha256");--> statement-breakpoint
CREATE INDEX "media_pending_idx" ON "media_files" USING btree ("status","updated_at") WHERE "media_files"."status" IN ('media-processing', 'unprocessed');--> statement-breakpoint
CREATE INDEX "media_uploads_expiry_idx" ON "media_uploads" USING btree ("status","expires_at");