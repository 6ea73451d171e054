import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { actingProfileId } from "../../shared/acting-profile";
import { ContentCards } from "../../shared/content-cards";
import { viewerOfActor } from "../../shared/profile-view";
import { homeFeed } from "./feed";
import {
  blockProfile,
  followProfile,
  listFollows,
  listOwnRelations,
  muteProfile,
  relationship,
  unblockProfile,
  unfollowProfile,
  unmuteProfile,
} from "./follows";
import { listReactions, react, recordView, unreact, viewerKey, viewerReactionsFor } from "./reactions";
import { suggestions } from "./suggestions";

/** `{data, meta}` of one page read by keyset cursor: the items, the page size and the next cursor. */
function cursorPage<Item, Extra extends Record<string, unknown>>(
  result: { items: Item[]; nextCursor: string | null },
  perPage: number,
  extra: Extra,
) {
  return { data: result.items, meta: { perPage, nextCursor: result.nextCursor, ...extra } };
}

/**
 * Follows, blocks, mutes, the home feed, suggestions, reactions and views (issue 6): handlers for
 * the rows of contract/endpoints/social.ts.
 */
export const socialRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.social;
  const db = () => app.deps.database.db;
  const notifyDeps = () => ({ db: db(), realtime: app.deps.realtime, log: app.log });
  // The home feed's publications, kept per node until a write changes them (decision 0035).
  const cards = new ContentCards();
  const stopListening = await cards.attach(app.deps.database.notifications);
  app.addHook("onClose", async () => stopListening());

  // Follows ------------------------------------------------------------------------------------
  route(app, table.follow, async ({ actor, params }) => ({
    data: await followProfile(notifyDeps(), actor, params.slug),
  }));
  route(app, table.unfollow, async ({ actor, params }) => ({
    data: await unfollowProfile(db(), actor, params.slug),
  }));
  for (const [endpoint, direction] of [
    [table.followers, "followers"],
    [table.following, "following"],
  ] as const) {
    route(app, endpoint, async ({ actor, params, query }) => {
      const result = await listFollows(db(), params.slug, direction, query, actor?.profileId ?? null);
      return cursorPage(result, query.perPage, { total: result.total });
    });
  }
  route(app, table.relationship, async ({ actor, params }) => ({
    data: await relationship(db(), actor, params.slug),
  }));

  // Blocks and mutes ---------------------------------------------------------------------------
  for (const [endpoint, change] of [
    [table.block, blockProfile],
    [table.unblock, unblockProfile],
    [table.mute, muteProfile],
    [table.unmute, unmuteProfile],
  ] as const) {
    route(app, endpoint, async ({ actor, params, reply }) => {
      await change(db(), actor, params.slug);
      return reply.status(204).send(null);
    });
  }
  for (const [endpoint, which] of [
    [table.blocks, "blocks"],
    [table.mutes, "mutes"],
  ] as const) {
    route(app, endpoint, async ({ actor, query }) => {
      const result = await listOwnRelations(db(), actor, which, query);
      return cursorPage(result, query.perPage, { total: result.total });
    });
  }

  // Home ---------------------------------------------------------------------------------------
  route(app, table.feed, async ({ actor, query }) => {
    const result = await homeFeed(
      db(),
      cards,
      { ...viewerOfActor(actor), profileId: actingProfileId(actor) },
      query,
    );
    return cursorPage(result, query.perPage, { viewerReactions: result.viewerReactions });
  });
  route(app, table.suggested, async ({ actor, query }) => ({
    data: await suggestions(db(), actor, query.limit),
  }));

  // Reactions and views ------------------------------------------------------------------------
  route(app, table.react, async ({ actor, params, body }) => ({
    data: await react(notifyDeps(), actor, params.id, body.kind),
  }));
  route(app, table.unreact, async ({ actor, params }) => ({
    data: await unreact(db(), actor, params.id),
  }));
  route(app, table.reactions, async ({ actor, params, query }) => {
    const result = await listReactions(db(), params.id, query, actor?.profileId ?? null);
    return cursorPage(result, query.perPage, { summary: result.summary });
  });
  route(app, table.myReactions, async ({ actor, query }) => ({
    data: await viewerReactionsFor(db(), actor.profileId, query.ids),
  }));
  route(app, table.view, async ({ actor, params, request }) => {
    const viewerId = actor?.profileId ?? null;
    const key = viewerKey(
      viewerId,
      { ip: request.ip, userAgent: request.headers["user-agent"] },
      app.deps.config.AUTH_SECRET,
    );
    const stealth = actor?.entitlements["addons.stealth"] === true;
    return { data: await recordView(db(), params.id, viewerId, key, new Date(), { stealth, log: app.log }) };
  });
};
