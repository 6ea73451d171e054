import { realtimeTicketResponseSchema } from "../schemas/realtime";
import { endpoint } from "./define";

const tags = ["realtime"];

/**
 * The socket's way in (issue 11): the browser never holds its session token (the cookie is
 * httpOnly), so before opening the socket it asks for a ticket with that cookie and hands it to
 * the handshake (`auth: { ticket }`). API clients may still connect with their bearer token.
 */
export const realtimeEndpoints = {
  ticket: endpoint({
    method: "POST",
    path: "/api/v1/realtime/ticket",
    tags,
    summary: "A short-lived, single-use ticket for the socket handshake (null for visitors)",
    description:
      "Answers `{data: {ticket, expiresAt}}` for a signed-in session and `{data: null}` for a visitor. The socket handshake takes it as `auth: { ticket }`; a ticket works once, within seconds, and only while its session lives.",
    responses: { 200: realtimeTicketResponseSchema },
    policy: { who: "anyone", rateLimit: { max: 60, per: "minute", by: "account" } },
  }),
};
