import { searchQuerySchema, searchResponseSchema } from "../schemas/search";
import { endpoint } from "./define";

/** /search?search={term} (spec §2), on API v1. */
export const searchEndpoints = {
  search: endpoint({
    method: "GET",
    path: "/api/v1/search",
    tags: ["search"],
    summary: "Search people, companies and publications; relevance-ranked, typo-tolerant, highlighted",
    query: searchQuerySchema,
    responses: { 200: searchResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 120, per: "minute", by: "address" } },
  }),
};
