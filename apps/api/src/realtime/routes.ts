import { endpoints } from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../lib/route";
import { issueTicket } from "./tickets";

/**
 * POST /api/v1/realtime/ticket (issue 11, item 6): a signed-in page's way onto the socket without
 * ever holding its session token. The guard has resolved the session from the cookie (and checked
 * the Origin of this cookie-authenticated POST); a visitor gets null and connects anonymously.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.realtime.ticket, async ({ actor, reply }) => {
    reply.header("cache-control", "no-store");
    if (!actor) return { data: null };
    const { ticket, expiresAt } = issueTicket(app.deps.config.AUTH_SECRET, actor.sessionId);
    return { data: { ticket, expiresAt: expiresAt.toISOString() } };
  });
};
