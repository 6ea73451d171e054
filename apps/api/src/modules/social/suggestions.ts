import type { SessionActor } from "@vn/contract";
import { SUGGESTIONS_MAX, type Suggestion, type SuggestionReason } from "@vn/contract";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { LruCache } from "../../lib/lru-cache";
import { rowsOf } from "../../shared/pages";
import {
  discoverableBy,
  discoverableProfile,
  loadProfileCards,
  type Viewer,
  viewerOfActor,
} from "../../shared/profile-view";
import { blockedAround, notAmong } from "../../shared/social-graph";

/**
 * Shared follows walk one's most recent follows and, for each, their most recent follows: at most
 * this many of each, so the work is bounded (100 × 100 index entries) however big the graph.
 */
const SHARED_FOLLOWS_SCAN = 100;
/** Candidates per simple signal (same city, same profession, most followed). */
const SIGNAL_CANDIDATES = 100;

interface Ranked {
  id: string;
  score: number;
  shared: number;
  colleague: boolean;
  same_city: boolean;
  same_profession: boolean;
}

/**
 * Ranking is the expensive part (~14 ms of database CPU: a 100 × 100 walk of the follow graph and
 * three signal scans), and its inputs change slowly, so each viewer's ranked pool is kept for a
 * minute on the API node. What must never be stale is re-checked on every read, cheaply, for the
 * pool's ids only: blocks either way, follows and mutes made since, profiles no longer active.
 */
const SUGGESTION_TTL_MS = 60_000;
/** Ranked candidates kept per viewer: room for the largest page after some are filtered out. */
const SUGGESTION_POOL = SUGGESTIONS_MAX * 2;
const pools = new LruCache<string, Ranked[]>(10_000, SUGGESTION_TTL_MS);

/**
 * Profiles to follow: followed by the profiles one follows (3 points each), colleagues at one's
 * companies (5), same city (1), same profession (1); the most followed active profiles fill in
 * for newcomers with no signal. Oneself, followed, blocked (either way) and muted profiles are
 * never suggested, nor profiles that may not appear to the viewer (shared/profile-view.ts
 * discoverableBy: not verified, or hidden by their privacy level).
 */
