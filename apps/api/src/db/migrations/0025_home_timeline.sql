CREATE TABLE "home_timeline_entries" (
	"follower_id" text NOT NULL,
	"publication_date" timestamp with time zone NOT NULL,
	"content_id" text NOT NULL,
	"owner_id" text NOT NULL,
	CONSTRAINT "home_timeline_entries_follower_id_publication_date_content_id_pk" PRIMARY KEY("follower_id","publication_date","content_id")
);
--> statement-breakpoint
CREATE TABLE "home_timelines" (
	"follower_id" text PRIMARY KEY NOT NULL,
	"horizon_at" timestamp with time zone,
	"horizon_id" text,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "home_timeline_entries" ADD CONSTRAINT "home_timeline_entries_follower_id_home_timelines_follower_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."home_timelines"("follower_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_timeline_entries" ADD CONSTRAINT "home_timeline_entries_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "home_timelines" ADD CONSTRAINT "home_timelines_follower_id_profiles_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_timeline_entries_content_idx" ON "home_timeline_entries" USING btree ("content_id");--> statement-breakpoint
-- Precomputed home timelines (decision 0030): fan-out on write, for profiles whose timeline is
-- built (a home_timelines row). Everything that changes what a feed holds goes through these
-- triggers, in the writer's transaction, so the timeline never lags the data.
-- How many entries a timeline keeps (Mastodon keeps 800 ids per home feed); older pages are merged on read.
CREATE OR REPLACE FUNCTION home_timeline_cap() RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT 800 $$;
--> statement-breakpoint
-- A followee's newest publications into a built timeline (a follow, an unmute). When the followee
-- has more than the cap above the horizon, the horizon rises to its cap-th newest, and what lies
-- below it leaves (those pages are merged on read).
CREATE OR REPLACE FUNCTION home_timeline_backfill(follower text, followee text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  h home_timelines%ROWTYPE;
  edge record;
BEGIN
  SELECT * INTO h FROM home_timelines WHERE follower_id = follower FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM mutes WHERE muter_id = follower AND muted_id = followee) THEN RETURN; END IF;
  INSERT INTO home_timeline_entries (follower_id, publication_date, content_id, owner_id)
    SELECT follower, ci.publication_date, ci.id, ci.owner_id FROM content_items ci
    WHERE ci.owner_id = followee AND ci.status = 'active'
      AND (h.horizon_at IS NULL OR (ci.publication_date, ci.id) >= (h.horizon_at, h.horizon_id))
    ORDER BY ci.publication_date DESC, ci.id DESC
    LIMIT home_timeline_cap()
    ON CONFLICT DO NOTHING;
  SELECT ci.publication_date, ci.id INTO edge FROM content_items ci
    WHERE ci.owner_id = followee AND ci.status = 'active'
      AND (h.horizon_at IS NULL OR (ci.publication_date, ci.id) >= (h.horizon_at, h.horizon_id))
    ORDER BY ci.publication_date DESC, ci.id DESC
    OFFSET home_timeline_cap() - 1 LIMIT 1;
  IF FOUND AND EXISTS (
    SELECT 1 FROM content_items ci
    WHERE ci.owner_id = followee AND ci.status = 'active' AND (ci.publication_date, ci.id) < (edge.publication_date, edge.id)
      AND (h.horizon_at IS NULL OR (ci.publication_date, ci.id) >= (h.horizon_at, h.horizon_id))
  ) THEN
    UPDATE home_timelines SET horizon_at = edge.publication_date, horizon_id = edge.id WHERE follower_id = follower;
    DELETE FROM home_timeline_entries e
      WHERE e.follower_id = follower AND (e.publication_date, e.content_id) < (edge.publication_date, edge.id);
  END IF;
END;
$$;
--> statement-breakpoint
-- Builds one profile's timeline from the graph: its own publications and those of the profiles it
-- follows and has not muted, newest first, up to the cap. Privacy levels and owners' status are
-- not decided here: the page checks them when it reads (they change without a graph change).
CREATE OR REPLACE FUNCTION home_timeline_build(follower text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  found_count integer;
  last record;
BEGIN
  INSERT INTO home_timelines (follower_id) VALUES (follower) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO home_timeline_entries (follower_id, publication_date, content_id, owner_id)
    SELECT follower, c.publication_date, c.id, c.owner_id
    FROM (
      SELECT follower AS owner_id
      UNION
      SELECT f.followee_id FROM follows f
      WHERE f.follower_id = follower
        AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = follower AND m.muted_id = f.followee_id)
    ) o
    CROSS JOIN LATERAL (
      SELECT ci.publication_date, ci.id, ci.owner_id FROM content_items ci
      WHERE ci.owner_id = o.owner_id AND ci.status = 'active'
      ORDER BY ci.publication_date DESC, ci.id DESC
      LIMIT home_timeline_cap()
    ) c
    ORDER BY c.publication_date DESC, c.id DESC
    LIMIT home_timeline_cap()
    ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS found_count = ROW_COUNT;
  IF found_count >= home_timeline_cap() THEN
    SELECT e.publication_date, e.content_id INTO last FROM home_timeline_entries e
      WHERE e.follower_id = follower ORDER BY e.publication_date, e.content_id LIMIT 1;
    UPDATE home_timelines SET horizon_at = last.publication_date, horizon_id = last.content_id
      WHERE follower_id = follower;
  END IF;
END;
$$;
--> statement-breakpoint
-- Keeps each built timeline at most twice the cap: the oldest entries leave and the horizon rises
-- (run by the timeline-trim job).
CREATE OR REPLACE FUNCTION home_timeline_trim() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  edge record;
  trimmed integer := 0;
BEGIN
  FOR t IN
    SELECT e.follower_id FROM home_timeline_entries e GROUP BY e.follower_id HAVING count(*) > 2 * home_timeline_cap()
  LOOP
    SELECT e.publication_date, e.content_id INTO edge FROM home_timeline_entries e
      WHERE e.follower_id = t.follower_id
      ORDER BY e.publication_date DESC, e.content_id DESC OFFSET home_timeline_cap() - 1 LIMIT 1;
    UPDATE home_timelines SET horizon_at = edge.publication_date, horizon_id = edge.content_id
      WHERE follower_id = t.follower_id;
    DELETE FROM home_timeline_entries e
      WHERE e.follower_id = t.follower_id AND (e.publication_date, e.content_id) < (edge.publication_date, edge.content_id);
    trimmed := trimmed + 1;
  END LOOP;
  RETURN trimmed;
END;
$$;
--> statement-breakpoint
-- A publication becoming active reaches its owner's and followers' built timelines (those above
-- their horizon, not muting the owner); one that stops being active, or changes date or owner, leaves them first.
CREATE OR REPLACE FUNCTION home_timeline_content_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM home_timeline_entries WHERE content_id = OLD.id;
  END IF;
  IF NEW.status = 'active' THEN
    INSERT INTO home_timeline_entries (follower_id, publication_date, content_id, owner_id)
      SELECT h.follower_id, NEW.publication_date, NEW.id, NEW.owner_id
      FROM (
        SELECT NEW.owner_id AS follower_id
        UNION
        SELECT f.follower_id FROM follows f WHERE f.followee_id = NEW.owner_id
      ) r
      JOIN home_timelines h ON h.follower_id = r.follower_id
      WHERE (h.horizon_at IS NULL OR (NEW.publication_date, NEW.id) >= (h.horizon_at, h.horizon_id))
        AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = h.follower_id AND m.muted_id = NEW.owner_id)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER home_timeline_content_insert AFTER INSERT ON content_items
  FOR EACH ROW WHEN (NEW.status = 'active') EXECUTE FUNCTION home_timeline_content_apply();
