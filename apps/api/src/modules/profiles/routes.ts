import { type Actor, endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { recordVisitInBackground } from "../../shared/visits";
import { profilePage, visitorViewOf } from "./service";
import { VisitorPages } from "./visitor-pages";

/** The public profile page's data (API v2): the row of contract/endpoints/profiles.ts. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const db = () => app.deps.database.db;
  // A visitor's page is the same for every visitor: kept per node until a write changes it.
  const visitorPages = new VisitorPages();
  const stopListening = await visitorPages.attach(app.deps.database.notifications);
  app.addHook("onClose", async () => stopListening());
  /** `viewerId` opened `ownerId`'s profile page (the spy add-on's list); never awaited. */
  const recordProfileVisit = (actor: Actor, viewerId: string, ownerId: string) =>
    void recordVisitInBackground(
      db(),
      { ownerId, viewerId, subject: "profile", stealth: actor.entitlements["addons.stealth"] === true },
      app.log,
    );
  route(app, endpoints.profiles.page, async ({ actor, params }) => {
    if (!actor) return { data: await visitorPages.page(db(), params.slug) };
    const page = await profilePage(db(), params.slug, actor);
    // A signed-in profile opening someone else's page is a visit (the spy add-on's list). Not
    // awaited: the page never waits for it, and a failure to write it is only logged.
    if (actor?.profileId && !page.isOwner) {
      recordProfileVisit(actor, actor.profileId, page.user.id);
    }
    return { data: page };
  });

  // Asked by the web server before it serves a signed-in viewer the cached anonymous render of a
  // profile or publication page (decision 0028). That render asks the API nothing for the viewer,
  // so the visit the profile page data would record is recorded here.
  route(app, endpoints.profiles.visitorView, async ({ actor, params, query }) => {
    // A visitor without a session sees, by definition, what visitors see.
    if (!actor) return { data: { sameAsVisitor: true } };
    const profileId = await visitorViewOf(db(), params.slug, actor);
    if (profileId && query.profilePage && actor.profileId) {
      recordProfileVisit(actor, actor.profileId, profileId);
    }
    return { data: { sameAsVisitor: profileId !== null } };
  });
};