export async function suggestions(db: Db, actor: SessionActor, limit: number): Promise<Suggestion[]> {
  const viewerId = actor.profileId;
  if (!viewerId) return [];
  const viewer = viewerOfActor(actor);
  // Colleagues come from the member's companies, so the user is part of the key; what the viewer
  // may see depends on whether it is verified.
  const key = `${viewerId}|${actor.userId}|${viewer.verified}|${viewer.staff}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = await rankCandidates(db, actor, viewer, viewerId, await blockedAround(db, viewerId));
    pools.set(key, pool);
  }
  // The pool's head is re-checked first (twice the page, as usually few have gone), the rest only
  // when too many of the head did.
  const head = pool.slice(0, limit * 2);
  const goneFromHead = await noLongerSuggestible(
    db,
    viewer,
    viewerId,
    head.map((r) => r.id),
  );
  let rows = head.filter((r) => !goneFromHead.has(r.id));
  if (rows.length < limit && pool.length > head.length) {
    const rest = pool.slice(head.length);
    const goneFromRest = await noLongerSuggestible(
      db,
      viewer,
      viewerId,
      rest.map((r) => r.id),
    );
    rows = rows.concat(rest.filter((r) => !goneFromRest.has(r.id)));
  }
  rows = rows.slice(0, limit);
  const cards = await loadProfileCards(
    db,
    rows.map((r) => r.id),
    viewerId,
  );
  const cardById = new Map(cards.map((c) => [c.id, c]));
  return rows.flatMap((row) => {
    const profile = cardById.get(row.id);
    if (!profile) return [];
    const reasons: SuggestionReason[] = [];
    if (Number(row.shared) > 0) reasons.push("sharedFollows");
    if (row.colleague) reasons.push("colleague");
    if (row.same_city) reasons.push("sameCity");
    if (row.same_profession) reasons.push("sameProfession");
    return [{ profile, reasons, sharedFollowsCount: Number(row.shared) }];
  });
}

/**
 * Of a cached pool, the profiles followed, muted or blocked since, no longer active, or no longer
 * to appear to the viewer (verification lapsed, privacy level raised).
 */
async function noLongerSuggestible(
  db: Db,
  viewer: Viewer,
  viewerId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  // One array value, and the rule checked on each pool row itself: as `id IN (SELECT … FROM
  // profiles WHERE …)` PostgreSQL hashed every discoverable profile for a pool of forty.
  const list = sql`${sql.param(ids)}::text[]`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM profiles WHERE id = ANY(${list}) AND NOT (${discoverableProfile(viewer)})
        UNION SELECT followee_id FROM follows WHERE follower_id = ${viewerId} AND followee_id = ANY(${list})
        UNION SELECT muted_id FROM mutes WHERE muter_id = ${viewerId} AND muted_id = ANY(${list})
        UNION SELECT blocked_id FROM blocks WHERE blocker_id = ${viewerId} AND blocked_id = ANY(${list})
        UNION SELECT blocker_id FROM blocks WHERE blocked_id = ${viewerId} AND blocker_id = ANY(${list})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The ranking itself: every signal's candidates, scored and merged in one statement. */
function rankCandidates(
  db: Db,
  actor: SessionActor,
  viewer: Viewer,
  viewerId: string,
  hidden: Set<string>,
): Promise<Ranked[]> {
  // The signal scans keep to profiles that may be suggested at all, so their LIMIT is spent on them.
  const listed = sql`p.status = 'active' AND p.verification_status = 'verified'`;
  return rowsOf<Ranked>(
    db,
    sql`WITH me AS (SELECT id, city, profession FROM profiles WHERE id = ${viewerId}),
        recent AS (
          SELECT followee_id FROM follows WHERE follower_id = ${viewerId}
          ORDER BY created_at DESC LIMIT ${SHARED_FOLLOWS_SCAN}
        ),
        candidates AS (
          SELECT f.followee_id AS id, 3 * count(*)::int AS score, count(*)::int AS shared,
                 false AS colleague, false AS same_city, false AS same_profession
            FROM recent r
            CROSS JOIN LATERAL (
              SELECT followee_id FROM follows WHERE follower_id = r.followee_id
              ORDER BY created_at DESC LIMIT ${SHARED_FOLLOWS_SCAN}
            ) f
            GROUP BY f.followee_id
          UNION ALL
          SELECT p.id, 5, 0, true, false, false
            FROM company_members mine
            JOIN company_members other ON other.company_id = mine.company_id
            JOIN profiles p ON p.user_id = other.user_id AND p.type = 'user'
            WHERE mine.user_id = ${actor.userId}
          UNION ALL
          SELECT mine.company_id, 5, 0, true, false, false
            FROM company_members mine WHERE mine.user_id = ${actor.userId}
          UNION ALL
          SELECT * FROM (
            SELECT p.id, 1, 0, false, true, false FROM profiles p, me
            WHERE me.city IS NOT NULL AND lower(p.city) = lower(me.city) AND ${listed}
            ORDER BY p.followers_count DESC LIMIT ${SIGNAL_CANDIDATES}) city
          UNION ALL
          SELECT * FROM (
            SELECT p.id, 1, 0, false, false, true FROM profiles p, me
            WHERE me.profession IS NOT NULL AND lower(p.profession) = lower(me.profession) AND ${listed}
            ORDER BY p.followers_count DESC LIMIT ${SIGNAL_CANDIDATES}) profession
          UNION ALL
          SELECT * FROM (
            SELECT p.id, 0, 0, false, false, false FROM profiles p
            WHERE ${listed} ORDER BY p.followers_count DESC LIMIT ${SIGNAL_CANDIDATES}) popular
        )
        SELECT c.id, sum(c.score)::int AS score, max(c.shared)::int AS shared,
               bool_or(c.colleague) AS colleague, bool_or(c.same_city) AS same_city,
               bool_or(c.same_profession) AS same_profession
        FROM candidates c
        JOIN profiles p ON p.id = c.id AND p.status = 'active'
        WHERE c.id <> ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followee_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = ${viewerId} AND m.muted_id = c.id)
          AND ${notAmong(sql`c.id`, hidden)}
          AND ${discoverableBy(sql`c.id`, viewer)}
        GROUP BY c.id
        ORDER BY sum(c.score) DESC, max(p.followers_count) DESC, c.id
        LIMIT ${SUGGESTION_POOL}`,
  );
}

/** For tests: forget every cached ranking (as a freshly started node would). */
export function forgetSuggestions() {
  pools.clear();
}
