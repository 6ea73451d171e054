import type { ContentItem, ReactionKind } from "@vn/contract";
import { and, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Preparable, preparedOnce } from "../../db/prepared";
import { contentItems, homeTimelineEntries, homeTimelines, reactions } from "../../db/schema/index";
import type { ContentCards } from "../../shared/content-cards";
import { contentItemViewsFor, hiddenColumn } from "../../shared/content-view";
import { decodeKeyset, keysetPage, rowsOf } from "../../shared/pages";
import { levelsKeyOf, levelsSeenBy, type Viewer } from "../../shared/profile-view";

/**
 * The home feed: publications and reposts of the profiles the viewer follows, and the viewer's
 * own, newest first. A followed profile whose privacy level hides it from the viewer (decision
 * 0014: verified_privacy for an unverified viewer, say) is left out like a muted one, and a repost
 * of a hidden profile's publication shows its original as unavailable.
 *
 * Two sources, one order ((publication_date, id) newest first, the keyset cursor of every page):
 *  - the viewer's precomputed timeline (fan-out on write, decision 0030): the newest 800 or so
 *    entries, kept by database triggers on every write that changes a feed, so a page is one
 *    index range however many profiles the viewer follows;
 *  - the merge on read (decisions 0007 and 0026) for pages below the timeline's horizon: for each
 *    followed profile its newest item before the cursor, then only the owners that can reach the
 *    page probed for up to a page each; page 1,000 costs what page 1 costs.
 * A page goes to the merge only when it reaches below the horizon, so both give the same items.
 *
 * Each source is one named prepared statement returning the page (the timeline's: ids; the
 * merge's: whole rows) and the viewer's own reaction to each; its text depends only on the shape
 * (cursor or not, the viewer's privacy levels), so each connection plans each shape once. The
 * timeline's ids are shown from the node's publication cards (shared/content-cards.ts, decision
 * 0035); the merge's rows are hydrated by the shared content view.
 */
export async function homeFeed(
  db: Db,
  cards: ContentCards,
  viewer: FeedViewer,
  query: { cursor?: string; perPage: number },
): Promise<FeedPage> {
  const cursor = decodeKeyset(query.cursor);
  const limit = query.perPage + 1;
  const keyOf = (r: PageEntry) => ({ at: r.at, id: r.id });
  const fromTimeline = await timelinePage(db, viewer, cursor, limit);
  if (fromTimeline) {
    // The timeline's page is ids, shown from the node's cards.
    const { rows, nextCursor } = keysetPage(fromTimeline.rows, query.perPage, keyOf);
    const ids = rows.map((r) => r.id);
    return withReactions(rows, await cards.views(db, ids, viewer, fromTimeline.hidden), nextCursor);
  }
  // The merge's page is rows, hydrated here.
  const { rows, nextCursor } = keysetPage(await mergedPage(db, viewer, cursor, limit), query.perPage, keyOf);
  const contentRows = rows.map(({ at: _at, viewerReaction: _reaction, ...row }) => row);
  return withReactions(rows, await contentItemViewsFor(db, contentRows, viewer), nextCursor);
}

/** A page's items with the viewer's own reactions: only the shown items' (a view leaves out a blocked owner's). */
function withReactions(rows: PageEntry[], items: ContentItem[], nextCursor: string | null): FeedPage {
  const reactionOf = new Map(rows.map((r) => [r.id, r.viewerReaction]));
  const viewerReactions = Object.fromEntries(
    items.flatMap((item) => {
      const kind = reactionOf.get(item.id);
      return kind ? [[item.id, kind]] : [];
    }),
  );
  return { items, nextCursor, viewerReactions };
}

interface FeedPage {
  items: ContentItem[];
  nextCursor: string | null;
  viewerReactions: Record<string, ReactionKind>;
}

type Cursor = ReturnType<typeof decodeKeyset>;
type FeedViewer = Viewer & { profileId: string };

/** The values a page statement binds (its placeholders). */
function pageValues(viewer: FeedViewer, cursor: Cursor, limit: number) {
  return { viewer: viewer.profileId, at: cursor?.at ?? null, id: cursor?.id ?? null, limit };
}
const viewerValue = sql.placeholder("viewer");
const beforeAt = sql`${sql.placeholder("at")}::timestamptz`;
const beforeId = sql`${sql.placeholder("id")}::text`;

/** A page's rows, with the keyset value and the viewer's own reaction to each. */
const pageColumns = () => ({
  ...getTableColumns(contentItems),
  at: sql<string>`${contentItems.publicationDate}::text`,
  // The viewer's own reaction (what viewerReactionsFor reads), one primary-key probe per row.
  viewerReaction: sql<ReactionKind | null>`(SELECT r.kind FROM ${reactions} r
    WHERE r.content_id = ${contentItems.id} AND r.profile_id = ${viewerValue})`,
});

