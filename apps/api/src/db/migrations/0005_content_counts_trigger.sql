-- Keeps content_counts in step with content_items in the same transaction as every write.
CREATE OR REPLACE FUNCTION content_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE content_counts SET n = n - 1
      WHERE owner_id = OLD.owner_id AND kind = OLD.kind AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO content_counts (owner_id, kind, status, n) VALUES (NEW.owner_id, NEW.kind, NEW.status, 1)
      ON CONFLICT (owner_id, kind, status) DO UPDATE SET n = content_counts.n + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER content_counts_insert_delete AFTER INSERT OR DELETE ON content_items
  FOR EACH ROW EXECUTE FUNCTION content_counts_apply();
--> statement-breakpoint
CREATE TRIGGER content_counts_update AFTER UPDATE OF owner_id, kind, status ON content_items
  FOR EACH ROW WHEN (OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.kind IS DISTINCT FROM NEW.kind OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION content_counts_apply();
--> statement-breakpoint
INSERT INTO content_counts (owner_id, kind, status, n)
  SELECT owner_id, kind, status, count(*)::int FROM content_items GROUP BY owner_id, kind, status
  ON CONFLICT (owner_id, kind, status) DO UPDATE SET n = EXCLUDED.n;
