import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import {
  commentsDialog,
  createComment,
  deleteComment,
  listComments,
  listReplies,
  setPinned,
  updateComment,
} from "./service";

/**
 * Comments (issue 6): handlers for the rows of contract/endpoints/comments.ts. Every write is
 * also sent live to the item's content room as comments.created / replied / updated / deleted /
 * pinned / unpinned (spec §7).
 */
export const commentRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.comments;
  const db = () => app.deps.database.db;
  const commentLimit = app.deps.config.COMMENT_LIMIT_PER_POST;
  const deps = () => ({
    db: db(),
    realtime: app.deps.realtime,
    log: app.log,
    storage: app.deps.storage,
    commentLimit,
  });

  route(app, table.dialog, async ({ actor, query }) => {
    const { perPage, ...target } = query;
    return { data: await commentsDialog(db(), target, actor, perPage, commentLimit) };
  });

  for (const [endpoint, list] of [
    [table.list, listComments],
    [table.replies, listReplies],
  ] as const) {
    route(app, endpoint, async ({ actor, params, query }) => {
      const result = await list(db(), params.id, query, actor);
      return {
        data: result.items,
        meta: {
          totalCount: result.totalCount,
          totalPages: result.totalPages,
          page: result.page,
          perPage: query.perPage,
          nextCursor: result.nextCursor,
        },
      };
    });
  }

  route(app, table.create, async ({ actor, params, body, reply }) => {
    const result = await createComment(deps(), actor, params.id, body);
    return reply.status(201).send({ data: result.comment, meta: { totalCount: result.totalCount } });
  });

  route(app, table.update, async ({ actor, params, body }) => {
    const result = await updateComment(deps(), actor, params.id, body);
    return { data: result.comment, meta: { totalCount: result.totalCount } };
  });

  route(app, table.remove, async ({ actor, params, reply }) => {
    await deleteComment(deps(), actor, params.id);
    return reply.status(204).send(null);
  });

  for (const [endpoint, pinned] of [
    [table.pin, true],
    [table.unpin, false],
  ] as const) {
    route(app, endpoint, async ({ actor, params }) => {
      const result = await setPinned(deps(), actor, params.id, pinned);
      return { data: result.comment, meta: { totalCount: result.totalCount } };
    });
  }
};
