import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";

/**
 * Where a session token comes from, for REST and the socket alike, first match wins: an explicit
 * token (the socket's `auth: { token }`), `Authorization: Bearer <token>` (API clients), then the
 * session cookie (browsers on the same site; the `__Secure-` form is what better-auth sets over
 * HTTPS). `undefined` = no credential at all (a visitor); `null` = a credential was offered but
 * is unusable (wrong type, not Bearer) and must be refused, never downgraded to anonymous.
 */
export function sessionToken(headers: IncomingHttpHeaders, explicit?: unknown): string | null | undefined {
  const credential = sessionCredential(headers, explicit);
  return credential ? credential.token : credential;
}

/**
 * The session token with where it came from. `cookie` is the one credential a browser attaches
 * on its own, so only it can be ridden by another site's form or script (the guard checks the
 * Origin of such requests); an explicit token or a bearer had to be set by the caller.
 */
export interface SessionCredential {
  token: string | null;
  via: "explicit" | "bearer" | "cookie";
}

export function sessionCredential(
  headers: IncomingHttpHeaders,
  explicit?: unknown,
): SessionCredential | undefined {
  if (explicit !== undefined && explicit !== null && explicit !== "") {
    return { token: typeof explicit === "string" ? explicit : null, via: "explicit" };
  }
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return { token: match?.[1] ?? null, via: "bearer" };
  }
  const cookies = cookieValues(headers.cookie);
  const token = cookies.get(SESSION_COOKIE_NAME_SECURE) ?? cookies.get(SESSION_COOKIE_NAME);
  return token ? { token, via: "cookie" } : undefined;
}

function cookieValues(header: string | undefined): Map<string, string> {
  const values = new Map<string, string>();
  if (!header) return values;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const value = part.slice(eq + 1).trim();
    if (value) values.set(part.slice(0, eq).trim(), value);
  }
  return values;
}

/**
 * better-auth's cookie holds "token.signature" (URI-encoded); a bearer may be either form. Only
 * the token part is looked up: it is 32 random characters, unguessable on its own. A broken
 * %-sequence or an absurd length is a bad token (null), not a server fault.
 */
export function tokenKey(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const token = decoded.split(".")[0] ?? "";
  // Printable ASCII only: a NUL or other control character would reach PostgreSQL (a 500, issue 11).
  return token && token.length <= 256 && /^[\x21-\x7e]+$/.test(token) ? token : null;
}

/**
 * What `sessions.token` holds for a session token: its SHA-256, hex (issue 11: tokens are never
 * stored in clear). The token is 32 random characters, so an unsalted digest cannot be reversed;
 * migration 0013 turned the tokens stored before into this form in SQL
 * (`encode(sha256(convert_to(token, 'UTF8')), 'hex')`). better-auth writes and finds sessions
 * through modules/accounts/session-store.ts, the actor lookup through policy/actor.ts.
 */
export function sessionTokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
