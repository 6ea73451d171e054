import { type ContentItem, detailSegmentOf, scopeCovers, scopeOfKind } from "@vn/contract";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jsonRowOf, rowsFromJson } from "../db/json-rows";
import { preparedOnce } from "../db/prepared";
import {
  companyMemberDetails,
  companyMembers,
  companyTeamSettings,
  contentCounts,
  contentItems,
  mediaFiles,
  profiles,
} from "../db/schema/index";
import { itemMediaOf, type MediaRow } from "./media-view";
import { contentOwnerFace, mayView, type ProfileFaceRow, type Viewer } from "./profile-view";
import { currentRequestContext } from "./request-context";
import { blockedAroundIds } from "./social-graph";

/**
 * The one view of a publication (§3 ContentItem): every list and answer that shows publications
 * (the profile's lists, the detail page, the home feed, search, related items) builds them here,
 * from stored rows, for one viewer: owner faces, repost targets, reaction counts and media; and
 * the per-kind counts the profile page and the list counters show.
 */

type ContentRow = typeof contentItems.$inferSelect;

const kindTitles: Record<string, string> = {
  post: "Post",
  response: "Response",
  insight: "Insight",
  release: "Release",
  news: "Release",
  statement: "Statement",
  article: "Article",
  document: "Document",
  event: "Event",
  audio: "Audio",
  podcast: "Podcast",
  video: "Video",
  recording: "Recording",
  repost: "Repost",
  opinion: "Opinion",
  story: "Story",
  sponsored_publication: "Sponsored",
  "sidebar-ads": "Sponsored",
};

export function contentPath(ownerSlug: string, kind: string, slug: string): string {
  const segment = detailSegmentOf(kind);
  return segment.startsWith("recordings/")
    ? `/${ownerSlug}/${segment}?item=${slug}`
    : `/${ownerSlug}/${segment}/${slug}`;
}

/** The acting member's scope for this item's kind covers it (the request's actor: one place for who). */
function mayWrite(row: Pick<ContentRow, "kind" | "authorUserId">): boolean {
  const actor = currentRequestContext()?.actor;
  if (!actor) return false;
  return scopeCovers(actor, scopeOfKind[row.kind] ?? "posts", { authorUserId: row.authorUserId });
}

export function serializeContent(
  row: ContentRow,
  owner: ProfileFaceRow,
  viewerProfileId: string | null,
  repostOf: ContentItem["repostOf"] = null,
  byline: ContentItem["byline"] = null,
): ContentItem {
  return {
    id: row.id,
    owner: contentOwnerFace(owner),
    byline,
    slug: row.slug,
    type: { id: row.kind, title: kindTitles[row.kind] ?? row.kind },
    status: row.status as ContentItem["status"],
    title: row.title,
    description: row.description,
    content: row.content,
    shortContent: row.shortContent,
    mainImage: null,
    image: null,
    gallery: { images: [], videos: [] },
    file: null,
    publicationDate: row.publicationDate.toISOString(),
    like: row.likeCount,
    view: row.viewCount,
    comment: row.commentCount,
    reactions: {},
    contentInteractionConfig: {
      commentsMode: row.commentsMode as ContentItem["contentInteractionConfig"]["commentsMode"],
      reactionsEnabled: row.reactionsEnabled,
      repostsEnabled: row.repostsEnabled,
      viewsEnabled: row.viewsEnabled,
    },
    event:
      row.kind === "event"
        ? {
            startsAt: row.startsAt?.toISOString() ?? null,
            endsAt: row.endsAt?.toISOString() ?? null,
            place: row.place,
            onlineUrl: row.onlineUrl,
            timeZone: row.timeZone,
          }
        : null,
    sponsoredUrl: row.sponsoredUrl,
    quote: row.quote,
    // A link keeps its address in online_url (issue 18); its card comes from link-previews.
    link: row.kind === "link" && row.onlineUrl ? { url: row.onlineUrl } : null,
    // A document's folder (content_items.folder, issue 18); null when unfiled.
    folder: row.kind === "document" ? row.folder : null,
    path: contentPath(owner.slug, row.kind, row.slug),
    isOwner: viewerProfileId === row.ownerId,
    editable: viewerProfileId === row.ownerId && mayWrite(row),
    repostOf,
  };
}

