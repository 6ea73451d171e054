/**
 * The response rules of spec §4 as a pure decision; src/lib/api.ts carries the action out.
 *
 * - 401 signs the user out to /login, except for the login, slug-exists and slug-generate calls.
 * - 403 with accountManager_ownerNotFound, or the "company deleted or blocked" message, switches
 *   back to the personal account and reloads.
 * - 404 with company_notFound sends the user to their own profile page.
 */
import { commonMessages } from "@vn/contract/messages/common";
import { routes as apiRoutes } from "@vn/contract/routes";
import { readErrorBody } from "./api-error";
import { routes } from "./paths";

export interface ResponseRequest {
  /** The request URL or path, e.g. "/api/v1/users/me" or "https://x/api/auth/sign-in/email". */
  url: string;
  method?: string;
}

export interface ResponseSession {
  authenticated: boolean;
  /** The signed-in person's own profile slug. */
  slug?: string | null;
}

export type ResponseAction =
  | { type: "none" }
  | { type: "signOut" }
  | { type: "switchToUserAccount" }
  | { type: "navigate"; to: string };

// The schema-free routes (generated from the endpoint table): this runs on every page.
const { generateSlug, signIn, signOut, slugExists, switchAccount } = apiRoutes.accounts;

/** Does this row answer at the path (its own path or a copy of it, e.g. on API v2)? */
function answersAt(row: { path: string; alsoAt?: readonly string[] }, path: string): boolean {
  return row.path === path || (row.alsoAt ?? []).includes(path);
}

export const SWITCH_ACCOUNT_PATH = switchAccount.path;
export const SIGN_OUT_PATH = signOut.path;

/** Calls whose 401 is an answer for the screen (wrong password, handle check), not a lost session. */
const UNAUTHORIZED_EXEMPT: readonly ((path: string) => boolean)[] = [
  // Every sign-in route: /api/auth/sign-in and the ones under it (/sign-in/email, …).
  (path) => path === signIn.path || path.startsWith(`${signIn.path}/`),
  (path) => answersAt(slugExists, path),
  (path) => answersAt(generateSlug, path),
  // Signing out can answer 401 when the session is already gone; that is the goal, not a failure.
  (path) => answersAt(signOut, path),
];

function pathOf(url: string): string {
  try {
    return new URL(url, "http://placeholder.invalid").pathname.replace(/\/+$/, "") || "/";
  } catch {
    return url;
  }
}

export function decideResponseAction(
  request: ResponseRequest,
  status: number,
  body: unknown,
  session: ResponseSession | null,
): ResponseAction {
  const path = pathOf(request.url);
  const { code, message } = readErrorBody(body);

  if (status === 401) {
    // A visitor has no session to lose; their 401 is just the answer (e.g. GET /users/me).
    if (!session?.authenticated) return { type: "none" };
    if (UNAUTHORIZED_EXEMPT.some((exempt) => exempt(path))) return { type: "none" };
    return { type: "signOut" };
  }

  if (status === 403) {
    const companyGone =
      code === "accountManager_ownerNotFound" || message === commonMessages.companyDeletedOrBlocked;
    // The switch call itself must not trigger another switch (an endless loop).
    if (companyGone && !answersAt(switchAccount, path)) return { type: "switchToUserAccount" };
    return { type: "none" };
  }

  if (status === 404 && code === "company_notFound" && session?.authenticated && session.slug) {
    return { type: "navigate", to: routes.profile(session.slug) };
  }

  return { type: "none" };
}
