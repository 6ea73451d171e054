import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * Socket tickets (issue 11, item 6). The browser's session token lives in an httpOnly cookie that
 * page JavaScript cannot read, and the socket connects straight to the API origin, which may not
 * receive that cookie. So the page asks POST /api/v1/realtime/ticket (with its cookie) for a
 * ticket and hands it to the handshake as `auth: { ticket }`.
 *
 * A ticket is `<sessionId, base64url>.<expiresAtMs>.<id>.<mac>`: signed with a key derived from AUTH_SECRET,
 * so any API node can check it without a lookup; valid for TICKET_TTL_MS; and redeemed once
 * (the id is remembered until the ticket would have expired anyway: in Redis across nodes when
 * REDIS_URL is set, else in this process, which is then the only node). It names a session, not a
 * token: the handshake resolves that session's actor, so a session that ended meanwhile, or a
 * deleted or blocked account, gets no socket.
 */
export const TICKET_TTL_MS = 30_000;
const REDIS_PREFIX = "vn:realtime-ticket:";

function keyOf(secret: string): Buffer {
  return createHmac("sha256", secret).update("realtime-ticket/v1").digest();
}

function mac(key: Buffer, body: string): string {
  return createHmac("sha256", key).update(body).digest("base64url");
}

export function issueTicket(
  secret: string,
  sessionId: string,
  now = Date.now(),
): { ticket: string; expiresAt: Date } {
  const expiresAt = now + TICKET_TTL_MS;
  const session = Buffer.from(sessionId).toString("base64url");
  const body = `${session}.${expiresAt}.${randomBytes(16).toString("base64url")}`;
  return { ticket: `${body}.${mac(keyOf(secret), body)}`, expiresAt: new Date(expiresAt) };
}

export interface TicketClaim {
  sessionId: string;
  /** Unique per ticket: what redemption remembers. */
  id: string;
  expiresAt: number;
}

/** The claim of a well-formed, authentic, unexpired ticket; null for anything else. */
export function readTicket(secret: string, ticket: unknown, now = Date.now()): TicketClaim | null {
  if (typeof ticket !== "string" || ticket.length > 512) return null;
  const parts = ticket.split(".");
  if (parts.length !== 4) return null;
  const [session = "", expires = "", id = "", given = ""] = parts;
  const expected = Buffer.from(mac(keyOf(secret), `${session}.${expires}.${id}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = Number(expires);
  const sessionId = Buffer.from(session, "base64url").toString();
  if (!sessionId || !id || !Number.isSafeInteger(expiresAt) || expiresAt <= now) return null;
  return { sessionId, id, expiresAt };
}

/** Remembers redeemed tickets until they expire: a ticket opens one socket, once. */
export class TicketRedemptions {
  private readonly local = new Map<string, number>();

  constructor(private readonly redis?: Redis) {}

  /** True the first time a ticket is redeemed, false ever after. */
  async redeem(claim: TicketClaim, now = Date.now()): Promise<boolean> {
    const ttl = Math.max(1, claim.expiresAt - now);
    if (this.redis) {
      const set = await this.redis.set(`${REDIS_PREFIX}${claim.id}`, "1", "PX", ttl, "NX");
      return set === "OK";
    }
    for (const [id, until] of this.local) if (until <= now) this.local.delete(id);
    if (this.local.has(claim.id)) return false;
    this.local.set(claim.id, claim.expiresAt);
    return true;
  }
}
