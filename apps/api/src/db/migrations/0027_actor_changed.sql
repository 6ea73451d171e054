-- Cached session actors (decision 0033, apps/api/src/policy/actor-cache.ts). Every write to a column
-- that policy/actor.ts reads into a session's Actor says so on the channel actor_changed, with the
-- person ('u:<user id>') or the profile ('p:<profile id>') it concerns; every API node listens and
-- stops using the actors it cached for them. PostgreSQL sends a notification at commit, and a
-- connection that listens receives its own before its COMMIT (or autocommit statement) returns, so
-- a node never serves an actor older than a write it made itself.
CREATE OR REPLACE FUNCTION actor_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV: the key's kind ('u' or 'p') and the column holding its id.
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('actor_changed', TG_ARGV[0] || ':' || coalesce(to_jsonb(OLD) ->> TG_ARGV[1], ''));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('actor_changed', TG_ARGV[0] || ':' || coalesce(to_jsonb(NEW) ->> TG_ARGV[1], ''));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A TRUNCATE fires no row trigger: it drops every cached actor ('*').
CREATE OR REPLACE FUNCTION actor_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('actor_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_actor_changed AFTER UPDATE OF status, staff_role, two_factor_enabled, limited_until OR DELETE
  ON users FOR EACH ROW EXECUTE FUNCTION actor_changed('u', 'id');
--> statement-breakpoint
CREATE TRIGGER sessions_actor_changed AFTER UPDATE OF token, user_id, active_profile_id, expires_at OR DELETE
  ON sessions FOR EACH ROW EXECUTE FUNCTION actor_changed('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER profiles_actor_changed AFTER INSERT OR UPDATE OF type, user_id, slug, status, verification_status OR DELETE
  ON profiles FOR EACH ROW EXECUTE FUNCTION actor_changed('p', 'id');
--> statement-breakpoint
-- A person's own profile, created after their session began, is found by their person's key.
CREATE TRIGGER profiles_owner_actor_changed AFTER INSERT OR UPDATE OF type, user_id OR DELETE
  ON profiles FOR EACH ROW EXECUTE FUNCTION actor_changed('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER company_members_actor_changed AFTER INSERT OR UPDATE OR DELETE
  ON company_members FOR EACH ROW EXECUTE FUNCTION actor_changed('u', 'user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_actor_changed AFTER INSERT OR UPDATE OF owner_profile_id, plan_tier, addons OR DELETE
  ON subscriptions FOR EACH ROW EXECUTE FUNCTION actor_changed('p', 'owner_profile_id');
--> statement-breakpoint
CREATE TRIGGER users_actor_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION actor_changed_all();
--> statement-breakpoint
CREATE TRIGGER sessions_actor_truncated AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION actor_changed_all();
--> statement-breakpoint
CREATE TRIGGER profiles_actor_truncated AFTER TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION actor_changed_all();
--> statement-breakpoint
CREATE TRIGGER company_members_actor_truncated AFTER TRUNCATE ON company_members FOR EACH STATEMENT EXECUTE FUNCTION actor_changed_all();
--> statement-breakpoint
CREATE TRIGGER subscriptions_actor_truncated AFTER TRUNCATE ON subscriptions FOR EACH STATEMENT EXECUTE FUNCTION actor_changed_all();
