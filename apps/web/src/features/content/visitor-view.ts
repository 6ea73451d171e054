/**
 * Signed-in viewers of profile and publication pages who would see exactly what a visitor without
 * a session sees get the cached anonymous render too (docs/decisions/0028). The proxy asks the API
 * once per such request (`api.profiles.visitorView`: one small read instead of a full render) and,
 * when the answer is yes, marks the request (VISITOR_RENDER_HEADER) and drops its cookies, so
 * next.config.ts's anonymous rewrites (docs/decisions/0010) send it to the cached render. What differs per viewer
 * on those pages (the header, the follow state, reactions, owner mode for a person's own page) is
 * read by the browser once the session is known, as it always was.
 */
import { endpoints } from "@vn/contract";
import { apiUrl, forwardingHeaders } from "../../lib/api";
import { endpointPath } from "../../lib/api-client";
import { anonymousRenderPath } from "./anonymous-render";
import { resolveSlugRoute } from "./content-routes";

/** Which profile's pages a request asks for, and whether it is the profile page itself. */
export interface VisitorViewSubject {
  slug: string;
  profilePage: boolean;
}

/**
 * The profile a signed-in request of `pathname` concerns, when the anonymous render answers such a
 * request (anonymousRenderPath's rule); null otherwise, and for a publication addressed without
 * its owner (/posts/{slug}), whose owner is not known before it is read.
 */
export function visitorViewSubject(
  pathname: string,
  searchParams: URLSearchParams,
  staticRoutes: readonly string[],
): VisitorViewSubject | null {
  if (anonymousRenderPath(pathname, searchParams, staticRoutes) === null) return null;
  // anonymousRenderPath decoded these already, so decoding cannot throw here.
  const [first, ...rest] = pathname
    .split("/")
    .filter((segment) => segment !== "")
    .map(decodeURIComponent) as [string, ...string[]];
  const route = resolveSlugRoute(first, rest);
  if (route.screen === "profile") return { slug: first, profilePage: true };
  if (route.screen === "recordings") return { slug: first, profilePage: false };
  if (route.screen === "detail" && route.ownerSlug) return { slug: route.ownerSlug, profilePage: false };
  return null;
}

/** How long the proxy waits for the answer before rendering the page for the viewer instead. */
const VISITOR_VIEW_TIMEOUT_MS = 2_000;

/**
 * Asks the API whether the viewer (their cookie) sees `subject`'s pages as a visitor does. Any
 * failure answers false: the page is then rendered for the viewer, as before.
 */
export async function seesVisitorView(
  subject: VisitorViewSubject,
  cookie: string,
  forwardedFor: string | null,
): Promise<boolean> {
  try {
    const path = endpointPath(endpoints.profiles.visitorView, {
      params: { slug: subject.slug },
      query: subject.profilePage ? { profilePage: "true" } : {},
    });
    const response = await fetch(apiUrl(path), {
      headers: { Accept: "application/json", Cookie: cookie, ...forwardingHeaders(forwardedFor) },
      cache: "no-store",
      signal: AbortSignal.timeout(VISITOR_VIEW_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { data?: { sameAsVisitor?: unknown } };
    return body.data?.sameAsVisitor === true;
  } catch {
    return false;
  }
}
