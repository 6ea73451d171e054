import { type CreatableKind, messages } from "@vn/contract";
import type { MediaSection } from "./content-routes";

/** Create routes (§2 /create/*) → the kind each publishes. */
export const createRouteKinds = {
  post: "post",
  article: "article",
  release: "release",
  statement: "statement",
  insight: "insight",
  response: "response",
  document: "document",
  event: "event",
  podcast: "podcast",
  video: "video",
} as const satisfies Record<string, CreatableKind>;
export type CreateRoute = keyof typeof createRouteKinds;

export const createTitles: Record<CreateRoute, string> = {
  post: messages.createPostTitle,
  article: messages.createArticleTitle,
  release: messages.createReleaseTitle,
  statement: messages.createStatementTitle,
  insight: messages.createInsightTitle,
  response: messages.createResponseTitle,
  document: messages.createDocumentTitle,
  event: messages.createEventTitle,
  podcast: messages.createPodcastTitle,
  video: messages.createVideoTitle,
};

export const kindLabels: Record<string, string> = {
  post: messages.kindPost,
  repost: messages.repostWithQuote,
  article: messages.kindArticle,
  release: messages.kindRelease,
  news: messages.kindRelease,
  statement: messages.kindStatement,
  insight: messages.kindInsight,
  response: messages.kindResponse,
  document: messages.kindDocument,
  event: messages.kindEvent,
  podcast: messages.kindPodcast,
  audio: messages.kindPodcast,
  video: messages.kindVideo,
};

export const sectionLabels: Record<MediaSection, string> = {
  releases: messages.sectionReleases,
  responses: messages.sectionResponses,
  statements: messages.sectionStatements,
  posts: messages.sectionPosts,
  insights: messages.sectionInsights,
  videos: messages.sectionVideos,
  podcasts: messages.sectionPodcasts,
  files: messages.sectionFiles,
  events: messages.sectionEvents,
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

/** Dates render the same on the server and in the browser (UTC), so hydration never differs. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? dateFormat.format(new Date(iso)) : "";
}
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? `${dateTimeFormat.format(new Date(iso))} UTC` : "";
}
