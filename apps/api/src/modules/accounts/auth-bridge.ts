import { AppError, type ErrorCode, errorMessage, isErrorCode } from "@vn/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";

/**
 * Fastify ⇄ better-auth: a Fastify request becomes a Fetch Request for auth.handler, and the
 * Fetch Response goes back out with its status, every header (each set-cookie on its own) and
 * its body. better-auth's failures are translated into the catalogue's `{error:{code,message}}`.
 */

/** Headers that describe the original connection or body, which the new Request recomputes. */
const dropped = new Set([
  "host",
  "content-length",
  "connection",
  "transfer-encoding",
  "keep-alive",
  "expect",
]);

export interface AuthCall {
  /** Path under /api/auth, e.g. "/sign-in/email". */
  path: string;
  method?: "GET" | "POST";
  /** Sent as JSON; omitted for GET. */
  body?: unknown;
  query?: Record<string, string>;
  /**
   * Issue 16: the call must not ride the caller's session (the sign-in's second step is for
   * someone not signed in yet): the Authorization header and the session cookies stay behind.
   */
  withoutSession?: boolean;
  /** Cookies to add to the call (an API client's two-factor challenge, which it sent in the body). */
  cookies?: Record<string, string>;
}

/** better-auth's session cookies (session_token, session_data), plain or __Secure-. */
const sessionCookie = /(^|\.)session_(token|data)$/;

function withoutSessionCookies(header: string): string {
  return header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !sessionCookie.test(part.slice(0, Math.max(0, part.indexOf("=")))))
    .join("; ");
}

export function toFetchRequest(config: Config, request: FastifyRequest, call: AuthCall): Request {
  const url = new URL(`/api/auth${call.path}`, config.API_ORIGIN);
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || dropped.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  if (call.withoutSession) {
    headers.delete("authorization");
    const cookie = headers.get("cookie");
    if (cookie !== null) {
      const kept = withoutSessionCookies(cookie);
      if (kept) headers.set("cookie", kept);
      else headers.delete("cookie");
    }
  }
  if (call.cookies) {
    const added = Object.entries(call.cookies).map(([name, value]) => `${name}=${value}`);
    const cookie = headers.get("cookie");
    headers.set("cookie", [...(cookie ? [cookie] : []), ...added].join("; "));
    // better-auth refuses a call with cookies and no Origin (CSRF). These cookies are no browser's
    // ambient ones but what an API client sent in its body, so the call speaks as the API itself.
    if (!headers.has("origin")) headers.set("origin", new URL(config.API_ORIGIN).origin);
  }
  // Fastify already resolved the client address (trustProxy); better-auth stores it on the session.
  headers.set("x-forwarded-for", request.ip);
  const method = call.method ?? "POST";
  let body: string | undefined;
  if (method !== "GET") {
    body = JSON.stringify(call.body ?? {});
    headers.set("content-type", "application/json");
  }
  return new Request(url, { method, headers, body });
}

/** better-auth's own error codes → ours. Anything unlisted falls back by status. */
const authCodes: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "request_invalidCredentials",
  INVALID_PASSWORD: "request_invalidCredentials",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "request_invalidCredentials",
  EMAIL_NOT_VERIFIED: "user_registrationNotFinished",
  INVALID_OTP: "code_invalid",
  OTP_EXPIRED: "code_expired",
  TOO_MANY_ATTEMPTS: "code_tooManyAttempts",
  INVALID_TOKEN: "user_resetLinkExpired",
  TOKEN_EXPIRED: "user_resetLinkExpired",
  USER_ALREADY_EXISTS: "user_emailAlreadyUsed",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "user_emailAlreadyUsed",
  FAILED_TO_CREATE_USER: "user_emailAlreadyUsed",
  INVALID_EMAIL: "request_validationFailed",
  PASSWORD_TOO_SHORT: "request_validationFailed",
  PASSWORD_TOO_LONG: "request_validationFailed",
  INVALID_ORIGIN: "request_forbidden",
  MISSING_OR_NULL_ORIGIN: "request_forbidden",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "request_forbidden",
  FAILED_TO_GET_SESSION: "request_invalidSessionToken",
  SESSION_EXPIRED: "request_invalidSessionToken",
  // The two-factor plugin (issue 16)
  INVALID_CODE: "code_invalid",
  INVALID_BACKUP_CODE: "code_invalid",
  INVALID_TWO_FACTOR_COOKIE: "twoFactor_challengeExpired",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "code_tooManyAttempts",
  ACCOUNT_TEMPORARILY_LOCKED: "request_tooManyForEmail",
  TOTP_ALREADY_ENABLED: "twoFactor_alreadyEnabled",
  TOTP_NOT_ENABLED: "twoFactor_notEnabled",
  TWO_FACTOR_NOT_ENABLED: "twoFactor_notEnabled",
  BACKUP_CODES_NOT_ENABLED: "twoFactor_notEnabled",
};

