DROP INDEX "content_owner_timeline_idx";--> statement-breakpoint
DROP INDEX "content_kind_timeline_idx";--> statement-breakpoint
CREATE INDEX "content_owner_timeline_idx" ON "content_items" USING btree ("owner_id","status","publication_date","id","kind");--> statement-breakpoint
CREATE INDEX "content_kind_timeline_idx" ON "content_items" USING btree ("kind","status","publication_date","id");