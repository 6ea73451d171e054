-- Publication search ranks the newest 1,000 full-text matches (modules/search/service.ts). For a
-- common word PostgreSQL walks this index newest first and stops at the 1,000th match; for a rare
-- one it takes the GIN index instead. Either way the work no longer grows with the match count.
CREATE INDEX IF NOT EXISTS content_active_date_idx ON content_items (publication_date, id) WHERE status = 'active';
