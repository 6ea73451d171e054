import { createHash } from "node:crypto";
import type { ContentItem, ReactionKind } from "@vn/contract";
import { desc, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contentItems, reactions } from "../../db/schema/index";
import { contentItemViewsFor } from "../../shared/content-view";
import { decodeKeyset, keysetPage } from "../../shared/pages";
import { levelsSeenBy, type Viewer } from "../../shared/profile-view";

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
 *
 * The same statement returns the page's whole rows and the viewer's own reaction to each (no
 * round trips for them), and it is a named prepared statement: its text depends only on the shape
 * (cursor or not, the viewer's privacy levels), so each connection plans each shape once
 * (decision 0026). Hydration (owners, reposts, counts, media) is the shared content view.
 * docs/decisions/0007-home-feed.md and 0026-home-feed.md have the measurements and the
 * alternatives weighed (a per-follower timeline among them).
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
  // The followed profiles the viewer may see: each checked by its primary key (a LATERAL with
  // LIMIT 1 keeps the planner from hashing the whole profiles table for a few hundred ids).
  const skeleton = sql`WITH owners AS (
          SELECT ${viewerId}::text AS owner_id
          UNION ALL
          SELECT f.followee_id FROM follows f
          CROSS JOIN LATERAL (
            SELECT 1 FROM profiles p
            WHERE p.id = f.followee_id AND p.status = 'active' AND (${levelsSeenBy(viewer)})
            LIMIT 1
          ) seen
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
        SELECT c.id
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
        LIMIT ${limit}`;
  const statement = db
    .select({
      ...getTableColumns(contentItems),
      at: sql<string>`${contentItems.publicationDate}::text`,
      // The viewer's own reaction (what viewerReactionsFor reads), one primary-key probe per row.
      viewerReaction: sql<ReactionKind | null>`(SELECT r.kind FROM ${reactions} r
        WHERE r.content_id = ${contentItems.id} AND r.profile_id = ${viewerId})`,
    })
    .from(contentItems)
    .where(sql`${contentItems.id} IN (${skeleton})`)
    .orderBy(desc(contentItems.publicationDate), desc(contentItems.id))
    .limit(limit);
  const page = await statement.prepare(statementName(statement.toSQL().sql)).execute();
  const { rows: shown, nextCursor } = keysetPage(page, query.perPage, (r) => ({ at: r.at, id: r.id }));
  const rows = shown.map(({ at: _at, viewerReaction: _reaction, ...row }) => row);
  const items = await contentItemViewsFor(db, rows, viewer);
  // Only the shown items' reactions (the views leave out a blocked owner's rows).
  const reactionOf = new Map(shown.map((r) => [r.id, r.viewerReaction]));
  const viewerReactions = Object.fromEntries(
    items.flatMap((item) => {
      const kind = reactionOf.get(item.id);
      return kind ? [[item.id, kind]] : [];
    }),
  );
  return { items, nextCursor, viewerReactions };
}

const statementNames = new Map<string, string>();
/** A prepared statement's name: one per distinct text (a handful of shapes), never reused for another. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `home_feed_${createHash("sha1").update(text).digest("base64url").slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}
