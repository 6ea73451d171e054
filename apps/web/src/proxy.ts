import { errorMessage, errorStatus, SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import { type NextRequest, NextResponse } from "next/server";
import { seesVisitorView, visitorViewSubject } from "@/features/content/visitor-view";
import { decideAccess } from "@/lib/access-rules";
import { staticTopLevelRoutes, withContentSecurityPolicy } from "@/lib/csp";
import { isMalformedPath } from "@/lib/malformed-path";

/**
 * /api/*: next.config.ts rewrites it to the API origin known at build time. When the server is
 * started with another API_ORIGIN, forward there instead, so a built app can be pointed at any API.
 */
function forwardApi(request: NextRequest): NextResponse {
  const runtimeOrigin = process.env.API_ORIGIN;
  if (!runtimeOrigin || runtimeOrigin === process.env.BUILD_API_ORIGIN) return NextResponse.next();
  const { pathname, search } = request.nextUrl;
  return NextResponse.rewrite(new URL(`${pathname}${search}`, runtimeOrigin));
}

/**
 * A path that is not valid percent-encoded UTF-8 or that decodes to a NUL or control character
 * (issue 11: Next answered those with a 500): under /api/ the API's own 400 in the catalogue's
 * shape, elsewhere the not-found page with its 404.
 */
function refuseMalformedPath(request: NextRequest, pathname: string): NextResponse {
  if (pathname.startsWith("/api/")) {
    return NextResponse.json(
      { error: { code: "request_malformed", message: errorMessage("request_malformed") } },
      { status: errorStatus("request_malformed") },
    );
  }
  return withContentSecurityPolicy(request, new URL("/not-found", request.url));
}

/**
 * Runs before a page renders (Next 16 names middleware "proxy"). Only the login rule of §2 can be
 * decided here: the cookie is httpOnly and checking it against the API would cost a round trip per
 * page, so "has a session cookie" stands in for "signed in". The client AccessGuard applies the
 * remaining rules once the session is known, and sends an expired cookie to /login as well.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isMalformedPath(pathname)) return refuseMalformedPath(request, pathname);
  if (pathname.startsWith("/api/")) return forwardApi(request);
  // Next's files and files with an extension come here only to have a malformed path refused.
  if (NOT_A_PAGE.test(pathname)) return NextResponse.next();

  const authenticated =
    request.cookies.has(SESSION_COOKIE_NAME) || request.cookies.has(SESSION_COOKIE_NAME_SECURE);
  const target = decideAccess(pathname, { authenticated }, search);
  if (target) return NextResponse.redirect(new URL(target, request.url));
  // A signed-in viewer who sees a profile or publication page as visitors do gets their cached
  // render (decision 0028): one small API read instead of rendering the page for them.
  const subject =
    authenticated && (request.method === "GET" || request.method === "HEAD")
      ? visitorViewSubject(pathname, request.nextUrl.searchParams, staticTopLevelRoutes())
      : null;
  const asVisitor =
    subject !== null &&
    (await seesVisitorView(
      subject,
      request.headers.get("cookie") ?? "",
      request.headers.get("x-forwarded-for"),
    ));
  // Every page goes out with its Content-Security-Policy and a fresh nonce (lib/csp.ts).
  return withContentSecurityPolicy(request, undefined, { asVisitor });
}

/**
 * Paths that are not pages: Next's files, the socket, the version file. (A path with a dot is a
 * page, /anna.kowalski; the app has no public/ files.)
 */
const NOT_A_PAGE = /^\/(?:_next|socket\.io)\/|^\/(?:version\.json|favicon\.ico)$/;

export const config = {
  // Pages and the API forward; not Next's assets or the version file — except a path with a
  // %-sequence, wherever it points, so a malformed one is refused (Next answers 500). Paths with a
  // dot are pages too (/anna.kowalski): the app has no public/ files, and every page gets its CSP.
  matcher: ["/api/:path*", "/((?!api/|_next/|socket\\.io/|version\\.json$|favicon\\.ico$).*)", "/(.*%.*)"],
};
