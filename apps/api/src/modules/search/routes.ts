import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { viewerOfActor } from "../../shared/profile-view";
import { search } from "./service";

/** /search?search={term} (spec §2), on API v1: the row of contract/endpoints/search.ts. */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.search.search, async ({ actor, query: q }) => ({
    data: await search(app.deps.database.db, q, viewerOfActor(actor)),
    meta: { search: q.search, kind: q.kind, page: q.kind === "all" ? 1 : q.page, perPage: q.perPage },
  }));
};
