import { z } from "zod";
import { idParamsSchema } from "../schemas/common";
import {
  contentCreateRequestSchema,
  contentDetailParamsSchema,
  contentDetailQuerySchema,
  contentItemResponseSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  contentUpdateRequestSchema,
  relatedContentResponseSchema,
  repostRequestSchema,
} from "../schemas/content";
import { profileSlugParamsSchema } from "../schemas/profiles";
import { endpoint } from "./define";

const tags = ["content"];
const publishLimit = { max: 60, per: "minute", by: "address" } as const;
/**
 * Writes act for the acting profile. Which company scope (posts, releases, videos…) and which
 * plan feature apply follows the publication's kind, so the service checks them (content/rules.ts
 * assertMayAct, assertPlanAllows, with their own messages): they are not on these rows.
 */
const planAndScope = ["accountManager_permissionNotProvided", "account_accessForbiddenByPlan"] as const;
/** What attaching media (mainImageId, galleryIds, fileId) may answer (the media module's attach). */
const mediaErrors = ["file_notFound", "file_damaged", "file_wrongKind", "file_maxEmbeddedImages"] as const;

/**
 * Publications: reads on API v2 (the §7 content API), public and personalised when a session is
 * sent; writes on API v1, by the acting profile within its role's scope and plan.
 */
export const contentEndpoints = {
  listByProfile: endpoint({
    method: "GET",
    path: "/api/v2/profiles/:slug/content",
    tags,
    summary: "A profile's publications, newest first; total pages in the content-range header",
    params: profileSlugParamsSchema,
    query: contentListQuerySchema,
    responses: { 200: contentListResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound"],
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/v2/content/:segment/:slug",
    tags,
    summary: "One publication by its route segment (releases, posts, quote…) and slug; owner optional",
    params: contentDetailParamsSchema,
    query: contentDetailQuerySchema,
    responses: { 200: contentItemResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound", "content_isBlocked"],
  }),
  related: endpoint({
    method: "GET",
    path: "/api/v2/content/:id/related",
    tags,
    summary: "Related sections of a publication: more-from-owner and similar",
    params: idParamsSchema,
    responses: { 200: relatedContentResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound", "content_isBlocked"],
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v1/content",
    tags,
    summary: "Publish, schedule (future publicationDate) or draft a publication",
    body: contentCreateRequestSchema,
    responses: { 201: contentItemResponseSchema },
    policy: { who: "verified", rateLimit: publishLimit, writes: true },
    errors: [...planAndScope, ...mediaErrors],
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/content/:id",
    tags,
    summary: "One publication by id (for its edit form)",
    params: idParamsSchema,
    responses: { 200: contentItemResponseSchema },
    policy: { who: "session" },
    errors: ["content_notFound", "content_isBlocked"],
  }),
  update: endpoint({
    method: "PATCH",
    path: "/api/v1/content/:id",
    tags,
    summary: "Edit one's own publication",
    params: idParamsSchema,
    body: contentUpdateRequestSchema,
    responses: { 200: contentItemResponseSchema },
    policy: { who: "verified", writes: true },
    errors: ["content_notFound", "content_isBlocked", ...planAndScope, ...mediaErrors],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/content/:id",
    tags,
    summary: "Remove one's own publication",
    params: idParamsSchema,
    responses: { 204: z.null() },
    policy: { who: "verified" },
    errors: ["content_notFound", "accountManager_permissionNotProvided"],
  }),
  /** Always of kind repost, so its scope (reposts) holds for every caller. No plan check. */
  repost: endpoint({
    method: "POST",
    path: "/api/v1/content/:id/reposts",
    tags,
    summary: "Repost a publication, with or without a quote",
    params: idParamsSchema,
    body: repostRequestSchema,
    responses: { 201: contentItemResponseSchema },
    policy: { who: "verified", scope: "reposts", rateLimit: publishLimit, writes: true },
    errors: ["content_notFound", "request_forbidden", "request_conflict"],
  }),
  /** A refused scope answers like a missing repost (content_notFound), so no scope on the row. */
  removeRepost: endpoint({
    method: "DELETE",
    path: "/api/v1/reposts/:id",
    tags,
    summary: "Delete one's own repost",
    params: idParamsSchema,
    responses: { 204: z.null() },
    policy: { who: "verified" },
    errors: ["content_notFound"],
  }),
};
