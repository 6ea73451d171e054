import type { ContentItem, ReactionKind } from "@vn/contract";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentItems } from "../../db/schema/index";
import { contentItemViewsFor } from "../../shared/content-view";
import { decodeKeyset, keysetPage, rowsOf } from "../../shared/pages";
import { ownerVisibleTo, type Viewer } from "../../shared/profile-view";
import { viewerReactionsFor } from "./reactions";

/**
 * The home feed: publications and reposts of the profiles the viewer follows, and the viewer's
 * own, newest first. A followed profile whose privacy level hides it from the viewer (decision
 * 0014: verified_privacy for an unverified viewer, say) is left out like a muted one, and a repost
 * of a hidden profile's publication shows its original as unavailable.
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
  viewer: Viewer & { profileId: string },
  query: { cursor?: string; perPage: number },
): Promise<{
  items: ContentItem[];
  nextCursor: string | null;
  viewerReactions: Record<string, ReactionKind>;
}> {
  const viewerId = viewer.profileId;
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
            AND ${ownerVisibleTo(sql`f.followee_id`, viewer)}
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
  const { rows: shown, nextCursor } = keysetPage(page, query.perPage, (r) => r);
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
  const items = await contentItemViewsFor(db, rows, viewer);
  return {
    items,
    nextCursor,
    viewerReactions: await viewerReactionsFor(
      db,
      viewerId,
      items.map((i) => i.id),
    ),
  };
}
