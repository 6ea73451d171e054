import {
  profilePageResponseSchema,
  profileSlugParamsSchema,
  visitorViewQuerySchema,
  visitorViewResponseSchema,
} from "../schemas/profiles";
import { endpoint } from "./define";

/** The public profile page's data, on API v2. */
export const profilesEndpoints = {
  page: endpoint({
    method: "GET",
    path: "/api/v2/profiles/:slug",
    tags: ["profiles"],
    summary: "Profile page data: the person or company, counts, links, contacts and the viewer's tabs",
    params: profileSlugParamsSchema,
    responses: { 200: profilePageResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound"],
  }),
  // Asked by the web server for each signed-in request of a profile or publication page (decision
  // 0028); an unknown or hidden profile answers false (the personalised render then says 404).
  visitorView: endpoint({
    method: "GET",
    path: "/api/v1/profiles/:slug/visitor-view",
    tags: ["profiles"],
    summary: "Whether the viewer sees this profile's pages exactly as a visitor without a session does",
    params: profileSlugParamsSchema,
    query: visitorViewQuerySchema,
    responses: { 200: visitorViewResponseSchema },
    policy: { who: "anyone" },
    errors: [],
  }),
};
