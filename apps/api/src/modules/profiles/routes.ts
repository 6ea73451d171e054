import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { profilePage } from "./service";

/** The public profile page's data (API v2): the row of contract/endpoints/profiles.ts. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.profiles.page, async ({ actor, params }) => ({
    data: await profilePage(app.deps.database.db, params.slug, actor),
  }));
};