// The single-item media read (an item just written, inside its transaction), prepared once.
const idsValue = sql`${sql.placeholder("ids")}::text[]`;
const mediaOf = preparedOnce("content_media", (db) =>
  db.select().from(mediaFiles).where(sql`${mediaFiles.contentItemId} = ANY(${idsValue})`),
);

/** What a page of publications is shown with, besides its own rows. */
export interface Hydration {
  /** Profiles in a block with the viewer, either way round (blockedAround). */
  hidden: Set<string>;
  /** The originals of the page's reposts. */
  originals: ContentRow[];
  /** The owners of the page's items and of those originals. */
  ownerById: Map<string, ProfileRow>;
  /** Reaction counts per item and kind (ContentItem.reactions), from the trigger-kept counters. */
  counts: Map<string, Record<string, number>>;
  /** Attached media files per item. */
  mediaByItem: Map<string, MediaRow[]>;
}
type ProfileRow = typeof profiles.$inferSelect;

/**
 * Where a hydration finds its page (SQL values): the items' ids, their reposts' originals' ids and
 * their owners' ids (text[] each), and the viewer (text, null for a visitor).
 */
export interface HydrationSources {
  ids: SQL;
  reposts: SQL;
  owners: SQL;
  viewer: SQL;
}

/**
 * The hydration of a page as five columns of one row, each one JSON value: blocks around the
 * viewer, repost originals, owners, reaction counts and media. It was five statements; on a feed
 * page each round trip cost the API and PostgreSQL more than the read itself (decision 0031). The
 * feed selects these columns in the statement that reads its page (one round trip for both).
 */
export function hydrationColumns({ ids, reposts, owners, viewer }: HydrationSources) {
  // The page's items and their originals.
  const shown = sql`(SELECT unnest(${ids}) UNION ALL SELECT unnest(${reposts}))`;
  return {
    hidden: hiddenColumn(viewer),
    originals: sql<unknown>`(SELECT coalesce(json_agg(${jsonRowOf(contentItems, "o")}), '[]'::json)
      FROM content_items o WHERE o.id = ANY(${reposts}))`,
    owners: sql<unknown>`(SELECT coalesce(json_agg(${jsonRowOf(profiles, "p")}), '[]'::json)
      FROM profiles p WHERE p.id IN (
        SELECT unnest(${owners}) UNION SELECT owner_id FROM content_items WHERE id = ANY(${reposts})))`,
    counts: sql<
      [string, string, number][] | null
    >`(SELECT coalesce(json_agg(json_build_array(r.content_id, r.kind, r.n)), '[]'::json)
      FROM reaction_counts r WHERE r.content_id IN ${shown} AND r.n > 0)`,
    media: sql<unknown>`(SELECT coalesce(json_agg(${jsonRowOf(mediaFiles, "m")}), '[]'::json)
      FROM media_files m WHERE m.content_item_id IN ${shown})`,
  };
}

/** The profiles in a block with the viewer, either way round, as one JSON array (Hydration.hidden). */
export function hiddenColumn(viewer: SQL) {
  return sql<
    string[] | null
  >`(SELECT coalesce(json_agg(b.id), '[]'::json) FROM (${blockedAroundIds(viewer)}) b)`;
}

/** A hydration as read: the values of hydrationColumns. */
export interface HydrationRow {
  hidden: string[] | null;
  originals: unknown;
  owners: unknown;
  counts: [string, string, number][] | null;
  media: unknown;
}

/** The hydration of rows given as id arrays (`ids`, `reposts`, `owners`, `viewer`). */
function hydrationQuery(db: Db) {
  const ids = (name: string) => sql`${sql.placeholder(name)}::text[]`;
  return db
    .select(
      hydrationColumns({
        ids: ids("ids"),
        reposts: ids("reposts"),
        owners: ids("owners"),
        viewer: sql`${sql.placeholder("viewer")}::text`,
      }),
    )
    .from(sql`(SELECT 1) AS one`);
}

