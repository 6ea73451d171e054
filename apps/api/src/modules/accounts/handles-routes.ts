import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { checkHandle } from "../../shared/handles";

/** Handle availability, asked live while a person types a handle (sign-up wizard, settings). */
export const handleRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.accounts.slugExists, async ({ actor, body }) => ({
    data: await checkHandle(app.deps.database.db, body.slug, actor),
  }));
};
