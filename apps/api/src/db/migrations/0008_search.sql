-- Search (issue 6): full-text documents and trigram indexes for people, companies and publications.
-- The tsvector columns are generated and stored, and deliberately left out of the Drizzle schema:
-- no list or detail query ever reads them, only modules/search does, by name.
--
-- unaccent() is STABLE (it looks its dictionary up by search_path), so index expressions and
-- generated columns use this IMMUTABLE wrapper, which names the dictionary and schema itself.
CREATE OR REPLACE FUNCTION vn_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- Names are matched word by word without stemming ('simple'); about texts with English stemming.
ALTER TABLE profiles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', vn_unaccent(coalesce(name, ''))), 'A') ||
  setweight(to_tsvector('simple', vn_unaccent(coalesce(profession, ''))), 'B') ||
  setweight(to_tsvector('simple', vn_unaccent(coalesce(city, '') || ' ' || coalesce(country, ''))), 'C') ||
  setweight(to_tsvector('english', vn_unaccent(coalesce(about, ''))), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX profiles_search_idx ON profiles USING gin (search_vector);
--> statement-breakpoint
-- Typo tolerance on names: trigram similarity of the lower-cased, unaccented name.
CREATE INDEX profiles_name_search_trgm_idx ON profiles USING gin ((lower(vn_unaccent(name))) gin_trgm_ops);
--> statement-breakpoint
-- Publications: title first, then description, then the body (HTML tags are not indexed by the
-- default parser) or a quote. Bodies beyond 20,000 characters add little to relevance.
ALTER TABLE content_items ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', vn_unaccent(coalesce(title, ''))), 'A') ||
  setweight(to_tsvector('english', vn_unaccent(coalesce(description, ''))), 'B') ||
  setweight(to_tsvector('english', vn_unaccent(left(coalesce(content, quote, ''), 20000))), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX content_search_idx ON content_items USING gin (search_vector);
--> statement-breakpoint
CREATE INDEX content_title_search_trgm_idx ON content_items USING gin ((lower(vn_unaccent(title))) gin_trgm_ops)
  WHERE title IS NOT NULL;
--> statement-breakpoint
-- Threads seeded before reply counts existed get theirs.
UPDATE comments c SET reply_count = r.n
  FROM (SELECT parent_id, count(*)::int AS n FROM comments WHERE parent_id IS NOT NULL AND deleted_at IS NULL GROUP BY parent_id) r
  WHERE r.parent_id = c.id;
