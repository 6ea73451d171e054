/**
 * The anonymous render of profile and detail pages (docs/decisions/0010): which requests the proxy
 * sends to it, and how long Next may keep what it renders. Pure, so the rules are unit-tested.
 *
 * A visitor without a session cookie sees the same /{slug}… page as every other such visitor (no
 * isOwner, no followed, no drafts), so a cookie-less request of such a page is rewritten to
 * /{slug}/~anonymous/{…rest}, a revalidated route that renders without cookies or query and is
 * kept by Next's page cache. Visitors with a cookie keep the personalised render.
 *
 * The rewrite is one of next.config.ts's rewrites (`anonymousRewriteRules`, with `missing` cookie
 * and query conditions), not the proxy's: Next takes a proxy rewrite for an external one when the
 * server listens on 127.0.0.1 (NextURL spells it "localhost"), and would fetch it over HTTP.
 * `anonymousRenderPath` states the same rule as a function; a unit test holds the two together.
 */
import {
  detailSegments,
  mediaSubSections,
  SESSION_COOKIE_NAME,
  SESSION_COOKIE_NAME_SECURE,
} from "@vn/contract";
import { ownerlessSegments, resolveSlugRoute } from "./content-routes";

export {
  ANONYMOUS_REVALIDATE_SECONDS,
  anonymousMaxAgeSeconds,
  RELATED_SECTIONS_SECONDS,
} from "./anonymous-cache-window";

/** The path segment of the anonymous render: never a tab, section, detail segment or slug. */
export const ANONYMOUS_SEGMENT = "~anonymous";

/**
 * Query parameters the server-rendered page reads: a URL carrying one is rendered per request.
 * (viewas=live only changes anything for the signed-in owner and item picks a recording; the post
 * overlay's parameters, postSlug… disableRefresh, are read by the client alone.)
 */
const SERVER_READ_PARAMS = ["viewas", "item"] as const;

/**
 * Where the proxy sends a cookie-less GET of `pathname` (as received, percent-encoded): the
 * anonymous render's path, or null to render it per request. `staticRoutes` are the first path
 * segments the app serves itself (/faq, /search…), which win over /{slug} and are never rewritten.
 */
export function anonymousRenderPath(
  pathname: string,
  searchParams: URLSearchParams,
  staticRoutes: readonly string[],
): string | null {
  if (SERVER_READ_PARAMS.some((name) => searchParams.has(name))) return null;
  const raw = pathname.split("/").filter((segment) => segment !== "");
  if (raw.length === 0) return null;
  let decoded: string[];
  try {
    decoded = raw.map(decodeURIComponent);
  } catch {
    return null;
  }
  const [first, ...rest] = decoded as [string, ...string[]];
  if (staticRoutes.includes(first) || first.startsWith("_") || first.startsWith("~")) return null;
  if (rest.includes(ANONYMOUS_SEGMENT)) return null;
  const route = resolveSlugRoute(first, rest);
  if (route.screen !== "profile" && route.screen !== "detail" && route.screen !== "recordings") return null;
  return `/${[raw[0], ANONYMOUS_SEGMENT, ...raw.slice(1)].join("/")}`;
}

/**
 * Set by the proxy on a signed-in request whose viewer sees the page exactly as a visitor does
 * (docs/decisions/0028, features/content/visitor-view.ts): the rewrites below send it to the
 * anonymous render as well. (Deleting the cookie in the proxy is not enough: Next has read the
 * request's cookies before the proxy runs.) The proxy removes it from every other request.
 */
export const VISITOR_RENDER_HEADER = "x-vn-visitor-render";

/** A rewrite as next.config.ts `rewrites()` takes it. */
export interface AnonymousRewrite {
  source: string;
  destination: string;
  has?: { type: "header"; key: string }[];
  missing: { type: "cookie" | "query"; key: string }[];
}

/**
 * The rewrites that send a request to the anonymous render: only when neither session cookie nor
 * a query the server reads is present, and only for the path shapes of resolveSlugRoute's profile,
 * detail and recordings screens (never an edit page, a network page or one of the app's own
 * routes, which `staticRoutes` names). Listed after the filesystem (Next's afterFiles), so a
 * static page such as /faq is found first anyway.
 */
export function anonymousRewriteRules(staticRoutes: readonly string[]): AnonymousRewrite[] {
  const missing: AnonymousRewrite["missing"] = [
    { type: "cookie", key: SESSION_COOKIE_NAME },
    { type: "cookie", key: SESSION_COOKIE_NAME_SECURE },
    ...SERVER_READ_PARAMS.map((key) => ({ type: "query" as const, key })),
  ];
  const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const oneOf = (values: readonly string[]) => [...new Set(values)].map(literal).join("|");
  // A profile slug: one segment, not one of the app's routes (the name then "/" or the end), and
  // not starting with _ or ~ (Next's files, the anonymous render's own segment).
  const excluded = ["api", ...staticRoutes].map(literal).join("|");
  const slug = `:slug((?!(?:${excluded})(?![^/]))[^/_~][^/]*)`;
  const tabs = ["media", "feed", "contact", "connect", "team", "people"];
  const single = oneOf([...tabs, ...mediaSubSections]);
  const rules: [string, string][] = [
    [`/${slug}`, "/:slug/~anonymous"],
    [`/${slug}/:tab(${single})`, "/:slug/~anonymous/:tab"],
    [`/${slug}/profile`, "/:slug/~anonymous/profile"],
    [`/${slug}/profile/:tab(${oneOf(tabs)})`, "/:slug/~anonymous/profile/:tab"],
    [`/${slug}/recordings/:kind(podcast|video)`, "/:slug/~anonymous/recordings/:kind"],
    [`/${slug}/:segment(${oneOf(Object.keys(detailSegments))})/:item`, "/:slug/~anonymous/:segment/:item"],
    [
      `/:segment(${oneOf(ownerlessSegments.filter((name) => Object.hasOwn(detailSegments, name)))})/:item`,
      "/:segment/~anonymous/:item",
    ],
  ];
  const queries = missing.filter((condition) => condition.type === "query");
  return rules.flatMap(([source, destination]) => [
    { source, destination, missing },
    // A signed-in viewer the proxy found to see the visitor's page (decision 0028).
    { source, destination, has: [{ type: "header" as const, key: VISITOR_RENDER_HEADER }], missing: queries },
  ]);
}
