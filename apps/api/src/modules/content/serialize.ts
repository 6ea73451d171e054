import { type ContentItem, detailSegmentOf } from "@vn/contract";
import type { contentItems, profiles } from "../../db/schema/index";

type ContentRow = typeof contentItems.$inferSelect;
type OwnerRow = Pick<
  typeof profiles.$inferSelect,
  "id" | "slug" | "name" | "type" | "verificationStatus" | "imageUrl"
>;

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

function imageOf(url: string | null) {
  // Variants arrive with the media pipeline; until then every size is the one stored image.
  return url ? { urls: { extraSmall: url, small: url, preview: url, full: url } } : null;
}

export function ownerOf(owner: OwnerRow): ContentItem["owner"] {
  return {
    id: owner.id,
    slug: owner.slug,
    name: owner.name,
    type: owner.type === "company" ? "company" : "user",
    verificationStatus: owner.verificationStatus,
    image: imageOf(owner.imageUrl),
  };
}

export function contentPath(ownerSlug: string, kind: string, slug: string): string {
  const segment = detailSegmentOf(kind);
  return segment.startsWith("recordings/")
    ? `/${ownerSlug}/${segment}?item=${slug}`
    : `/${ownerSlug}/${segment}/${slug}`;
}

export function serializeContent(
  row: ContentRow,
  owner: OwnerRow,
  viewerProfileId: string | null,
  repostOf: ContentItem["repostOf"] = null,
): ContentItem {
  return {
    id: row.id,
    owner: ownerOf(owner),
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
          }
        : null,
    sponsoredUrl: row.sponsoredUrl,
    quote: row.quote,
    path: contentPath(owner.slug, row.kind, row.slug),
    isOwner: viewerProfileId === row.ownerId,
    repostOf,
  };
}
