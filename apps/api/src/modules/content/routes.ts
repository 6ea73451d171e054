import { type ContentItem, detailSegments, endpoints, PER_PAGE_DEFAULT } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { emit } from "../../shared/events";
import { viewerOfActor } from "../../shared/profile-view";
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

/**
 * Publications: handlers for the rows of contract/endpoints/content.ts. Reads on API v2 (public,
 * personalised when a session is sent); writes on API v1 (the acting profile, within its role's
 * scope and plan, which the service checks per kind).
 */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.content;
  const db = () => app.deps.database.db;
  const attachMedia: AttachMedia = (tx, item, media) => app.media.attach(item, media, tx);
  /** A publication others can now read is news for the modules that care (notifications…). */
  const announce = async (item: ContentItem) => {
    if (item.status !== "active") return;
    await emit(
      { db: db(), realtime: app.deps.realtime, log: app.log, jobs: app.deps.jobs },
      "content.published",
      {
        item,
      },
    );
  };

  route(app, table.listByProfile, async ({ actor, params, query: q, reply }) => {
    const result = await listProfileContent(
      db(),
      params.slug,
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
      viewerOfActor(actor),
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
  });

  route(app, table.detail, async ({ actor, params, query }) => {
    const kind = detailSegments[params.segment];
    const kinds = kind === "release" ? ["release", "news"] : [kind];
    return {
      data: await getContentDetail(
        db(),
        { slug: params.slug, kinds, ownerSlug: query.owner },
        viewerOfActor(actor),
      ),
    };
  });

  route(app, table.related, async ({ actor, params }) => ({
    data: await relatedContent(db(), params.id, viewerOfActor(actor)),
  }));

  route(app, table.create, async ({ actor, body, reply }) => {
    const item = await createContent(db(), actor, body, new Date(), attachMedia);
    await announce(item);
    if (item.status === "planned" && app.deps.jobs) {
      // Publish at the minute it is due; the every-minute sweep is the safety net.
      await app.deps.jobs.send("content.publish-planned", {}, { startAfter: new Date(item.publicationDate) });
    }
    return reply.status(201).send({ data: item });
  });

  route(app, table.get, async ({ actor, params }) => ({
    data: await getContentById(db(), params.id, actor.profileId),
  }));

  route(app, table.update, async ({ actor, params, body }) => {
    const { item, published } = await updateContent(db(), actor, params.id, body, new Date(), attachMedia);
    if (published) await announce(item);
    return { data: item };
  });

  route(app, table.remove, async ({ actor, params, reply }) => {
    await deleteContent(db(), actor, params.id);
    return reply.status(204).send(null);
  });

  route(app, table.repost, async ({ actor, params, body, reply }) => {
    const item = await repostContent(db(), actor, params.id, body);
    await announce(item);
    return reply.status(201).send({ data: item });
  });

  route(app, table.removeRepost, async ({ actor, params, reply }) => {
    await deleteRepost(db(), actor, params.id);
    return reply.status(204).send(null);
  });
};
