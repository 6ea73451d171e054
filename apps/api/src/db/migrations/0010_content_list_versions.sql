CREATE TABLE "content_list_versions" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_list_versions" ADD CONSTRAINT "content_list_versions_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Raises the owner's list version in the same transaction as every write that can move an item
-- in that owner's lists; cached page anchors under an older version are then never used.
CREATE OR REPLACE FUNCTION content_list_version_bump() RETURNS trigger AS $$
BEGIN
  -- The old owner's row exists (every insert made it, or the backfill below); UPDATE, not an
  -- upsert, so a cascade from a deleted profile does not recreate it.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE content_list_versions SET version = version + 1 WHERE owner_id = OLD.owner_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.owner_id IS DISTINCT FROM OLD.owner_id) THEN
    INSERT INTO content_list_versions (owner_id, version) VALUES (NEW.owner_id, 1)
      ON CONFLICT (owner_id) DO UPDATE SET version = content_list_versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_list_version_insert_delete AFTER INSERT OR DELETE ON content_items
  FOR EACH ROW EXECUTE FUNCTION content_list_version_bump();
--> statement-breakpoint
CREATE TRIGGER content_list_version_update AFTER UPDATE OF owner_id, kind, status, publication_date ON content_items
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.kind IS DISTINCT FROM NEW.kind
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.publication_date IS DISTINCT FROM NEW.publication_date)
  EXECUTE FUNCTION content_list_version_bump();
--> statement-breakpoint
INSERT INTO content_list_versions (owner_id, version)
  SELECT DISTINCT owner_id, 1 FROM content_items
  ON CONFLICT (owner_id) DO NOTHING;
