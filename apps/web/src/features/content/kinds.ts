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
  question: "question",
  link: "link",
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
  question: messages.createQuestionTitle,
  link: messages.createLinkTitle,
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
  question: messages.kindQuestion,
  link: messages.kindLink,
};

/**
 * What a publication is called on its card and page: a repost with a note is a quote, a plain
 * repost only a repost (it has no words of its own to call a quote).
 */
export function kindLabelOf(item: { type: { id: string; title: string }; quote: string | null }): string {
  if (item.type.id === "repost") return item.quote?.trim() ? messages.repostWithQuote : messages.kindRepost;
  return kindLabels[item.type.id] ?? item.type.title;
}

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
  folders: messages.sectionFolders,
  questions: messages.sectionQuestions,
  links: messages.sectionLinks,
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

/** A date and time in one zone, named ("Mar 3, 2026, 2:00 PM GMT+1"); UTC when the zone is unknown. */
export function formatDateTimeIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return "";
  try {
    const local = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
    return `${local.format(new Date(iso))} ${zoneName(iso, timeZone)}`;
  } catch {
    return formatDateTime(iso);
  }
}

function zoneName(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" }).formatToParts(
    new Date(iso),
  );
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * The words of a publication's body: its text, except the short text the API made from the
 * description when there is no body (for excerpts and search), which the description above says.
 */
export function bodyTextOf(
  item: {
    type: { id: string };
    description: string | null;
    content: string | null;
    shortContent: string | null;
  },
  full: boolean,
): string | null {
  if (!item.content && item.description && item.type.id !== "post") return null;
  return (full ? item.content : (item.shortContent ?? item.content)) || null;
}
