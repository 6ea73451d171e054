/**
 * The access rules of spec §2 as one pure function. The proxy (src/proxy.ts) applies it with only
 * "is there a session cookie" known; the client guard (AccessGuard) applies it again with the full
 * session from GET /users/me. Both get the same answer for the same facts.
 */
import { isEditPath, isUnder, normalizePath, routes } from "./paths";

export interface AccessSession {
  authenticated: boolean;
  /** The user's status id (§4: active, profile-not-completed, deleted, blocked). */
  status?: string | null;
  /** The signed-in person's own profile slug. */
  slug?: string | null;
  /** True when the onboarding tour has steps left (GET tooltips/steps). */
  hasUnfinishedOnboarding?: boolean;
  /** True when the session acts as a company; the tour is never shown to companies (§6). */
  isCompany?: boolean;
}

/** Routes that need a signed-in user (§2); each also covers the paths below it. */
const LOGIN_REQUIRED = [
  routes.chats,
  routes.settings,
  "/posts",
  "/releases",
  "/responses",
  "/statements",
  routes.createProfileForm,
  "/create",
  // A company's invitation is answered by the signed-in invitee (issue 14).
  "/companies/invites",
] as const;

/** Pages a user whose profile is not completed may still open (§2). */
const PROFILE_INCOMPLETE_ALLOWED = [
  routes.privacy,
  routes.terms,
  routes.cookies,
  routes.trustCenter,
  routes.createProfile,
  routes.blog,
  routes.faq,
] as const;

/** Pages the onboarding redirect leaves alone (§2). */
const ONBOARDING_EXCLUDED = [
  routes.login,
  routes.notAvailable,
  routes.createProfile,
  "/verification",
  "/jumio",
  routes.terms,
  routes.privacy,
  // The back-office (issue 16): staff at work are not sent on the tour; to anyone else it is a 404.
  "/admin",
] as const;

export function isLoginRequired(pathname: string): boolean {
  const path = normalizePath(pathname);
  return isEditPath(path) || LOGIN_REQUIRED.some((base) => isUnder(path, base));
}

function isProfileNotCompleted(status: string | null | undefined): boolean {
  // The status enum spells it with a hyphen (§4), profile statuses with an underscore (§3).
  return status === "profile-not-completed" || status === "profile_not_completed";
}

/**
 * Where the visitor of `pathname` must go instead, or null to stay.
 * `search` is the current query string ("?a=b" or ""), carried back through /login?redirect=.
 *
 * Order: login first (nothing else is known about a visitor), then an unfinished profile, then
 * the onboarding tour. /logout is never redirected: signing out must always be possible.
 */
export function decideAccess(pathname: string, session: AccessSession, search = ""): string | null {
  const path = normalizePath(pathname);
  if (path === routes.logout) return null;

  if (!session.authenticated) {
    if (!isLoginRequired(path)) return null;
    const back = `${path}${search && search !== "?" ? (search.startsWith("?") ? search : `?${search}`) : ""}`;
    return routes.loginThenBack(back);
  }

  if (isProfileNotCompleted(session.status)) {
    if (PROFILE_INCOMPLETE_ALLOWED.some((base) => isUnder(path, base))) return null;
    return routes.createProfileForm;
  }

  if (
    session.status === "active" &&
    !session.isCompany &&
    session.hasUnfinishedOnboarding &&
    session.slug &&
    !ONBOARDING_EXCLUDED.some((base) => isUnder(path, base)) &&
    // The tour itself walks through the user's own profile pages (/{slug}, /{slug}/feed, …);
    // redirecting there would restart it on every step.
    !isUnder(path, routes.profile(session.slug))
  ) {
    return routes.onboarding(session.slug);
  }

  return null;
}
