import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { recordVisitInBackground } from "../../shared/visits";
import { profilePage } from "./service";

/** The public profile page's data (API v2): the row of contract/endpoints/profiles.ts. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.deps.database.db;
  route(app, endpoints.profiles.page, async ({ actor, params }) => {
    const page = await profilePage(db(), params.slug, actor);
    // A signed-in profile opening someone else's page is a visit (the spy add-on's list). Not
    // awaited: the page never waits for it, and a failure to write it is only logged.
    if (actor?.profileId && !page.isOwner) {
      void recordVisitInBackground(
        db(),
        {
          ownerId: page.user.id,
          viewerId: actor.profileId,
          subject: "profile",
          stealth: actor.entitlements["addons.stealth"] === true,
        },
        app.log,
      );
    }
    return { data: page };
  });
};
