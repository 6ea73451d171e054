import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import { type NextRequest, NextResponse } from "next/server";
import { decideAccess } from "@/lib/access-rules";

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
 * Runs before a page renders (Next 16 names middleware "proxy"). Only the login rule of §2 can be
 * decided here: the cookie is httpOnly and checking it against the API would cost a round trip per
 * page, so "has a session cookie" stands in for "signed in". The client AccessGuard applies the
 * remaining rules once the session is known, and sends an expired cookie to /login as well.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith("/api/")) return forwardApi(request);

  const authenticated =
    request.cookies.has(SESSION_COOKIE_NAME) || request.cookies.has(SESSION_COOKIE_NAME_SECURE);
  const target = decideAccess(pathname, { authenticated }, search);
  if (!target) return NextResponse.next();
  return NextResponse.redirect(new URL(target, request.url));
}

export const config = {
  // Pages and the API forward; not Next's assets or files with an extension in public/.
  matcher: ["/api/:path*", "/((?!api/|_next/|socket\\.io/|.*\\.[a-zA-Z0-9]+$).*)"],
};
