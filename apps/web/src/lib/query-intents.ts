/**
 * Query parameters with meaning (spec §2), on any page:
 * - type=invite&code=… without a signed-in user → /login (the join form keeps the code and sends
 *   it with the sign-up, so the invitation is honoured); with a signed-in user → accept it.
 * - intent=create-profile → profile creation: the join form for a visitor, the wizard for a member.
 */
import { isUnder, normalizePath, routes } from "./paths";

export type QueryIntent =
  | { type: "none" }
  | { type: "redirect"; to: string }
  /** Accept the invitation, then drop type and code from the address (`rest`). */
  | { type: "acceptInvite"; code: string; rest: string };

export function decideQueryIntent(pathname: string, search: string, authenticated: boolean): QueryIntent {
  const path = normalizePath(pathname);
  const params = new URLSearchParams(search);
  // Signing out must always be possible; the login page handles both parameters itself.
  if (path === routes.logout || isUnder(path, routes.login)) return { type: "none" };

  const code = params.get("code")?.trim() ?? "";
  if (params.get("type") === "invite" && code) {
    if (!authenticated) {
      const query = new URLSearchParams({ mode: "signup", type: "invite", code });
      return { type: "redirect", to: `${routes.login}?${query.toString()}` };
    }
    params.delete("type");
    params.delete("code");
    const rest = params.toString();
    return { type: "acceptInvite", code, rest: rest ? `${path}?${rest}` : path };
  }

  if (params.get("intent") === "create-profile") {
    if (!authenticated) return { type: "redirect", to: `${routes.login}?mode=signup&intent=create-profile` };
    if (!isUnder(path, routes.createProfile)) return { type: "redirect", to: routes.createProfile };
  }
  return { type: "none" };
}
