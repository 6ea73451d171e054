ALTER TABLE "content_items" ADD COLUMN "author_user_id" text;--> statement-breakpoint
CREATE INDEX "content_slug_idx" ON "content_items" USING btree ("slug");