import {
  contentCreateRequestSchema,
  contentItemResponseSchema,
  contentListQuerySchema,
  contentListResponseSchema,
  contentUpdateRequestSchema,
  detailSegments,
  PER_PAGE_DEFAULT,
  relatedContentResponseSchema,
  repostRequestSchema,
} from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notifyPublished } from "../notifications/service";
import {
  type AttachMedia,
  createContent,
  deleteContent,
  deleteRepost,
  getContentById,
  getContentDetail,
  listProfileContent,
  relatedContent,
  repostContent,
  updateContent,
} from "./service";

const idParams = z.object({ id: z.string().min(1).max(100) });
const slugParam = z.string().min(1).max(254);

/** Reads of publications (API v2): public, personalised when a session is sent. */
export const contentReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;

  app.get(
    "/profiles/:slug/content",
    {
      config: { access: "public" },
      schema: {
        tags: ["content"],
        summary: "A profile's publications, newest first; total pages in the content-range header",
        params: z.object({ slug: slugParam }),
        querystring: contentListQuerySchema,
        response: { 200: contentListResponseSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const result = await listProfileContent(
        db(),
        request.params.slug,
        {
          tab: q.tab,
          page: q.pagination?.page ?? 1,
          perPage: q.pagination?.perPage ?? PER_PAGE_DEFAULT,
          cursor: q.cursor,
          filter: q.filter,
          counts:
            q.feedCount || q.docsCount || q.newsCount || q.infoCount || q.timelineCount
              ? {
                  feed: q.feedCount,
                  docs: q.docsCount,
                  news: q.newsCount,
                  info: q.infoCount,
                  timeline: q.timelineCount,
                }
              : undefined,
        },
        request.principal?.profileId ?? null,
      );
      // §7: the client reads the total page count from content-range ("pages <page>/<total>").
      reply.header("content-range", `pages ${result.page}/${result.totalPages}`);
      return {
        data: result.items,
        meta: {
          page: result.page,
          perPage: result.perPage,
          total: result.total,
          totalPages: result.totalPages,
          nextCursor: result.nextCursor,
          ...(result.counts ? { counts: result.counts } : {}),
        },
      };
    },
  );

  app.get(
    "/content/:segment/:slug",
    {
      config: { access: "public" },
      schema: {
        tags: ["content"],
        summary: "One publication by its route segment (releases, posts, quote…) and slug; owner optional",
        params: z.object({
          segment: z.enum(Object.keys(detailSegments) as [keyof typeof detailSegments]),
          slug: slugParam,
        }),
        querystring: z.object({ owner: slugParam.optional() }),
        response: { 200: contentItemResponseSchema },
      },
    },
    async (request) => {
      const kind = detailSegments[request.params.segment];
      const kinds = kind === "release" ? ["release", "news"] : [kind];
      return {
        data: await getContentDetail(
          db(),
          { slug: request.params.slug, kinds, ownerSlug: request.query.owner },
          request.principal?.profileId ?? null,
        ),
      };
    },
  );

  app.get(
    "/content/:id/related",
    {
      config: { access: "public" },
      schema: {
        tags: ["content"],
        summary: "Related sections of a publication: more-from-owner and similar",
        params: idParams,
        response: { 200: relatedContentResponseSchema },
      },
    },
    async (request) => ({
      data: await relatedContent(db(), request.params.id, request.principal?.profileId ?? null),
    }),
  );
};

/** Writes of publications (API v1): the acting profile, within its role's scope and plan. */
export const contentWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const attachMedia: AttachMedia = (tx, item, media) => app.media.attach(item, media, tx);

  app.post(
    "/content",
    {
      config: { access: "active", rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["content"],
        summary: "Publish, schedule (future publicationDate) or draft a publication",
        body: contentCreateRequestSchema,
        response: { 201: contentItemResponseSchema },
      },
    },
    async (request, reply) => {
      const item = await createContent(db(), request.principal!, request.body, new Date(), attachMedia);
      await notifyPublished({ db: db(), realtime: app.deps.realtime, log: app.log }, item);
      if (item.status === "planned" && app.deps.jobs) {
        // Publish at the minute it is due; the every-minute sweep is the safety net.
        await app.deps.jobs.send(
          "content.publish-planned",
          {},
          { startAfter: new Date(item.publicationDate) },
        );
      }
      return reply.status(201).send({ data: item });
    },
  );

  app.get(
    "/content/:id",
    {
      config: { access: "session" },
      schema: {
        tags: ["content"],
        summary: "One publication by id (for its edit form)",
        params: idParams,
        response: { 200: contentItemResponseSchema },
      },
    },
    async (request) => ({
      data: await getContentById(db(), request.params.id, request.principal!.profileId),
    }),
  );

  app.patch(
    "/content/:id",
    {
      config: { access: "active" },
      schema: {
        tags: ["content"],
        summary: "Edit one's own publication",
        params: idParams,
        body: contentUpdateRequestSchema,
        response: { 200: contentItemResponseSchema },
      },
    },
    async (request) => {
      const { item, published } = await updateContent(
        db(),
        request.principal!,
        request.params.id,
        request.body,
        new Date(),
        attachMedia,
      );
      if (published) await notifyPublished({ db: db(), realtime: app.deps.realtime, log: app.log }, item);
      return { data: item };
    },
  );

  app.delete(
    "/content/:id",
    {
      config: { access: "active" },
      schema: {
        tags: ["content"],
        summary: "Remove one's own publication",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteContent(db(), request.principal!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/content/:id/reposts",
    {
      config: { access: "active", rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["content"],
        summary: "Repost a publication, with or without a quote",
        params: idParams,
        body: repostRequestSchema,
        response: { 201: contentItemResponseSchema },
      },
    },
    async (request, reply) => {
      const item = await repostContent(db(), request.principal!, request.params.id, request.body);
      await notifyPublished({ db: db(), realtime: app.deps.realtime, log: app.log }, item);
      return reply.status(201).send({ data: item });
    },
  );

  app.delete(
    "/reposts/:id",
    {
      config: { access: "active" },
      schema: {
        tags: ["content"],
        summary: "Delete one's own repost",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteRepost(db(), request.principal!, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
