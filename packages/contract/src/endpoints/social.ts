import { z } from "zod";
import { idParamsSchema } from "../schemas/common";
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
  socialSlugParamsSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
  viewerReactionsQuerySchema,
  viewerReactionsResponseSchema,
  viewResponseSchema,
} from "../schemas/social";
import { endpoint } from "./define";

const tags = ["social"];
/**
 * An action of a complete account on `/profiles/:slug/...` (follow, block, mute and their
 * undoing): within the acting member's `follows` scope (a company's employees hold none; blocks
 * and mutes fall under it too), 60 a minute per account, each route with its own counter.
 */
const profileAction = {
  who: "active",
  scope: "follows",
  rateLimit: { max: 60, per: "minute", by: "account" },
} as const;
/** Following needs an account that is not read-only (verification gates, actions.follows.write). */
const followAction = { ...profileAction, who: "participant", writes: true } as const;
/** Reacting and withdrawing: 120 a minute per account. */
const reactionWrite = {
  who: "participant",
  rateLimit: { max: 120, per: "minute", by: "account" },
  writes: true,
} as const;

/** Follows, blocks, mutes, the home feed, suggestions, reactions and views (issue 6), on API v1. */
export const socialEndpoints = {
  // Follows ------------------------------------------------------------------------------------
  follow: endpoint({
    method: "POST",
    path: "/api/v1/profiles/:slug/follow",
    tags,
    summary: "Follow a person or company as the acting profile",
    params: socialSlugParamsSchema,
    responses: { 200: followStateResponseSchema },
    policy: followAction,
    errors: ["request_notFound", "social_selfNotAllowed", "social_followNotAllowed"],
  }),
  unfollow: endpoint({
    method: "DELETE",
    path: "/api/v1/profiles/:slug/follow",
    tags,
    summary: "Stop following a profile",
    params: socialSlugParamsSchema,
    responses: { 200: followStateResponseSchema },
    policy: profileAction,
    errors: ["request_notFound"],
  }),
  followers: endpoint({
    method: "GET",
    path: "/api/v1/profiles/:slug/followers",
    tags,
    summary: "A profile's followers, newest first",
    params: socialSlugParamsSchema,
    query: cursorQuerySchema,
    responses: { 200: profileListResponseSchema },
    policy: { who: "anyone" },
    errors: ["request_notFound"],
  }),
  following: endpoint({
    method: "GET",
    path: "/api/v1/profiles/:slug/following",
    tags,
    summary: "Whom a profile follows, newest first",
    params: socialSlugParamsSchema,
    query: cursorQuerySchema,
    responses: { 200: profileListResponseSchema },
    policy: { who: "anyone" },
    errors: ["request_notFound"],
  }),
  relationship: endpoint({
    method: "GET",
    path: "/api/v1/profiles/:slug/relationship",
    tags,
    summary: "How the viewer and a profile stand: followed, follows you, blocked, muted",
    params: socialSlugParamsSchema,
    responses: { 200: relationshipResponseSchema },
    policy: { who: "anyone" },
    errors: ["request_notFound"],
  }),

  // Blocks and mutes ---------------------------------------------------------------------------
  block: endpoint({
    method: "POST",
    path: "/api/v1/profiles/:slug/block",
    tags,
    summary: "Block a profile (ends follows both ways)",
    params: socialSlugParamsSchema,
    responses: { 204: z.null() },
    policy: profileAction,
    errors: ["request_notFound", "social_selfNotAllowed"],
  }),
  unblock: endpoint({
    method: "DELETE",
    path: "/api/v1/profiles/:slug/block",
    tags,
    summary: "Unblock a profile",
    params: socialSlugParamsSchema,
    responses: { 204: z.null() },
    policy: profileAction,
    errors: ["request_notFound"],
  }),
  mute: endpoint({
    method: "POST",
    path: "/api/v1/profiles/:slug/mute",
    tags,
    summary: "Mute a profile (hidden from your feed and notifications)",
    params: socialSlugParamsSchema,
    responses: { 204: z.null() },
    policy: profileAction,
    errors: ["request_notFound", "social_selfNotAllowed"],
  }),
  unmute: endpoint({
    method: "DELETE",
    path: "/api/v1/profiles/:slug/mute",
    tags,
    summary: "Unmute a profile",
    params: socialSlugParamsSchema,
    responses: { 204: z.null() },
    policy: profileAction,
    errors: ["request_notFound"],
  }),
  blocks: endpoint({
    method: "GET",
    path: "/api/v1/me/blocks",
    tags,
    summary: "Profiles the acting profile has blocked",
    query: cursorQuerySchema,
    responses: { 200: profileListResponseSchema },
    policy: { who: "session" },
    errors: ["user_profileNotCompleted"],
  }),
  mutes: endpoint({
    method: "GET",
    path: "/api/v1/me/mutes",
    tags,
    summary: "Profiles the acting profile has muted",
    query: cursorQuerySchema,
    responses: { 200: profileListResponseSchema },
    policy: { who: "session" },
    errors: ["user_profileNotCompleted"],
  }),

  // Home ---------------------------------------------------------------------------------------
  feed: endpoint({
    method: "GET",
    path: "/api/v1/feed",
    tags,
    summary: "The home feed: publications and reposts of followed profiles and one's own, newest first",
    query: feedQuerySchema,
    responses: { 200: feedResponseSchema },
    policy: { who: "active" },
  }),
  suggested: endpoint({
    method: "GET",
    path: "/api/v1/network/suggested",
    tags,
    summary: "Profiles to follow: shared follows, colleagues, same city or profession",
    query: suggestionsQuerySchema,
    responses: { 200: suggestionsResponseSchema },
    policy: { who: "active" },
  }),

  // Reactions and views ------------------------------------------------------------------------
  react: endpoint({
    method: "PUT",
    path: "/api/v1/content/:id/reactions",
    tags,
    summary: "React to a publication (one reaction per profile; another kind replaces it)",
    params: idParamsSchema,
    body: reactionRequestSchema,
    responses: { 200: reactionSummaryResponseSchema },
    policy: reactionWrite,
    errors: ["content_notFound", "content_isBlocked", "reactions_disabled"],
  }),
  unreact: endpoint({
    method: "DELETE",
    path: "/api/v1/content/:id/reactions",
    tags,
    summary: "Withdraw one's reaction",
    params: idParamsSchema,
    responses: { 200: reactionSummaryResponseSchema },
    policy: reactionWrite,
    errors: ["content_notFound", "content_isBlocked"],
  }),
  reactions: endpoint({
    method: "GET",
    path: "/api/v1/content/:id/reactions",
    tags,
    summary: "Who reacted, newest first, with counts per kind",
    params: idParamsSchema,
    query: reactionListQuerySchema,
    responses: { 200: reactionListResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound", "content_isBlocked"],
  }),
  myReactions: endpoint({
    method: "GET",
    path: "/api/v1/reactions/mine",
    tags,
    summary: "The acting profile's reactions on up to 100 publications (ids comma-separated)",
    query: viewerReactionsQuerySchema,
    responses: { 200: viewerReactionsResponseSchema },
    policy: { who: "session" },
  }),
  view: endpoint({
    method: "POST",
    path: "/api/v1/content/:id/views",
    tags,
    summary: "Count a view: once per viewer per day, where views are enabled",
    params: idParamsSchema,
    responses: { 200: viewResponseSchema },
    policy: { who: "anyone" },
    errors: ["content_notFound", "content_isBlocked"],
  }),
};