const byStatus: Record<number, ErrorCode> = {
  400: "request_malformed",
  401: "request_unauthenticated",
  403: "request_forbidden",
  404: "request_notFound",
  409: "request_conflict",
  422: "request_validationFailed",
  429: "request_tooMany",
};

export interface AuthFailure {
  status: number;
  /** better-auth's code, or one of ours thrown from a hook. */
  code: string | null;
  error: AppError;
}

/** Reads a failed better-auth Response as the catalogue error it stands for. */
export async function readAuthFailure(response: Response): Promise<AuthFailure> {
  let body: { code?: unknown; message?: unknown; details?: unknown } = {};
  try {
    body = (await response.clone().json()) as typeof body;
  } catch {
    // An empty or non-JSON failure is judged by its status alone.
  }
  const raw = typeof body.code === "string" ? body.code : null;
  if (raw && isErrorCode(raw)) {
    // Thrown by our own hooks with our code, message and details (deleted, blocked, mail down).
    const message = typeof body.message === "string" ? body.message : errorMessage(raw);
    return {
      status: response.status,
      code: raw,
      error: new AppError(raw, { message, details: body.details }),
    };
  }
  const code =
    (raw ? authCodes[raw] : undefined) ??
    (response.status >= 500 ? "server_internal" : (byStatus[response.status] ?? "request_malformed"));
  return { status: response.status, code: raw, error: new AppError(code) };
}

/**
 * Whether this caller may be handed the session token (issue 11 item 6, decision 0015): not a
 * browser. A browser's request carries an Origin (every POST, PATCH and DELETE does, same-origin
 * ones included, and the web server's /api forwards pass it on), Sec-Fetch-Site (Fetch Metadata,
 * which page JavaScript cannot set or remove; not Sec-Fetch-Mode, which node's fetch sends too) or
 * its cookies. Its session rides in the httpOnly cookie and page JavaScript must never read the
 * token, so its answers leave the token out (the JSON `token` and the set-auth-token header). API
 * clients — none of these: a mobile app's HTTP stack, the API tests — get it for
 * `Authorization: Bearer`.
 */
export function sessionTokenShownTo(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    headers.origin === undefined && headers["sec-fetch-site"] === undefined && headers.cookie === undefined
  );
}

/** A JSON answer of better-auth without its top-level session `token` (anything else as it was). */
function withoutToken(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (!body || typeof body !== "object" || Array.isArray(body) || !("token" in body)) return text;
    const { token: _token, ...rest } = body as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return text;
  }
}

/**
 * Copies a better-auth Response onto the reply: status, headers (every set-cookie), body. For a
 * browser (sessionTokenShownTo) the session token is left out of both the headers and the body.
 */
export async function sendAuthResponse(
  reply: FastifyReply,
  response: Response,
  body?: unknown,
): Promise<void> {
  const showToken = sessionTokenShownTo(reply.request);
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    // Our CORS plugin owns the exposed-header list (it includes set-auth-token); set-cookie is below.
    if (name === "set-cookie" || name === "content-length" || name === "access-control-expose-headers")
      continue;
    if (name === "set-auth-token" && !showToken) continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (body !== undefined) {
    reply.header("content-type", "application/json; charset=utf-8");
    await reply.send(JSON.stringify(body));
    return;
  }
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").includes("json");
  await reply.send(text === "" ? null : json && !showToken ? withoutToken(text) : text);
}

/**
 * Set-cookie headers of a Response, to copy onto a reply that answers something else; the
 * set-auth-token header only for a caller that may hold the token (sessionTokenShownTo).
 */
export function copyCookies(reply: FastifyReply, response: Response): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const authToken = response.headers.get("set-auth-token");
  if (authToken && sessionTokenShownTo(reply.request)) reply.header("set-auth-token", authToken);
}