/**
 * One prepared statement per shape of a page (a cursor or not; the privacy levels the viewer
 * sees), built once per database handle (db/prepared.ts): a request only binds its values.
 */
function byShape<P>(
  label: string,
  build: (db: Db, withCursor: boolean, levels: SQL) => Preparable<P>,
  options: { generic?: boolean } = {},
) {
  const shapes = new Map<string, (db: Db) => P>();
  return (db: Db, viewer: FeedViewer, cursor: Cursor): P => {
    const key = `${cursor ? "after" : "first"}_${levelsKeyOf(viewer)}`;
    let shape = shapes.get(key);
    if (!shape) {
      shape = preparedOnce(
        `${label}_${key}`,
        (handle) => build(handle, Boolean(cursor), levelsSeenBy(viewer)),
        options,
      );
      shapes.set(key, shape);
    }
    return shape(db);
  };
}

/**
 * The timeline page in one statement: its ids with their keyset values and the viewer's own
 * reactions, the timeline's state, and the profiles in a block with the viewer. The publications
 * themselves are the node's cards (shared/content-cards.ts, decision 0035), so the statement
 * carries no rows or hydration (decision 0031 had them here, one JSON value each). Generic plans
 * (db/prepared.ts): the page is one primary-key range whatever the values.
 */
const timelineStatement = byShape(
  "home_timeline_page",
  (db, withCursor, levels) => timelinePageQuery(db, withCursor, levels),
  { generic: true },
);

/** The timeline page statement (timelineStatement), for one shape. */
function timelinePageQuery(db: Db, withCursor: boolean, levels: SQL) {
  const page = db.$with("page").as(
    db
      .select({
        // Plain columns keep their names in the CTE: page.content_id, page.publication_date.
        contentId: homeTimelineEntries.contentId,
        publicationDate: homeTimelineEntries.publicationDate,
        at: sql<string>`${homeTimelineEntries.publicationDate}::text`.as("at"),
        // The viewer's own reaction (what viewerReactionsFor reads), one primary-key probe per row.
        viewerReaction: sql<ReactionKind | null>`(SELECT r.kind FROM ${reactions} r
            WHERE r.content_id = ${homeTimelineEntries.contentId} AND r.profile_id = ${viewerValue})`.as(
          "viewer_reaction",
        ),
        complete: sql<boolean>`${homeTimelines.horizonAt} IS NULL`.as("complete"),
        readAt: sql<string>`${homeTimelines.readAt}`.as("timeline_read_at"),
      })
      .from(homeTimelineEntries)
      .innerJoin(homeTimelines, eq(homeTimelines.followerId, homeTimelineEntries.followerId))
      .innerJoin(contentItems, eq(contentItems.id, homeTimelineEntries.contentId))
      .where(
        and(
          eq(homeTimelineEntries.followerId, viewerValue),
          withCursor
            ? sql`(${homeTimelineEntries.publicationDate}, ${homeTimelineEntries.contentId}) < (${beforeAt}, ${beforeId})`
            : undefined,
          eq(contentItems.status, "active"),
          sql`(${homeTimelineEntries.ownerId} = ${viewerValue} OR EXISTS (
              SELECT 1 FROM profiles p WHERE p.id = ${homeTimelineEntries.ownerId} AND p.status = 'active' AND (${levels})))`,
        ),
      )
      .orderBy(desc(homeTimelineEntries.publicationDate), desc(homeTimelineEntries.contentId))
      .limit(sql.placeholder("limit")),
  );
  return db
    .with(page)
    .select({
      rows: sql<[string, string, ReactionKind | null][] | null>`(SELECT json_agg(
          json_build_array(page.content_id, page.at, page.viewer_reaction)
          ORDER BY page.publication_date DESC, page.content_id DESC) FROM page)`,
      complete: sql<boolean | null>`(SELECT complete FROM page LIMIT 1)`,
      readAt: sql<string | null>`(SELECT timeline_read_at::text FROM page LIMIT 1)`,
      hidden: hiddenColumn(sql`${viewerValue}::text`),
    })
    .from(sql`(SELECT 1) AS one`);
}

const timelineOf = preparedOnce("home_timeline_of", (db) =>
  db
    .select({ complete: sql<boolean>`${homeTimelines.horizonAt} IS NULL` })
    .from(homeTimelines)
    .where(eq(homeTimelines.followerId, viewerValue)),
);

/**
 * The page from the viewer's precomputed timeline (decision 0030): one range of its primary key,
 * joined to the rows. The timeline holds the graph's choice (follows, mutes, blocks through the
 * follows they end, the viewer's own); what changes without a graph change is checked here as the
 * merge checks it: the publication is active, and its owner is active and visible to the viewer at
 * their privacy level (decision 0014). Null when the merge must answer: the page reaches below the
 * timeline's horizon. A profile's first page builds its timeline.
 */
