-- Visitors' profile pages cached per API node (decision 0034, modules/profiles/visitor-pages.ts).
-- Every write to what a visitor's profile page is made of says so on the channel
-- profile_page_changed with the profile's id: the profile row itself (its counters too), its
-- trigger-kept counts per kind, its subscription (plan, badge) and a company's KYB transactions and
-- officer confirmations (the business badge). A TRUNCATE notifies '*'. As with actor_changed
-- (0027), a listening connection hears its own notifications before its COMMIT returns.
CREATE OR REPLACE FUNCTION profile_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id text;
  new_id text;
BEGIN
  -- TG_ARGV[0]: the column holding the profile's id.
  IF TG_OP <> 'INSERT' THEN
    old_id := to_jsonb(OLD) ->> TG_ARGV[0];
    PERFORM pg_notify('profile_page_changed', coalesce(old_id, ''));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_id := to_jsonb(NEW) ->> TG_ARGV[0];
    IF new_id IS DISTINCT FROM old_id THEN
      PERFORM pg_notify('profile_page_changed', coalesce(new_id, ''));
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profile_page_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('profile_page_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A new profile has no cached page (only pages found are kept), so inserts need no notice.
CREATE TRIGGER profiles_page_changed AFTER UPDATE OR DELETE
  ON profiles FOR EACH ROW EXECUTE FUNCTION profile_page_changed('id');
--> statement-breakpoint
CREATE TRIGGER content_counts_page_changed AFTER INSERT OR UPDATE OR DELETE
  ON content_counts FOR EACH ROW EXECUTE FUNCTION profile_page_changed('owner_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_page_changed AFTER INSERT OR UPDATE OF owner_profile_id, plan_tier, badge_active, badge_visible OR DELETE
  ON subscriptions FOR EACH ROW EXECUTE FUNCTION profile_page_changed('owner_profile_id');
--> statement-breakpoint
CREATE TRIGGER kyb_transactions_page_changed AFTER INSERT OR UPDATE OR DELETE
  ON kyb_transactions FOR EACH ROW EXECUTE FUNCTION profile_page_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER company_invites_page_changed AFTER INSERT OR UPDATE OF company_id, kind, status, kyb_transaction_id OR DELETE
  ON company_invites FOR EACH ROW EXECUTE FUNCTION profile_page_changed('company_id');
--> statement-breakpoint
CREATE TRIGGER profiles_page_truncated AFTER TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION profile_page_changed_all();
--> statement-breakpoint
CREATE TRIGGER content_counts_page_truncated AFTER TRUNCATE ON content_counts FOR EACH STATEMENT EXECUTE FUNCTION profile_page_changed_all();
--> statement-breakpoint
CREATE TRIGGER subscriptions_page_truncated AFTER TRUNCATE ON subscriptions FOR EACH STATEMENT EXECUTE FUNCTION profile_page_changed_all();
--> statement-breakpoint
CREATE TRIGGER kyb_transactions_page_truncated AFTER TRUNCATE ON kyb_transactions FOR EACH STATEMENT EXECUTE FUNCTION profile_page_changed_all();
--> statement-breakpoint
CREATE TRIGGER company_invites_page_truncated AFTER TRUNCATE ON company_invites FOR EACH STATEMENT EXECUTE FUNCTION profile_page_changed_all();
