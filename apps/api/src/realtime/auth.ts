import type { IncomingHttpHeaders } from "node:http";
import { type ErrorCode, errorMessage } from "@vn/contract";
import type { Db } from "../db/client";
import { type Principal, principalFromToken } from "../modules/accounts/session-lookup";

/** better-auth's session cookie; the `__Secure-` form is what it sets over HTTPS. */
const SESSION_COOKIES = ["better-auth.session_token", "__Secure-better-auth.session_token"];

/** A refused handshake: socket.io-client sees `err.message === code` and `err.data = {code, message}`. */
export interface HandshakeError extends Error {
  data: { code: ErrorCode; message: string };
}

export function handshakeError(code: ErrorCode): HandshakeError {
  const error = new Error(code) as HandshakeError;
  error.data = { code, message: errorMessage(code) };
  return error;
}

/**
 * Where a socket's session token comes from, first match wins: `auth: { token }` (the web client,
 * token read from storage), `Authorization: Bearer <token>` (API clients), then the session cookie
 * (browsers on the same site). `undefined` = no token at all (an anonymous visitor); `null` = a
 * credential was offered but is unusable (wrong type, not Bearer) and must be refused.
 */
export function tokenFromHandshake(auth: unknown, headers: IncomingHttpHeaders): string | null | undefined {
  const fromAuth = auth && typeof auth === "object" ? (auth as Record<string, unknown>).token : undefined;
  if (fromAuth !== undefined && fromAuth !== null && fromAuth !== "") {
    return typeof fromAuth === "string" ? fromAuth : null;
  }
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? null;
  }
  const cookieHeader = headers.cookie;
  if (cookieHeader) {
    for (const part of cookieHeader.split(";")) {
      const eq = part.indexOf("=");
      if (eq < 0) continue;
      const name = part.slice(0, eq).trim();
      if (SESSION_COOKIES.includes(name)) {
        const value = part.slice(eq + 1).trim();
        if (value) return value;
      }
    }
  }
  return undefined;
}

/**
 * Resolves a handshake to its principal. Anonymous (no token) → null: visitors may read public
 * content rooms. A token that is present but unknown, expired or malformed → throws
 * request_invalidSessionToken; it is never silently downgraded to anonymous.
 */
export async function authenticateHandshake(
  db: Db,
  auth: unknown,
  headers: IncomingHttpHeaders,
): Promise<Principal | null> {
  const token = tokenFromHandshake(auth, headers);
  if (token === undefined) return null;
  if (token === null || !isDecodable(token)) throw handshakeError("request_invalidSessionToken");
  const principal = await principalFromToken(db, token);
  if (!principal) throw handshakeError("request_invalidSessionToken");
  return principal;
}

/** principalFromToken URI-decodes the token; a broken %-sequence is a bad token, not a server fault. */
function isDecodable(token: string): boolean {
  try {
    decodeURIComponent(token);
    return true;
  } catch {
    return false;
  }
}
