/**
 * Where a person goes once signed in (or joined, or restored): an unfinished profile goes to the
 * wizard (spec §2 access rules), the create-profile intent opens it, a safe ?redirect= target of
 * our own origin comes next (§5), else the person's home (spec §2 home route,
 * /{slug}/network/suggested; issue 18), where an unfinished onboarding tour starts.
 */
import { safeRedirectTarget } from "@vn/contract";
import { isUnder, routes } from "../../lib/paths";

export interface DestinationUser {
  slug: string;
  status: { id: string };
}

export function destinationAfterSignIn(
  user: DestinationUser | null,
  options: { redirect?: string | null; intent?: string | null; origin: string },
): string {
  if (!user) return routes.login;
  const status = user.status.id;
  if (status === "profile-not-completed" || status === "profile_not_completed")
    return routes.createProfileForm;
  if (options.intent === "create-profile") return routes.createProfile;
  const safe = safeRedirectTarget(options.redirect ?? null, options.origin);
  if (safe) {
    const path = safe.split(/[?#]/)[0] ?? safe;
    if (!isUnder(path, routes.login) && !isUnder(path, routes.logout)) return safe;
  }
  return routes.userHome(user.slug);
}

/**
 * Where "You are already logged in." on /login leads (issue 18): the person's home, or the
 * profile wizard while their profile is unfinished (as after signing in, without a ?redirect=).
 */
export function homeOfSignedIn(user: DestinationUser): string {
  return destinationAfterSignIn(user, { origin: "http://localhost" });
}
