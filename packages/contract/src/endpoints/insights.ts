import { viewersQuerySchema, viewersResponseSchema } from "../schemas/insights";
import { endpoint } from "./define";

/** Insights for the acting owner (issue 13): who viewed you, with the spy add-on. */
export const insightsEndpoints = {
  viewers: endpoint({
    method: "GET",
    path: "/api/v1/dashboard/insights/viewers",
    tags: ["insights"],
    summary: "Who viewed your profile and publications in the last 90 days (the spy add-on)",
    query: viewersQuerySchema,
    responses: { 200: viewersResponseSchema },
    policy: { who: "verified", feature: "addons.spy", scope: "analytics" },
  }),
};