// Keys and id arrays only: one plan serves every page (db/prepared.ts).
const hydrationStatement = preparedOnce("content_hydration", hydrationQuery, { generic: true });

async function hydrationOf(db: Db, rows: ContentRow[], viewerProfileId: string | null): Promise<Hydration> {
  const [found] = await hydrationStatement(db).execute({
    ids: rows.map((r) => r.id),
    reposts: [...new Set(rows.flatMap((r) => (r.repostOfId ? [r.repostOfId] : [])))],
    owners: [...new Set(rows.map((r) => r.ownerId))],
    viewer: viewerProfileId,
  });
  return hydrationFrom(found);
}

export function hydrationFrom(found: HydrationRow | undefined): Hydration {
  const counts = new Map<string, Record<string, number>>();
  for (const [contentId, kind, n] of found?.counts ?? []) {
    const forItem = counts.get(contentId) ?? {};
    forItem[kind] = n;
    counts.set(contentId, forItem);
  }
  const mediaByItem = new Map<string, MediaRow[]>();
  for (const row of rowsFromJson(mediaFiles, found?.media)) {
    const list = mediaByItem.get(row.contentItemId!) ?? [];
    list.push(row);
    mediaByItem.set(row.contentItemId!, list);
  }
  return {
    hidden: new Set(found?.hidden ?? []),
    originals: rowsFromJson(contentItems, found?.originals),
    ownerById: new Map(rowsFromJson(profiles, found?.owners).map((o) => [o.id, o])),
    counts,
    mediaByItem,
  };
}

/**
 * Bylines of company-owned items (issue 14: "by {name}, {position}"), by item id: the author's
 * person profile name and their position in the owning company (null when they hold none or
 * have left it). One query for a whole page; a person's own items get none. A member who chose to
 * hide it gets none either, but only while the company allows members to (its team settings):
 * the choice stays stored, and the byline returns if the company withdraws the permission.
 */
export async function bylinesFor(
  db: Db,
  rows: Pick<ContentRow, "id" | "ownerId" | "authorUserId">[],
  ownerById: Map<string, Pick<ProfileFaceRow, "type">>,
): Promise<Map<string, NonNullable<ContentItem["byline"]>>> {
  const result = new Map<string, NonNullable<ContentItem["byline"]>>();
  const authored = rows.filter((r) => r.authorUserId && ownerById.get(r.ownerId)?.type === "company");
  if (authored.length === 0) return result;
  const userIds = [...new Set(authored.map((r) => r.authorUserId!))];
  const companyIds = [...new Set(authored.map((r) => r.ownerId))];
  const found = await db
    .select({
      userId: profiles.userId,
      name: profiles.name,
      companyId: companyMembers.companyId,
      position: companyMembers.position,
      hideByline: companyMemberDetails.hideByline,
      membersMayHideByline: companyTeamSettings.membersMayHideByline,
    })
    .from(profiles)
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.userId, profiles.userId), inArray(companyMembers.companyId, companyIds)),
    )
    .leftJoin(
      companyMemberDetails,
      and(
        eq(companyMemberDetails.companyId, companyMembers.companyId),
        eq(companyMemberDetails.userId, companyMembers.userId),
      ),
    )
    .leftJoin(companyTeamSettings, eq(companyTeamSettings.companyId, companyMembers.companyId))
    .where(and(eq(profiles.type, "user"), inArray(profiles.userId, userIds)));
  const nameByUser = new Map<string, string>();
  const positionByMember = new Map<string, string | null>();
  const hiddenMembers = new Set<string>();
  for (const f of found) {
    nameByUser.set(f.userId!, f.name);
    if (!f.companyId) continue;
    const member = `${f.companyId}:${f.userId}`;
    positionByMember.set(member, f.position);
    if (f.hideByline && f.membersMayHideByline) hiddenMembers.add(member);
  }
  for (const r of authored) {
    const member = `${r.ownerId}:${r.authorUserId}`;
    const name = nameByUser.get(r.authorUserId!);
    if (!name || hiddenMembers.has(member)) continue;
    const position = positionByMember.get(member) ?? null;
    // A blank position reads as none rather than a dangling "by Anna, ".
    result.set(r.id, { name, position: position?.trim() ? position : null });
  }
  return result;
}

