import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { createCompany } from "./service";

/**
 * Companies, first step: creating one (switching is POST /users/switch-account). Handlers for
 * the rows of contract/endpoints/companies.ts.
 */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.companies.create, async ({ actor, body, reply }) => {
    const company = await createCompany(app.deps.database.db, actor, body);
    return reply.status(201).send({ data: company });
  });
};