--> statement-breakpoint
CREATE TRIGGER home_timeline_content_update AFTER UPDATE OF status, publication_date, owner_id ON content_items
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status OR OLD.publication_date IS DISTINCT FROM NEW.publication_date
    OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
  ) EXECUTE FUNCTION home_timeline_content_apply();
--> statement-breakpoint
-- A follow (or an unmute of a followed profile) brings the followee's publications in; an
-- unfollow (blocks end follows both ways) or a mute takes them out.
CREATE OR REPLACE FUNCTION home_timeline_follows_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  edge record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR edge IN SELECT n.follower_id, n.followee_id FROM new_edges n
      JOIN home_timelines h ON h.follower_id = n.follower_id
    LOOP
      PERFORM home_timeline_backfill(edge.follower_id, edge.followee_id);
    END LOOP;
  ELSE
    DELETE FROM home_timeline_entries e USING old_edges o
      WHERE e.follower_id = o.follower_id AND e.owner_id = o.followee_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER home_timeline_follows_insert AFTER INSERT ON follows
  REFERENCING NEW TABLE AS new_edges FOR EACH STATEMENT EXECUTE FUNCTION home_timeline_follows_apply();
--> statement-breakpoint
CREATE TRIGGER home_timeline_follows_delete AFTER DELETE ON follows
  REFERENCING OLD TABLE AS old_edges FOR EACH STATEMENT EXECUTE FUNCTION home_timeline_follows_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION home_timeline_mutes_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  edge record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    DELETE FROM home_timeline_entries e USING new_edges n
      WHERE e.follower_id = n.muter_id AND e.owner_id = n.muted_id;
  ELSE
    FOR edge IN SELECT o.muter_id, o.muted_id FROM old_edges o
      JOIN follows f ON f.follower_id = o.muter_id AND f.followee_id = o.muted_id
      JOIN home_timelines h ON h.follower_id = o.muter_id
    LOOP
      PERFORM home_timeline_backfill(edge.muter_id, edge.muted_id);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER home_timeline_mutes_insert AFTER INSERT ON mutes
  REFERENCING NEW TABLE AS new_edges FOR EACH STATEMENT EXECUTE FUNCTION home_timeline_mutes_apply();
--> statement-breakpoint
CREATE TRIGGER home_timeline_mutes_delete AFTER DELETE ON mutes
  REFERENCING OLD TABLE AS old_edges FOR EACH STATEMENT EXECUTE FUNCTION home_timeline_mutes_apply();