/**
 * Fills the media fields of serialized publications (§3: mainImage, image, gallery, file) from
 * the files attached to them, reposted originals included: one query for a whole page.
 */
export async function withItemMedia(db: Db, items: ContentItem[]): Promise<ContentItem[]> {
  const ids = items.flatMap((item) => [item.id, ...(item.repostOf ? [item.repostOf.id] : [])]);
  if (ids.length === 0) return items;
  const byItem = new Map<string, MediaRow[]>();
  for (const row of await mediaOf(db).execute({ ids })) {
    const list = byItem.get(row.contentItemId!) ?? [];
    list.push(row);
    byItem.set(row.contentItemId!, list);
  }
  return withMediaOf(items, byItem);
}

function withMediaOf(items: ContentItem[], byItem: Map<string, MediaRow[]>): ContentItem[] {
  if (byItem.size === 0) return items;
  const fill = <T extends Pick<ContentItem, "id" | "status">>(item: T): T => {
    const attached = byItem.get(item.id);
    // A published item's media go by plain URLs; a draft's by short-lived signed ones (issue 11).
    return attached ? { ...item, ...itemMediaOf(attached, item.status === "active") } : item;
  };
  return items.map((item) => {
    const filled = fill(item);
    return item.repostOf ? { ...filled, repostOf: fill(item.repostOf) } : filled;
  });
}

/** The owner's columns a card keeps: its face, status and privacy level (what a viewer's checks read). */
export type CardOwner = Pick<
  ProfileRow,
  "id" | "slug" | "name" | "type" | "verificationStatus" | "imageUrl" | "status" | "privacy"
>;

/**
 * A publication as anyone sees it (decision 0035): its row, its owner's face and checks, and its
 * view serialized for nobody in particular (isOwner and editable false, no repost target) with its
 * reaction counts, media and byline. What depends on the viewer (blocks, the owner's status and
 * privacy level, the repost target, isOwner and editable) is applied by viewsOfCards, so one card
 * serves every viewer; shared/content-cards.ts keeps them per node for the home feed.
 */
export interface ContentCard {
  row: ContentRow;
  /** Null when the owner is gone: the card then shows nothing. */
  owner: CardOwner | null;
  view: ContentItem | null;
}

/** The cards of rows and of their reposts' originals, by id, from their hydration. */
export async function cardsOf(
  db: Db,
  rows: ContentRow[],
  { originals, ownerById, counts, mediaByItem }: Hydration,
): Promise<Map<string, ContentCard>> {
  const all = [...rows, ...originals];
  const bylines = await bylinesFor(db, all, ownerById);
  const cards = new Map<string, ContentCard>();
  for (const row of all) {
    const owner = ownerById.get(row.ownerId);
    if (!owner) {
      cards.set(row.id, { row, owner: null, view: null });
      continue;
    }
    const view: ContentItem = {
      ...serializeContent(row, owner, null, null, bylines.get(row.id) ?? null),
      reactions: counts.get(row.id) ?? {},
    };
    const attached = mediaByItem.get(row.id);
    // A published item's media go by plain URLs; a draft's by short-lived signed ones (issue 11).
    const withMedia = attached ? { ...view, ...itemMediaOf(attached, row.status === "active") } : view;
    cards.set(row.id, { row, owner: cardOwnerOf(owner), view: withMedia });
  }
  return cards;
}

function cardOwnerOf(row: ProfileRow): CardOwner {
  const { id, slug, name, type, verificationStatus, imageUrl, status, privacy } = row;
  return { id, slug, name, type, verificationStatus, imageUrl, status, privacy };
}

/**
 * The items with these ids, in order, for one viewer, from the cards of them and of their reposts'
 * originals. Items of profiles in a block with the viewer (`hidden`) are left out, and so are those
 * of deleted or suspended profiles (their owner still sees them). A repost's original shows as
 * unavailable (`repostOf: null`) when it was removed, its owner is gone, blocked, or hidden from
 * the viewer by its privacy level (`seen`, decision 0014).
 */
