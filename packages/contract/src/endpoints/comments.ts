import { z } from "zod";
import { COMMENTS_PER_MINUTE } from "../comments";
import { PER_PAGE_DEFAULT, PER_PAGE_MAX } from "../constants";
import {
  commentCreateRequestSchema,
  commentListQuerySchema,
  commentListResponseSchema,
  commentResponseSchema,
  commentsDialogResponseSchema,
  commentTargetQuerySchema,
  commentUpdateRequestSchema,
} from "../schemas/comments";
import { idParamsSchema } from "../schemas/common";
import { endpoint } from "./define";

const tags = ["comments"];
const writeLimit = { max: COMMENTS_PER_MINUTE, per: "minute", by: "account" } as const;
/** Comment writes act within the acting member's `comments` scope (the service checks whose). */
const writer = { who: "verified", scope: "comments", rateLimit: writeLimit, writes: true } as const;

/**
 * Comments (issue 6), on API v1. Every write is also sent live to the item's content room as
 * comments.created / replied / updated / deleted / pinned / unpinned (spec §7).
 */
export const commentsEndpoints = {
  dialog: endpoint({
    method: "GET",
    path: "/api/v1/comments/dialog",
    tags,
    summary: "The comments dialog of one comment target (§3): ids, counters, who may comment, the room",
    query: commentTargetQuerySchema.extend({
      perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
    }),
    responses: { 200: commentsDialogResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound"],
  }),
  list: endpoint({
    method: "GET",
    path: "/api/v1/content/:id/comments",
    tags,
    summary: "Top-level comments, newest first; the pinned one leads page 1",
    params: idParamsSchema,
    query: commentListQuerySchema,
    responses: { 200: commentListResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound"],
  }),
  replies: endpoint({
    method: "GET",
    path: "/api/v1/comments/:id/replies",
    tags,
    summary: "The replies of one comment, oldest first",
    params: idParamsSchema,
    query: commentListQuerySchema,
    responses: { 200: commentListResponseSchema },
    policy: { who: "anyone" },
    errors: ["comment_notFound"],
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/content/:id/comments",
    tags,
    summary:
      "Comment on a publication, or reply (parentId) to a comment; text, an image (imageId: a comment_content_image upload), or both",
    params: idParamsSchema,
    body: commentCreateRequestSchema,
    responses: { 201: commentResponseSchema },
    policy: writer,
    errors: [
      "content_notFound",
      "comment_notFound",
      "comments_disabled",
      "comments_limited",
      "comments_limitReached",
      "file_notFound",
      "file_invalidType",
      "file_damaged",
      "request_conflict",
    ],
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/comments/:id",
    tags,
    summary: "Edit one's own comment: its text, and its image when imageId is sent (null removes it)",
    params: idParamsSchema,
    body: commentUpdateRequestSchema,
    responses: { 200: commentResponseSchema },
    policy: writer,
    errors: ["comment_notFound", "file_notFound", "file_invalidType", "file_damaged", "request_conflict"],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/comments/:id",
    tags,
    summary: "Delete one's own comment, or any comment on one's own publication (replies go with it)",
    params: idParamsSchema,
    responses: { 204: z.null() },
    policy: { who: "verified", scope: "comments" },
    errors: ["comment_notFound"],
  }),
  pin: endpoint({
    method: "PUT",
    path: "/api/v1/comments/:id/pin",
    tags,
    summary: "Pin a comment on one's own publication (replaces the pinned one)",
    params: idParamsSchema,
    responses: { 200: commentResponseSchema },
    policy: { who: "verified", scope: "comments" },
    errors: ["comment_notFound", "comment_notPinnable"],
  }),
  unpin: endpoint({
    method: "DELETE",
    path: "/api/v1/comments/:id/pin",
    tags,
    summary: "Unpin a comment on one's own publication",
    params: idParamsSchema,
    responses: { 200: commentResponseSchema },
    policy: { who: "verified", scope: "comments" },
    errors: ["comment_notFound"],
  }),
};
