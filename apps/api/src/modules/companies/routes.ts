import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { companyPageSettings, updateCompanyPage } from "./page";
import { createCompany } from "./service";

/**
 * Companies: creating one (switching is POST /users/switch-account) and editing its page.
 * Handlers for the rows of contract/endpoints/companies.ts.
 */
export const companyRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.companies.create, async ({ actor, body, reply }) => {
    const company = await createCompany(app.deps.database.db, actor, body);
    return reply.status(201).send({ data: company });
  });
  route(app, endpoints.companies.pageSettings, async ({ actor, params }) => ({
    data: await companyPageSettings(app.deps.database.db, actor, params.id),
  }));
  route(app, endpoints.companies.updatePage, async ({ actor, params, body }) => ({
    data: await updateCompanyPage(app.deps.database.db, actor, params.id, body),
  }));
};
