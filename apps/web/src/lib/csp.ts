import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import { type NextRequest, NextResponse } from "next/server";
import { anonymousRenderPath, VISITOR_RENDER_HEADER } from "../features/content/anonymous-render";

/**
 * The Content-Security-Policy of every page (issue 11, item 6), built per request by the proxy.
 *
 * Scripts run only with this response's nonce ('strict-dynamic' lets the scripts it allows load
 * the app's chunks): an injected <script>, an inline event handler or a javascript: URL does not
 * run. Next reads the nonce from the request's Content-Security-Policy header and puts it on its
 * own scripts (framework, chunks, the inline RSC payload), so the page must be rendered for this
 * request (see withContentSecurityPolicy). The rest follows what the app loads: its own origin,
 * the API origin the browser talks to (images, audio and video, the socket) and media storage when
 * it has an origin of its own; blob: for local previews and the PDF viewer. Nothing frames a page.
 *
 * Every page is rendered per request (the root layout waits for the connection) — except the
 * anonymous render of profile and detail pages (docs/decisions/0010), which Next keeps in its page
 * cache and serves to every cookie-less visitor: its HTML keeps the nonce it was rendered with, so
 * a fresh nonce per response would block its scripts. Requests for it carry the build's
 * cached-render nonce instead (cachedRenderNonce): the same for every render and response of one
 * build. It is public (it is in those pages), so it guards less than a fresh one: inline event
 * handlers, javascript: URLs and scripts without it stay blocked; a `<script nonce=…>` smuggled
 * past the API's HTML sanitizer (which allows no script element and no nonce attribute) would not.
 */
export interface CspSources {
  nonce: string;
  /** The API origin the browser reaches (the socket, media URLs). */
  apiOrigin?: string | null;
  /** Where media files are served from, when not from the API origin (MEDIA_PUBLIC_ORIGIN). */
  mediaOrigin?: string | null;
  /** next dev: React needs eval for its debugging aids; the dev server's socket is ws:. */
  development?: boolean;
  /** The page is served over HTTPS: ask the browser to upgrade stray http: subresources. */
  https?: boolean;
}

function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const { origin } = new URL(value);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** http(s)://host → ws(s)://host: the socket's handshake URL (older browsers do not derive it). */
function socketOrigin(origin: string): string {
  return origin.replace(/^http/, "ws");
}

/**
 * Stripe.js's own origins (docs.stripe.com/security/guide#content-security-policy). The script
 * itself is inserted by @stripe/stripe-js's loader, which 'strict-dynamic' trusts. Allowed on every
 * page: which provider the API runs is not known here, and these origins serve only Stripe.
 */
const stripe = {
  connect: ["https://api.stripe.com", "https://m.stripe.network"],
  frames: ["https://js.stripe.com", "https://hooks.stripe.com"],
};

export function contentSecurityPolicy(sources: CspSources): string {
  const api = originOf(sources.apiOrigin);
  const media = originOf(sources.mediaOrigin);
  const remote = [...new Set([api, media].filter((origin): origin is string => Boolean(origin)))];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      `'nonce-${sources.nonce}'`,
      "'strict-dynamic'",
      ...(sources.development ? ["'unsafe-eval'"] : []),
    ],
    // Tailwind's stylesheet is a file of this origin; style attributes (React's style={…}) and
    // the <style> tags UI libraries insert at run time carry no nonce, so inline styles stay
    // allowed. Styles cannot run script.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...remote],
    "media-src": ["'self'", "blob:", ...remote],
    "font-src": ["'self'", "data:"],
    "connect-src": [
      "'self'",
      // The app's own object URLs (a converted document is shown from one).
      "blob:",
      ...remote,
      ...(api ? [socketOrigin(api)] : []),
      ...(sources.development ? ["ws:", "wss:"] : []),
      // Stripe.js (the checkout, when the API's payments provider is Stripe) talks to its API.
      ...stripe.connect,
    ],
    // Stripe Elements' card fields and the bank's 3-D Secure page are Stripe frames.
    "frame-src": ["'self'", "blob:", ...remote, ...stripe.frames],
    "worker-src": ["'self'", "blob:"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const policy = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (sources.https) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** What the anonymous render's answers say to browsers and shared caches: keep nothing. */
export const VISITOR_RENDER_CACHE_CONTROL = "private, no-cache, no-store, max-age=0, must-revalidate";

/** 128 random bits, base64: what CSP calls a nonce. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The nonce of the cached anonymous render: the build's version (public anyway), base64, so it is
 * the same on every node and every restart of one build, and changes with the next build (whose
 * page cache starts empty).
 */
export function cachedRenderNonce(version = process.env.NEXT_PUBLIC_APP_VERSION ?? "dev"): string {
  return btoa(`anonymous-render:${version.replace(/[^\x20-\x7e]/g, "")}`);
}

/** The app's own first path segments (/faq, /search…), which next.config.ts read from src/app at build. */
export function staticTopLevelRoutes(): string[] {
  return (process.env.STATIC_TOP_LEVEL_ROUTES ?? "").split(",").filter(Boolean);
}

/**
 * Does Next answer this request from the cached anonymous render? The same conditions as
 * next.config.ts's rewrites: no session cookie, and anonymousRenderPath's path rule (the app's own
 * top-level routes, which next.config.ts reads from src/app at build, are never rewritten).
 */
export function servedFromAnonymousRender(
  request: NextRequest,
  staticRoutes = staticTopLevelRoutes(),
): boolean {
  if (request.cookies.has(SESSION_COOKIE_NAME) || request.cookies.has(SESSION_COOKIE_NAME_SECURE))
    return false;
  const { pathname, searchParams } = request.nextUrl;
  return anonymousRenderPath(pathname, searchParams, staticRoutes) !== null;
}

/**
 * Lets a page request through (or rewrites it to `rewriteTo`) with a fresh nonce: the policy goes
 * on the response, and on the request as Next's renderer reads it (plus `x-nonce` for components
 * that need the value).
 *
 * `asVisitor`: a signed-in viewer who sees the page exactly as a visitor does (decision 0028). The
 * request goes on marked (VISITOR_RENDER_HEADER) and without its cookies, so next.config.ts's
 * anonymous rewrites send it to the cached render, with that render's nonce; and, as for a visitor, no
 * browser or shared cache may keep the answer (config headers() match before the proxy runs, so
 * the proxy says it here).
 */
export function withContentSecurityPolicy(
  request: NextRequest,
  rewriteTo?: URL,
  options: { asVisitor?: boolean } = {},
): NextResponse {
  const nonce =
    !rewriteTo && (options.asVisitor || servedFromAnonymousRender(request))
      ? cachedRenderNonce()
      : createNonce();
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const policy = contentSecurityPolicy({
    nonce,
    apiOrigin: process.env.PUBLIC_API_ORIGIN ?? process.env.API_ORIGIN ?? null,
    mediaOrigin: process.env.MEDIA_PUBLIC_ORIGIN ?? null,
    development: process.env.NODE_ENV === "development",
    https: (forwardedProto ?? request.nextUrl.protocol.replace(/:$/, "")) === "https",
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set("x-nonce", nonce);
  // Only the proxy says which signed-in request gets the anonymous render (decision 0028).
  headers.delete(VISITOR_RENDER_HEADER);
  if (options.asVisitor) {
    headers.delete("cookie");
    headers.set(VISITOR_RENDER_HEADER, "1");
  }
  const response = rewriteTo
    ? NextResponse.rewrite(rewriteTo, { request: { headers } })
    : NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  if (options.asVisitor) response.headers.set("Cache-Control", VISITOR_RENDER_CACHE_CONTROL);
  return response;
}
