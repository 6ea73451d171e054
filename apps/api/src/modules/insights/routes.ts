import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { listViewers } from "./viewers";

/** Insights for the acting owner (issue 13): the rows of contract/endpoints/insights.ts. */
export const insightsRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.insights.viewers, async ({ actor, query }) => {
    const result = await listViewers(app.deps.database.db, actor, query);
    return { data: result.items, meta: { limit: query.limit, nextCursor: result.nextCursor } };
  });
};
