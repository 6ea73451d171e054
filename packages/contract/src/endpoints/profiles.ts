import { profilePageResponseSchema, profileSlugParamsSchema } from "../schemas/profiles";
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
};
