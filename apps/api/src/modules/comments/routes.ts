import {
  COMMENTS_PER_MINUTE,
  commentCreateRequestSchema,
  commentListQuerySchema,
  commentListResponseSchema,
  commentResponseSchema,
  commentsDialogResponseSchema,
  commentTargetQuerySchema,
  commentUpdateRequestSchema,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
} from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { perAccount } from "../social/rate-limits";
import {
  commentsDialog,
  createComment,
  deleteComment,
  listComments,
  listReplies,
  setPinned,
  updateComment,
} from "./service";

const idParams = z.object({ id: z.string().min(1).max(100) });
const tags = ["comments"];

/**
 * Comments (issue 6), on API v1. Every write is also sent live to the item's content room as
 * comments.created / replied / updated / deleted / pinned / unpinned (spec §7).
 */
export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const commentLimit = app.deps.config.COMMENT_LIMIT_PER_POST;
  const deps = () => ({
    db: db(),
    realtime: app.deps.realtime,
    log: app.log,
    storage: app.deps.storage,
    commentLimit,
  });
  const writeLimit = perAccount(COMMENTS_PER_MINUTE, "minute");

  app.get(
    "/comments/dialog",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The comments dialog of one comment target (§3): ids, counters, who may comment, the room",
        querystring: commentTargetQuerySchema.extend({
          perPage: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(PER_PAGE_DEFAULT),
        }),
        response: { 200: commentsDialogResponseSchema },
      },
    },
    async (request) => {
      const { perPage, ...target } = request.query;
      return { data: await commentsDialog(db(), target, request.principal, perPage, commentLimit) };
    },
  );

  app.get(
    "/content/:id/comments",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Top-level comments, newest first; the pinned one leads page 1",
        params: idParams,
        querystring: commentListQuerySchema,
        response: { 200: commentListResponseSchema },
      },
    },
    async (request) => {
      const result = await listComments(db(), request.params.id, request.query, request.principal);
      return {
        data: result.items,
        meta: {
          totalCount: result.totalCount,
          totalPages: result.totalPages,
          page: result.page,
          perPage: request.query.perPage,
          nextCursor: result.nextCursor,
        },
      };
    },
  );

  app.get(
    "/comments/:id/replies",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The replies of one comment, oldest first",
        params: idParams,
        querystring: commentListQuerySchema,
        response: { 200: commentListResponseSchema },
      },
    },
    async (request) => {
      const result = await listReplies(db(), request.params.id, request.query, request.principal);
      return {
        data: result.items,
        meta: {
          totalCount: result.totalCount,
          totalPages: result.totalPages,
          page: result.page,
          perPage: request.query.perPage,
          nextCursor: result.nextCursor,
        },
      };
    },
  );

  app.post(
    "/content/:id/comments",
    {
      config: { access: "active", rateLimit: writeLimit },
      schema: {
        tags,
        summary:
          "Comment on a publication, or reply (parentId) to a comment; text, an image (imageId: a comment_content_image upload), or both",
        params: idParams,
        body: commentCreateRequestSchema,
        response: { 201: commentResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await createComment(deps(), request.principal!, request.params.id, request.body);
      return reply.status(201).send({ data: result.comment, meta: { totalCount: result.totalCount } });
    },
  );

  app.patch(
    "/comments/:id",
    {
      config: { access: "active", rateLimit: writeLimit },
      schema: {
        tags,
        summary: "Edit one's own comment: its text, and its image when imageId is sent (null removes it)",
        params: idParams,
        body: commentUpdateRequestSchema,
        response: { 200: commentResponseSchema },
      },
    },
    async (request) => {
      const result = await updateComment(deps(), request.principal!, request.params.id, request.body);
      return { data: result.comment, meta: { totalCount: result.totalCount } };
    },
  );

  app.delete(
    "/comments/:id",
    {
      config: { access: "active" },
      schema: {
        tags,
        summary: "Delete one's own comment, or any comment on one's own publication (replies go with it)",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteComment(deps(), request.principal!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [method, pinned] of [
    ["PUT", true],
    ["DELETE", false],
  ] as const) {
    app.route({
      method,
      url: "/comments/:id/pin",
      config: { access: "active" },
      schema: {
        tags,
        summary: pinned
          ? "Pin a comment on one's own publication (replaces the pinned one)"
          : "Unpin a comment on one's own publication",
        params: idParams,
        response: { 200: commentResponseSchema },
      },
      handler: async (request) => {
        const result = await setPinned(deps(), request.principal!, request.params.id, pinned);
        return { data: result.comment, meta: { totalCount: result.totalCount } };
      },
    });
  }
};
