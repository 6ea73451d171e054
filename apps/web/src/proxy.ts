import { SESSION_COOKIE_NAME, SESSION_COOKIE_NAME_SECURE } from "@vn/contract";
import { type NextRequest, NextResponse } from "next/server";
import { decideAccess } from "@/lib/access-rules";

/**
 * Runs before a page renders (Next 16 names middleware "proxy"). Only the login rule of §2 can be
 * decided here: the cookie is httpOnly and checking it against the API would cost a round trip per
 * page, so "has a session cookie" stands in for "signed in". The client AccessGuard applies the
 * remaining rules once the session is known, and sends an expired cookie to /login as well.
 */
export function proxy(request: NextRequest) {
  const authenticated =
    request.cookies.has(SESSION_COOKIE_NAME) || request.cookies.has(SESSION_COOKIE_NAME_SECURE);
  const { pathname, search } = request.nextUrl;
  const target = decideAccess(pathname, { authenticated }, search);
  if (!target) return NextResponse.next();
  return NextResponse.redirect(new URL(target, request.url));
}

export const config = {
  // Pages only: not the API rewrite, Next's assets, or files with an extension in public/.
  matcher: ["/((?!api/|_next/|socket\\.io/|.*\\.[a-zA-Z0-9]+$).*)"],
};
