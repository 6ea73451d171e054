import {
  cursorQuerySchema,
  feedQuerySchema,
  feedResponseSchema,
  followStateResponseSchema,
  profileListResponseSchema,
  reactionListQuerySchema,
  reactionListResponseSchema,
  reactionRequestSchema,
  reactionSummaryResponseSchema,
  relationshipResponseSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
  viewerReactionsQuerySchema,
  viewerReactionsResponseSchema,
  viewResponseSchema,
} from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { actingProfileId } from "../content/rules";
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
import { perAccount } from "./rate-limits";
import { listReactions, react, recordView, unreact, viewerKey, viewerReactionsFor } from "./reactions";
import { cursorPage, idParams, profileAction, slugParams, tags } from "./route-options";
import { suggestions } from "./suggestions";

/** Follows, blocks, mutes, the home feed, suggestions, reactions and views (issue 6), on API v1. */
export const socialRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.database.db;
  const notifyDeps = () => ({ db: db(), realtime: app.deps.realtime, log: app.log });

  // Follows ------------------------------------------------------------------------------------
  app.post(
    "/profiles/:slug/follow",
    profileAction("Follow a person or company as the acting profile", { 200: followStateResponseSchema }),
    async (request) => ({
      data: await followProfile(notifyDeps(), request.principal!, request.params.slug),
    }),
  );
  app.delete(
    "/profiles/:slug/follow",
    profileAction("Stop following a profile", { 200: followStateResponseSchema }),
    async (request) => ({ data: await unfollowProfile(db(), request.principal!, request.params.slug) }),
  );
  for (const direction of ["followers", "following"] as const) {
    app.get(
      `/profiles/:slug/${direction}`,
      {
        config: { access: "public" },
        schema: {
          tags,
          summary:
            direction === "followers"
              ? "A profile's followers, newest first"
              : "Whom a profile follows, newest first",
          params: slugParams,
          querystring: cursorQuerySchema,
          response: { 200: profileListResponseSchema },
        },
      },
      async (request) => {
        const result = await listFollows(
          db(),
          request.params.slug,
          direction,
          request.query,
          request.principal?.profileId ?? null,
        );
        return cursorPage(result, request.query.perPage, { total: result.total });
      },
    );
  }
  app.get(
    "/profiles/:slug/relationship",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "How the viewer and a profile stand: followed, follows you, blocked, muted",
        params: slugParams,
        response: { 200: relationshipResponseSchema },
      },
    },
    async (request) => ({ data: await relationship(db(), request.principal, request.params.slug) }),
  );

  // Blocks and mutes ---------------------------------------------------------------------------
  const relationRoutes = [
    ["block", blockProfile, unblockProfile, "Block a profile (ends follows both ways)", "Unblock a profile"],
    [
      "mute",
      muteProfile,
      unmuteProfile,
      "Mute a profile (hidden from your feed and notifications)",
      "Unmute a profile",
    ],
  ] as const;
  for (const [name, add, remove, addSummary, removeSummary] of relationRoutes) {
    for (const [method, change, summary] of [
      ["POST", add, addSummary],
      ["DELETE", remove, removeSummary],
    ] as const) {
      app.route({
        method,
        url: `/profiles/:slug/${name}`,
        ...profileAction(summary, { 204: z.null() }),
        handler: async (request, reply) => {
          await change(db(), request.principal!, request.params.slug);
          return reply.status(204).send(null);
        },
      });
    }
  }
  for (const which of ["blocks", "mutes"] as const) {
    app.get(
      `/me/${which}`,
      {
        config: { access: "session" },
        schema: {
          tags,
          summary: `Profiles the acting profile has ${which === "blocks" ? "blocked" : "muted"}`,
          querystring: cursorQuerySchema,
          response: { 200: profileListResponseSchema },
        },
      },
      async (request) => {
        const result = await listOwnRelations(db(), request.principal!, which, request.query);
        return cursorPage(result, request.query.perPage, { total: result.total });
      },
    );
  }

  // Home ---------------------------------------------------------------------------------------
  app.get(
    "/feed",
    {
      config: { access: "active" },
      schema: {
        tags,
        summary: "The home feed: publications and reposts of followed profiles and one's own, newest first",
        querystring: feedQuerySchema,
        response: { 200: feedResponseSchema },
      },
    },
    async (request) => {
      const result = await homeFeed(db(), actingProfileId(request.principal!), request.query);
      return cursorPage(result, request.query.perPage, { viewerReactions: result.viewerReactions });
    },
  );
  app.get(
    "/network/suggested",
    {
      config: { access: "active" },
      schema: {
        tags,
        summary: "Profiles to follow: shared follows, colleagues, same city or profession",
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema },
      },
    },
    async (request) => ({ data: await suggestions(db(), request.principal!, request.query.limit) }),
  );

  // Reactions and views ------------------------------------------------------------------------
  app.put(
    "/content/:id/reactions",
    {
      config: { access: "active", rateLimit: perAccount(120, "minute") },
      schema: {
        tags,
        summary: "React to a publication (one reaction per profile; another kind replaces it)",
        params: idParams,
        body: reactionRequestSchema,
        response: { 200: reactionSummaryResponseSchema },
      },
    },
    async (request) => ({
      data: await react(notifyDeps(), request.principal!, request.params.id, request.body.kind),
    }),
  );
  app.delete(
    "/content/:id/reactions",
    {
      config: { access: "active", rateLimit: perAccount(120, "minute") },
      schema: {
        tags,
        summary: "Withdraw one's reaction",
        params: idParams,
        response: { 200: reactionSummaryResponseSchema },
      },
    },
    async (request) => ({ data: await unreact(db(), request.principal!, request.params.id) }),
  );
  app.get(
    "/content/:id/reactions",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Who reacted, newest first, with counts per kind",
        params: idParams,
        querystring: reactionListQuerySchema,
        response: { 200: reactionListResponseSchema },
      },
    },
    async (request) => {
      const result = await listReactions(
        db(),
        request.params.id,
        request.query,
        request.principal?.profileId ?? null,
      );
      return cursorPage(result, request.query.perPage, { summary: result.summary });
    },
  );
  app.get(
    "/reactions/mine",
    {
      config: { access: "session" },
      schema: {
        tags,
        summary: "The acting profile's reactions on up to 100 publications (ids comma-separated)",
        querystring: viewerReactionsQuerySchema,
        response: { 200: viewerReactionsResponseSchema },
      },
    },
    async (request) => ({
      data: await viewerReactionsFor(db(), request.principal!.profileId, request.query.ids),
    }),
  );
  app.post(
    "/content/:id/views",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Count a view: once per viewer per day, where views are enabled",
        params: idParams,
        response: { 200: viewResponseSchema },
      },
    },
    async (request) => {
      const viewerId = request.principal?.profileId ?? null;
      const key = viewerKey(
        viewerId,
        { ip: request.ip, userAgent: request.headers["user-agent"] },
        app.deps.config.AUTH_SECRET,
      );
      return { data: await recordView(db(), request.params.id, viewerId, key) };
    },
  );
};