export function viewsOfCards(
  ids: readonly string[],
  cards: Map<string, ContentCard>,
  viewerProfileId: string | null,
  hidden: Set<string>,
  seen: (owner: CardOwner) => boolean = () => true,
): ContentItem[] {
  const forViewer = (row: ContentRow, view: ContentItem): ContentItem => {
    const isOwner = viewerProfileId === row.ownerId;
    return { ...view, isOwner, editable: isOwner && mayWrite(row) };
  };
  const items: ContentItem[] = [];
  for (const id of ids) {
    const card = cards.get(id);
    if (!card?.view || !card.owner || hidden.has(card.owner.id)) continue;
    if (card.owner.status !== "active" && card.owner.id !== viewerProfileId) continue;
    const original = card.row.repostOfId ? cards.get(card.row.repostOfId) : undefined;
    const shown =
      original?.view &&
      original.owner &&
      original.row.status === "active" &&
      original.owner.status === "active" &&
      !hidden.has(original.owner.id) &&
      seen(original.owner);
    items.push({
      ...forViewer(card.row, card.view),
      repostOf: shown ? forViewer(original.row, original.view!) : null,
    });
  }
  return items;
}

/**
 * Items of the given rows with their owners, serialized (repost targets included), with their
 * reaction counts and media. Items of profiles in a block with the viewer are left out, and a
 * repost of such a profile's item shows its original as unavailable.
 */
export async function contentItemViews(
  db: Db,
  rows: ContentRow[],
  viewerProfileId: string | null,
): Promise<ContentItem[]> {
  return (await viewsWithOwners(db, rows, viewerProfileId)).items;
}

async function viewsWithOwners(
  db: Db,
  rows: ContentRow[],
  viewerProfileId: string | null,
  read?: HydrationRow,
  seen?: (owner: CardOwner) => boolean,
): Promise<{ items: ContentItem[]; ownerById: Map<string, ProfileRow> }> {
  if (rows.length === 0) return { items: [], ownerById: new Map() };
  const hydration = read ? hydrationFrom(read) : await hydrationOf(db, rows, viewerProfileId);
  const cards = await cardsOf(db, rows, hydration);
  const ids = rows.map((r) => r.id);
  return {
    items: viewsOfCards(ids, cards, viewerProfileId, hydration.hidden, seen),
    ownerById: hydration.ownerById,
  };
}

/**
 * contentItemViews for one viewer, privacy levels included (decision 0014): a repost whose
 * original's owner is hidden from the viewer shows the original as unavailable (`repostOf: null`),
 * the way a removed original shows. Lists that pick their rows by ownerVisibleTo use this. The
 * originals' owners came with the hydration, so their levels need no read of their own.
 * `read`: the hydration when the caller's statement brought it with its rows (hydrationColumns).
 */
export async function contentItemViewsFor(
  db: Db,
  rows: ContentRow[],
  viewer: Viewer,
  read?: HydrationRow,
): Promise<ContentItem[]> {
  return (await viewsWithOwners(db, rows, viewer.profileId, read, (owner) => mayView(owner, viewer))).items;
}

/**
 * One publication for one viewer, with its owner's row (as read by the hydration): a detail view
 * checks the owner's privacy level on it without a read of its own. No item when its owner is in
 * a block with the viewer or gone.
 */
export async function contentItemViewWithOwner(
  db: Db,
  row: ContentRow,
  viewer: Viewer,
): Promise<{ item: ContentItem | undefined; owner: ProfileRow | undefined }> {
  const { items, ownerById } = await viewsWithOwners(db, [row], viewer.profileId, undefined, (owner) =>
    mayView(owner, viewer),
  );
  return { item: items[0], owner: ownerById.get(row.ownerId) };
}

/** Active items per kind of one profile, from the trigger-kept content_counts table. */
export async function activeCountsByKind(db: Db, ownerId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ kind: contentCounts.kind, n: contentCounts.n })
    .from(contentCounts)
    .where(and(eq(contentCounts.ownerId, ownerId), eq(contentCounts.status, "active")));
  return new Map(rows.map((r) => [r.kind, r.n]));
}
