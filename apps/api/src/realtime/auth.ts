import type { IncomingHttpHeaders } from "node:http";
import type { SessionActor } from "@vn/contract";
import { type ErrorCode, errorMessage } from "@vn/contract";
import type { Db } from "../db/client";
import { actorFromSession, actorFromToken } from "../policy/actor";
import { sessionToken } from "../policy/token";
import { readTicket, type TicketRedemptions } from "./tickets";

/** A refused handshake: socket.io-client sees `err.message === code` and `err.data = {code, message}`. */
export interface HandshakeError extends Error {
  data: { code: ErrorCode; message: string };
}

export function handshakeError(code: ErrorCode): HandshakeError {
  const error = new Error(code) as HandshakeError;
  error.data = { code, message: errorMessage(code) };
  return error;
}

/** What the handshake needs to check tickets: the signing secret and the redemption memory. */
export interface TicketCheck {
  secret: string;
  redemptions: TicketRedemptions;
}

/**
 * Resolves a handshake to its actor. A browser sends `auth: { ticket }` (tickets.ts): checked,
 * redeemed once, and resolved to its session's actor. API clients send their token
 * (`auth: { token }` or `Authorization: Bearer`); a same-site browser's cookie is read too (the
 * hub refuses foreign Origins). Anonymous (none of these) → null: visitors may read public content
 * rooms. A ticket or token that is present but unknown, used, expired or malformed → throws
 * request_invalidSessionToken; it is never silently downgraded to anonymous.
 */
export async function authenticateHandshake(
  db: Db,
  auth: unknown,
  headers: IncomingHttpHeaders,
  tickets?: TicketCheck,
): Promise<SessionActor | null> {
  const given = auth && typeof auth === "object" ? (auth as Record<string, unknown>) : {};
  if (given.ticket !== undefined && given.ticket !== null && given.ticket !== "") {
    const claim = tickets ? readTicket(tickets.secret, given.ticket) : null;
    if (!claim || !tickets || !(await tickets.redemptions.redeem(claim))) {
      throw handshakeError("request_invalidSessionToken");
    }
    const actor = await actorFromSession(db, claim.sessionId);
    if (!actor) throw handshakeError("request_invalidSessionToken");
    return actor;
  }
  const token = sessionToken(headers, given.token);
  if (token === undefined) return null;
  if (token === null) throw handshakeError("request_invalidSessionToken");
  const actor = await actorFromToken(db, token);
  if (!actor) throw handshakeError("request_invalidSessionToken");
  return actor;
}
