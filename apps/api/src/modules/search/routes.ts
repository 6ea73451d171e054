import { searchQuerySchema, searchResponseSchema } from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { search } from "./service";

/** /search?search={term} (spec §2), on API v1. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/search",
    {
      config: { access: "public", rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ["search"],
        summary: "Search people, companies and publications; relevance-ranked, typo-tolerant, highlighted",
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return {
        data: await search(app.deps.database.db, q, request.principal?.profileId ?? null),
        meta: { search: q.search, kind: q.kind, page: q.kind === "all" ? 1 : q.page, perPage: q.perPage },
      };
    },
  );
};
