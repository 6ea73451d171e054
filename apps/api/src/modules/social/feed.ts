import type { ContentItem, ReactionKind, Suggestion, SuggestionReason } from "@vn/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentItems } from "../../db/schema/index";
import type { Principal } from "../accounts/session-lookup";
import { hydrate } from "../content/service";
import { loadCards } from "./cards";
import { decodeKeyset, encodeKeyset, rowsOf } from "./keyset";
import { viewerReactionsFor } from "./reactions";
import { blockedAround } from "./relations";

/**
 * The home feed: publications and reposts of the profiles the viewer follows, and the viewer's
 * own, newest first.
 *
 * Fan-out on read, merged in one statement, in two steps:
 *  1. heads: for each followed profile (at most a few hundred) a LATERAL probe of
 *     content_owner_timeline_idx (owner_id, status, publication_date, id) finds its newest item
 *     before the cursor: one index entry each.
 *  2. The k-th newest head (k = perPage + 1) is a lower bound for the page: those k heads are k
 *     distinct items no older than it. Only owners whose head reaches that bound can have an item
 *     on the page, so only they (k or a few more) are probed for up to k items, and the outer
 *     ORDER BY … LIMIT merges them.
 * Every probe starts at the cursor through the index, so page 1,000 costs what page 1 costs, and
 * a page touches about (followed + 2k) index entries instead of followed × k. Nothing is written
 * per follower when someone publishes (no timeline table to keep in step).
 * docs/decisions/0007-home-feed.md has the measurements and the alternatives weighed.
 */
export async function homeFeed(
  db: Db,
  viewerId: string,
  query: { cursor?: string; perPage: number },
): Promise<{
  items: ContentItem[];
  nextCursor: string | null;
  viewerReactions: Record<string, ReactionKind>;
}> {
  const cursor = decodeKeyset(query.cursor);
  const limit = query.perPage + 1;
  const beforeCursor = cursor
    ? sql`AND (ci.publication_date, ci.id) < (${cursor.at}::timestamptz, ${cursor.id})`
    : sql``;
  const page = await rowsOf<{ id: string; at: string }>(
    db,
    sql`WITH owners AS (
          SELECT ${viewerId}::text AS owner_id
          UNION ALL
          SELECT f.followee_id FROM follows f
            JOIN profiles p ON p.id = f.followee_id AND p.status = 'active'
          WHERE f.follower_id = ${viewerId}
            AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = ${viewerId} AND m.muted_id = f.followee_id)
        ),
        heads AS MATERIALIZED (
          SELECT o.owner_id, h.publication_date FROM owners o
          CROSS JOIN LATERAL (
            SELECT ci.publication_date FROM content_items ci
            WHERE ci.owner_id = o.owner_id AND ci.status = 'active' ${beforeCursor}
            ORDER BY ci.publication_date DESC, ci.id DESC
            LIMIT 1
          ) h
        ),
        bound AS (
          SELECT coalesce(
            (SELECT publication_date FROM heads ORDER BY publication_date DESC OFFSET ${limit - 1} LIMIT 1),
            '-infinity'::timestamptz) AS at
        )
        SELECT c.id, c.publication_date::text AS at
        FROM heads
        CROSS JOIN bound
        CROSS JOIN LATERAL (
          SELECT ci.id, ci.publication_date FROM content_items ci
          WHERE ci.owner_id = heads.owner_id AND ci.status = 'active' ${beforeCursor}
            AND ci.publication_date >= bound.at
          ORDER BY ci.publication_date DESC, ci.id DESC
          LIMIT ${limit}
        ) c
        WHERE heads.publication_date >= bound.at
        ORDER BY c.publication_date DESC, c.id DESC
        LIMIT ${limit}`,
  );
  const shown = page.slice(0, query.perPage);
  const rows = shown.length
    ? await db
        .select()
        .from(contentItems)
        .where(
          inArray(
            contentItems.id,
            shown.map((r) => r.id),
          ),
        )
    : [];
  const order = new Map(shown.map((r, index) => [r.id, index]));
  rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const items = await hydrate(db, rows, viewerId);
  const last = shown.at(-1);
  return {
    items,
    nextCursor: page.length > query.perPage && last ? encodeKeyset(last.at, last.id) : null,
    viewerReactions: await viewerReactionsFor(
      db,
      viewerId,
      items.map((i) => i.id),
    ),
  };
}

/**
 * Shared follows walk one's most recent follows and, for each, their most recent follows: at most
 * this many of each, so the work is bounded (100 × 100 index entries) however big the graph.
 */
const SHARED_FOLLOWS_SCAN = 100;
/** Candidates per simple signal (same city, same profession, most followed). */
const SIGNAL_CANDIDATES = 100;

/**
 * Profiles to follow: followed by the profiles one follows (3 points each), colleagues at one's
 * companies (5), same city (1), same profession (1); the most followed active profiles fill in
 * for newcomers with no signal. Oneself, followed, blocked (either way) and muted profiles are
 * never suggested.
 */
export async function suggestions(db: Db, principal: Principal, limit: number): Promise<Suggestion[]> {
  const viewerId = principal.profileId;
  if (!viewerId) return [];
  const hidden = [...(await blockedAround(db, viewerId))];
  const rows = await rowsOf<{
    id: string;
    score: number;
    shared: number;
    colleague: boolean;
    same_city: boolean;
    same_profession: boolean;
  }>(
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
            WHERE mine.user_id = ${principal.userId}
          UNION ALL
          SELECT mine.company_id, 5, 0, true, false, false
            FROM company_members mine WHERE mine.user_id = ${principal.userId}
          UNION ALL
          SELECT * FROM (
            SELECT p.id, 1, 0, false, true, false FROM profiles p, me
            WHERE me.city IS NOT NULL AND lower(p.city) = lower(me.city) AND p.status = 'active'
            ORDER BY p.followers_count DESC LIMIT ${SIGNAL_CANDIDATES}) city
          UNION ALL
          SELECT * FROM (
            SELECT p.id, 1, 0, false, false, true FROM profiles p, me
            WHERE me.profession IS NOT NULL AND lower(p.profession) = lower(me.profession) AND p.status = 'active'
            ORDER BY p.followers_count DESC LIMIT ${SIGNAL_CANDIDATES}) profession
          UNION ALL
          SELECT * FROM (
            SELECT p.id, 0, 0, false, false, false FROM profiles p
            WHERE p.status = 'active' ORDER BY p.followers_count DESC LIMIT ${SIGNAL_CANDIDATES}) popular
        )
        SELECT c.id, sum(c.score)::int AS score, max(c.shared)::int AS shared,
               bool_or(c.colleague) AS colleague, bool_or(c.same_city) AS same_city,
               bool_or(c.same_profession) AS same_profession
        FROM candidates c
        JOIN profiles p ON p.id = c.id AND p.status = 'active'
        WHERE c.id <> ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${viewerId} AND f.followee_id = c.id)
          AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = ${viewerId} AND m.muted_id = c.id)
          ${
            hidden.length
              ? sql`AND c.id NOT IN (${sql.join(
                  hidden.map((h) => sql`${h}`),
                  sql`, `,
                )})`
              : sql``
          }
        GROUP BY c.id
        ORDER BY sum(c.score) DESC, max(p.followers_count) DESC, c.id
        LIMIT ${limit}`,
  );
  const cards = await loadCards(
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
