import { profilePageResponseSchema } from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { profilePage } from "./service";

/** The public profile page's data (API v2). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/profiles/:slug",
    {
      config: { access: "public" },
      schema: {
        tags: ["profiles"],
        summary: "Profile page data: the person or company, counts, links, contacts and the viewer's tabs",
        params: z.object({ slug: z.string().min(1).max(254) }),
        response: { 200: profilePageResponseSchema },
      },
    },
    async (request) => ({
      data: await profilePage(app.deps.database.db, request.params.slug, request.principal),
    }),
  );
};
