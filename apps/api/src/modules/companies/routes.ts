import { AppError, companyCreateRequestSchema, companyResponseSchema } from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createCompany } from "./service";

/** Companies, first step: creating one (switching is POST /users/switch-account). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/companies",
    {
      config: { access: "active", rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["companies"],
        summary: "Create a company profile; the caller becomes its owner",
        description:
          "Errors: 422 request_validationFailed; 409 slug_alreadyTakenConflict; 403 account_accessForbiddenByPlan (a handle without two digits); 403 user_profileNotCompleted.",
        body: companyCreateRequestSchema,
        response: { 201: companyResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.principal) throw new AppError("request_unauthenticated");
      const company = await createCompany(app.deps.database.db, request.principal, request.body);
      return reply.status(201).send({ data: company });
    },
  );
};
