/**
 * The one way to the API (architecture.md): `request()` sends a call of the typed client
 * (src/lib/api-client.ts, `api.<group>.<name>(…)`, built from the contract's endpoint table), which
 * is how screens call the API; nothing else writes an API path. Paths are relative to /api
 * ("/v1/users/me", "/auth/sign-in/email"); in the browser they stay relative so the session cookie
 * goes along and Next's rewrite forwards them to the API; on the server they go to API_ORIGIN directly.
 *
 * Every response passes through the §4 rules (src/lib/response-rules.ts) before the caller sees
 * it; the effects those rules need (where the session is, how to navigate) are registered by the
 * app's providers with `configureResponseEffects`.
 */
import {
  API_TIMEOUT_MS,
  DEV_WEB_FORWARD_SECRET,
  FORWARD_SECRET_HEADER,
  FORWARDED_CLIENT_HEADER,
  toQueryString,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";
import { ApiError, NO_RESPONSE_STATUS, toApiError } from "./api-error";
import {
  decideResponseAction,
  type ResponseAction,
  type ResponseSession,
  SIGN_OUT_PATH,
  SWITCH_ACCOUNT_PATH,
} from "./response-rules";

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: Record<string, QueryValue>;
  /** Sent as JSON unless it is FormData or URLSearchParams. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Bearer token for calls that take one explicitly (restore, complete removal: spec §7). */
  token?: string;
  /** Keep the whole `{data, meta}` envelope (lists read their meta beside the items). */
  envelope?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export interface ResponseEffects {
  /** The session as the app currently believes it to be. */
  getSession: () => ResponseSession | null;
  /** Runs after the sign-out call: clear cached session, go to /login, tell the user. */
  afterSignOut: () => void;
  navigate: (to: string) => void;
}

let effects: ResponseEffects | null = null;
/** Several calls can fail at once when a session dies; the sign-out and the switch run once. */
let actionInFlight = false;

export function configureResponseEffects(next: ResponseEffects | null): void {
  effects = next;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const base =
    typeof window === "undefined" ? `${process.env.API_ORIGIN ?? "http://localhost:4000"}/api` : "/api";
  return `${base}${path.startsWith("/") ? path : `/${path}`}${query ? toQueryString(query) : ""}`;
}

/**
 * Server side only (issue 11): what makes the API count a server-side call against the right
 * budget. The web server proves itself with WEB_FORWARD_SECRET (the same on the API; its
 * development default otherwise). Rendering for a visitor, pass their request's X-Forwarded-For:
 * its last entry is the one added by the nearest hop — Next itself (the socket's address, when the
 * request came without the header) or the proxy in front of the web server — and names the
 * visitor ("unknown" when there is none: the API then counts the web server's address). Called
 * without it, the call is the web server's own (the anonymous render every visitor shares).
 */
export function forwardingHeaders(
  forwardedFor?: string | null,
  secret: string | undefined = process.env.WEB_FORWARD_SECRET,
): Record<string, string> {
  const headers: Record<string, string> = { [FORWARD_SECRET_HEADER]: secret || DEV_WEB_FORWARD_SECRET };
  if (forwardedFor === undefined) return headers;
  headers[FORWARDED_CLIENT_HEADER] = forwardedFor?.split(",").at(-1)?.trim() || "unknown";
  return headers;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  headers.set("Content-Type", "application/json");
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `{data}` is the API's success envelope; auth routes answer bare objects. */
function unwrap<T>(body: unknown): T {
  if (body && typeof body === "object" && !Array.isArray(body) && "data" in body) {
    return (body as { data: T }).data;
  }
  return body as T;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const url = apiUrl(path, options.query);
  const method = options.method ?? "GET";
  const headers = new Headers({
    Accept: "application/json",
    // On the server a call is the web server's own, proven by its secret (forwardingHeaders).
    ...(typeof window === "undefined" ? forwardingHeaders() : {}),
    ...options.headers,
  });
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: encodeBody(options.body, headers),
      credentials: "include",
      signal,
    });
  } catch (cause) {
    clearTimeout(timer);
    // The caller cancelled: let it see its own abort, as fetch would.
    if (options.signal?.aborted) throw cause;
    if (timeout.signal.aborted) {
      throw new ApiError(NO_RESPONSE_STATUS, "request_timeout", commonMessages.gatewayTimeout);
    }
    throw new ApiError(NO_RESPONSE_STATUS, null, commonMessages.errorSendingRequest, { cause });
  }

  let body: unknown;
  try {
    body = await readBody(response);
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) {
    const action = decideResponseAction(
      { url, method },
      response.status,
      body,
      effects?.getSession() ?? null,
    );
    runResponseAction(action);
    throw toApiError(response.status, body);
  }
  return {
    data: options.envelope ? (body as T) : unwrap<T>(body),
    status: response.status,
    headers: response.headers,
  };
}

/** POST /api/auth/sign-out (`accounts.signOut`, a plain fetch); a failure is ignored (the user leaves either way, spec §2 /logout). */
export async function signOutRequest(): Promise<void> {
  try {
    await fetch(SIGN_OUT_PATH, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    // Offline or already signed out: nothing to undo.
  }
}

function runResponseAction(action: ResponseAction): void {
  if (action.type === "none" || typeof window === "undefined" || actionInFlight) return;
  if (action.type === "navigate") {
    if (effects) effects.navigate(action.to);
    else window.location.assign(action.to);
    return;
  }
  actionInFlight = true;
  const done = () => {
    actionInFlight = false;
  };
  if (action.type === "signOut") {
    void signOutRequest()
      .then(() => {
        if (effects) effects.afterSignOut();
        else window.location.assign("/login");
      })
      .finally(done);
    return;
  }
  // switchToUserAccount: back to the personal profile, then a full reload so every cache resets.
  void fetch(SWITCH_ACCOUNT_PATH, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ type: { id: "user" } }),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  })
    .catch(() => undefined)
    .finally(() => {
      done();
      window.location.reload();
    });
}