async function timelinePage(
  db: Db,
  viewer: FeedViewer,
  cursor: Cursor,
  limit: number,
): Promise<{ rows: PageEntry[]; hidden: Set<string> } | null> {
  const values = pageValues(viewer, cursor, limit);
  const read = async () => (await timelineStatement(db, viewer, cursor).execute(values))[0]!;
  const marker = async () => (await timelineOf(db).execute({ viewer: viewer.profileId }))[0];
  let found = await read();
  // No entries: no timeline yet (built now, then read again), or the end of one.
  if (!found.rows && !(await marker())) {
    await db.execute(sql`SELECT home_timeline_build(${viewer.profileId})`);
    found = await read();
  }
  if (found.readAt && Date.now() - Date.parse(found.readAt) > READ_AT_PRECISION_MS) {
    await db
      .update(homeTimelines)
      .set({ readAt: sql`now()` })
      .where(eq(homeTimelines.followerId, viewer.profileId));
  }
  const rows = (found.rows ?? []).map(([id, at, viewerReaction]) => ({ id, at, viewerReaction }));
  const page = { rows, hidden: new Set(found.hidden ?? []) };
  if (rows.length === limit) return page;
  // Fewer than a full page: the end of a complete timeline, or a page reaching below the horizon.
  const complete = found.complete ?? (await marker())?.complete;
  return complete ? page : null;
}

/** A page's entry: the publication's id, its keyset value and the viewer's own reaction. */
type PageEntry = { id: string; at: string; viewerReaction: ReactionKind | null };

/**
 * The page merged on read, for pages below a timeline's horizon: for each followed profile
 * (at most a few hundred) its newest item before the cursor, then only the owners that can
 * reach the page probed for up to a page each (decision 0026).
 */
const mergedStatement = byShape("home_merge", (db, withCursor, levels) => {
  const beforeCursor = withCursor
    ? sql`AND (ci.publication_date, ci.id) < (${beforeAt}, ${beforeId})`
    : sql``;
  const limit = sql`${sql.placeholder("limit")}::int`;
  // The followed profiles the viewer may see: each checked by its primary key (a LATERAL with
  // LIMIT 1 keeps the planner from hashing the whole profiles table for a few hundred ids).
  const skeleton = sql`WITH owners AS (
          SELECT ${viewerValue}::text AS owner_id
          UNION ALL
          SELECT f.followee_id FROM follows f
          CROSS JOIN LATERAL (
            SELECT 1 FROM profiles p
            WHERE p.id = f.followee_id AND p.status = 'active' AND (${levels})
            LIMIT 1
          ) seen
          WHERE f.follower_id = ${viewerValue}
            AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.muter_id = ${viewerValue} AND m.muted_id = f.followee_id)
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
            (SELECT publication_date FROM heads ORDER BY publication_date DESC OFFSET (${limit} - 1) LIMIT 1),
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
  return db
    .select(pageColumns())
    .from(contentItems)
    .where(sql`${contentItems.id} IN (${skeleton})`)
    .orderBy(desc(contentItems.publicationDate), desc(contentItems.id))
    .limit(sql.placeholder("limit"));
});

function mergedPage(db: Db, viewer: FeedViewer, cursor: Cursor, limit: number) {
  return mergedStatement(db, viewer, cursor).execute(pageValues(viewer, cursor, limit));
}

/** A timeline's read time is kept to the hour: one write per reader per hour at most. */
const READ_AT_PRECISION_MS = 3_600_000;

/**
 * Timelines unread this long are dropped (Mastodon stops filling the home feeds of users inactive
 * for weeks the same way): publications stop fanning out to readers who left, and a returning
 * reader's first read builds the timeline again.
 */
export const IDLE_TIMELINE_DAYS = 14;

/** Drops the timelines unread for IDLE_TIMELINE_DAYS (the trim job); how many it dropped. */
export async function dropIdleHomeTimelines(db: Db): Promise<number> {
  const dropped = await db
    .delete(homeTimelines)
    .where(sql`${homeTimelines.readAt} < now() - make_interval(days => ${IDLE_TIMELINE_DAYS})`)
    .returning({ followerId: homeTimelines.followerId });
  return dropped.length;
}

/** Brings every timeline past twice its cap back to the cap (the trim job); how many it trimmed. */
export async function trimHomeTimelines(db: Db): Promise<number> {
  const rows = await rowsOf<{ trimmed: number }>(db, sql`SELECT home_timeline_trim() AS trimmed`);
  return rows[0]?.trimmed ?? 0;
}
