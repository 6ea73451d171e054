-- Publication cards cached per API node (decision 0035, shared/content-cards.ts). Every write to
-- what a card is made of says so on the channel content_card_changed: the publication row (its
-- counters too) and its reaction counts and media by the publication's id; the owner's face,
-- status and privacy by the profile's id; a byline's author name by 'user:' and the person's user
-- id; a company's member positions and byline settings by the company's id (the owner of its
-- publications). A TRUNCATE notifies '*'. As with actor_changed (0027), a listening connection
-- hears its own notifications before its COMMIT returns.
CREATE OR REPLACE FUNCTION content_card_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  -- TG_ARGV[0]: the column holding the key (a publication's or a company's id).
  IF TG_OP <> 'INSERT' THEN
    old_key := to_jsonb(OLD) ->> TG_ARGV[0];
    IF old_key IS NOT NULL THEN
      PERFORM pg_notify('content_card_changed', old_key);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_key := to_jsonb(NEW) ->> TG_ARGV[0];
    IF new_key IS NOT NULL AND new_key IS DISTINCT FROM old_key THEN
      PERFORM pg_notify('content_card_changed', new_key);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Publications change on every view and reaction (their counters): the id alone, not the row as
-- JSON, so the hot path pays no more than a notice.
CREATE OR REPLACE FUNCTION content_item_card_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_card_changed', OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_card_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_card_changed', OLD.id);
  IF OLD.user_id IS NOT NULL THEN
    PERFORM pg_notify('content_card_changed', 'user:' || OLD.user_id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('content_card_changed', 'user:' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION content_card_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_card_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new publication has no cached card (only cards found are kept), so inserts need no notice.
CREATE TRIGGER content_items_card_changed AFTER UPDATE OR DELETE
  ON content_items FOR EACH ROW EXECUTE FUNCTION content_item_card_changed();
--> statement-breakpoint
-- Only the columns a card shows or checks: a follow (the counters) notifies nothing.
CREATE TRIGGER profiles_card_changed AFTER UPDATE OF slug, name, type, verification_status, image_url, status, privacy, user_id OR DELETE
  ON profiles FOR EACH ROW EXECUTE FUNCTION profile_card_changed();
--> statement-breakpoint
CREATE TRIGGER reaction_counts_card_changed AFTER INSERT OR UPDATE OR DELETE
  ON reaction_counts FOR EACH ROW EXECUTE FUNCTION content_card_changed('content_id');
--> statement-breakpoint
CREATE TRIGGER media_files_card_changed AFTER INSERT OR UPDATE OR DELETE
  ON media_files FOR EACH ROW EXECUTE FUNCTION content_card_changed('content_item_id');
--> statement-breakpoint
CREATE TRIGGER company_members_card_changed AFTER INSERT OR UPDATE OR DELETE
  ON company_members FOR EACH ROW EXECUTE FUNCTION content_card_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER company_member_details_card_changed AFTER INSERT OR UPDATE OR DELETE
  ON company_member_details FOR EACH ROW EXECUTE FUNCTION content_card_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER company_team_settings_card_changed AFTER INSERT OR UPDATE OR DELETE
  ON company_team_settings FOR EACH ROW EXECUTE FUNCTION content_card_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER content_items_card_truncated AFTER TRUNCATE ON content_items FOR EACH STATEMENT EXECUTE FUNCTION content_card_changed_all();
--> statement-breakpoint
CREATE TRIGGER profiles_card_truncated AFTER TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION content_card_changed_all();
--> statement-breakpoint
CREATE TRIGGER reaction_counts_card_truncated AFTER TRUNCATE ON reaction_counts FOR EACH STATEMENT EXECUTE FUNCTION content_card_changed_all();
--> statement-breakpoint
CREATE TRIGGER media_files_card_truncated AFTER TRUNCATE ON media_files FOR EACH STATEMENT EXECUTE FUNCTION content_card_changed_all();
--> statement-breakpoint
CREATE TRIGGER company_members_card_truncated AFTER TRUNCATE ON company_members FOR EACH STATEMENT EXECUTE FUNCTION content_card_changed_all();
--> statement-breakpoint
CREATE TRIGGER company_member_details_card_truncated AFTER TRUNCATE ON company_member_details FOR EACH STATEMENT EXECUTE FUNCTION content_card_changed_all();
--> statement-breakpoint
CREATE TRIGGER company_team_settings_card_truncated AFTER TRUNCATE ON company_team_settings FOR EACH STATEMENT EXECUTE FUNCTION content_card_changed_all();
