import { slugExistsRequestSchema, slugExistsResponseSchema } from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkHandle } from "./handles";

/** Handle availability, asked live while a person types a handle (sign-up wizard, settings). */
export const handleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/dashboard/owner/slug/exists",
    {
      config: { access: "public", rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: {
        tags: ["accounts"],
        summary: "Whether a handle is taken, and whether the caller may take it",
        body: slugExistsRequestSchema,
        response: { 200: slugExistsResponseSchema },
      },
    },
    async (request) => ({
      data: await checkHandle(app.deps.database.db, request.body.slug, request.principal),
    }),
  );
};
