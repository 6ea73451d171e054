import type { CreatableKind } from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
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
  post: commonMessages.createPostTitle,
  article: commonMessages.createArticleTitle,
  release: commonMessages.createReleaseTitle,
  statement: commonMessages.createStatementTitle,
  insight: commonMessages.createInsightTitle,
  response: commonMessages.createResponseTitle,
  document: commonMessages.createDocumentTitle,
  event: commonMessages.createEventTitle,
  podcast: commonMessages.createPodcastTitle,
  video: commonMessages.createVideoTitle,
  question: commonMessages.createQuestionTitle,
  link: commonMessages.createLinkTitle,
};

export const kindLabels: Record<string, string> = {
  post: commonMessages.kindPost,
  repost: commonMessages.repostWithQuote,
  article: commonMessages.kindArticle,
  release: commonMessages.kindRelease,
  news: commonMessages.kindRelease,
  statement: commonMessages.kindStatement,
  insight: commonMessages.kindInsight,
  response: commonMessages.kindResponse,
  document: commonMessages.kindDocument,
  event: commonMessages.kindEvent,
  podcast: commonMessages.kindPodcast,
  audio: commonMessages.kindPodcast,
  video: commonMessages.kindVideo,
  question: commonMessages.kindQuestion,
  link: commonMessages.kindLink,
};

/**
 * What a publication is called on its card and page: a repost with a note is a quote, a plain
 * repost only a repost (it has no words of its own to call a quote).
 */
export function kindLabelOf(item: { type: { id: string; title: string }; quote: string | null }): string {
  if (item.type.id === "repost")
    return item.quote?.trim() ? commonMessages.repostWithQuote : commonMessages.kindRepost;
  return kindLabels[item.type.id] ?? item.type.title;
}

export const sectionLabels: Record<MediaSection, string> = {
  releases: commonMessages.sectionReleases,
  responses: commonMessages.sectionResponses,
  statements: commonMessages.sectionStatements,
  posts: commonMessages.sectionPosts,
  insights: commonMessages.sectionInsights,
  videos: commonMessages.sectionVideos,
  podcasts: commonMessages.sectionPodcasts,
  files: commonMessages.sectionFiles,
  events: commonMessages.sectionEvents,
  folders: commonMessages.sectionFolders,
  questions: commonMessages.sectionQuestions,
  links: commonMessages.sectionLinks,
};

// Dates live in dates.ts (the page frame's banners use them without the labels above).
export { formatDate, formatDateTime, formatDateTimeIn } from "./dates";

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
