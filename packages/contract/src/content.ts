/**
 * Publications' route segments and limits without schemas: zod-free, so pages that link to or
 * edit a publication do not load zod for them (decision 0027). The schemas are in schemas/content.ts.
 */

/** Route segment of a detail page (§2) → kind. */
export const detailSegments = {
  releases: "release",
  news: "release",
  statements: "statement",
  responses: "response",
  insights: "insight",
  posts: "post",
  files: "document",
  events: "event",
  articles: "article",
  quote: "repost",
  questions: "question",
  links: "link",
} as const;
export type DetailSegment = keyof typeof detailSegments;

/** The longest name of a document's folder (issue 18). */
export const FOLDER_MAX = 64;
