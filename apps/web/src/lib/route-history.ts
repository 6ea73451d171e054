/**
 * Route history (spec §2): the last HISTORY_KEEP routes of this tab are kept in sessionStorage;
 * when the app starts again in the tab (a reload, a new deployment) the last HISTORY_RESTORE of
 * them are restored, so "back" inside the app still has somewhere to go. Sign-in, sign-out,
 * profile creation, editors and the 404 page are never recorded.
 */
import { HISTORY_KEEP, HISTORY_RESTORE } from "@vn/contract";
import { isEditPath, isUnder, normalizePath, routes } from "./paths";

export const HISTORY_STORAGE_KEY = "vn.route-history";

const IGNORED = [routes.login, routes.logout, routes.createProfile, "/create", routes.notFound] as const;

export function isIgnoredForHistory(route: string): boolean {
  const path = normalizePath(route.split(/[?#]/)[0] ?? "/");
  return isEditPath(path) || IGNORED.some((base) => isUnder(path, base));
}

/** Adds `route` (path + query) to the history: skips ignored routes and repeats of the last one. */
export function pushHistory(history: readonly string[], route: string): string[] {
  if (isIgnoredForHistory(route) || history[history.length - 1] === route) return [...history];
  return [...history, route].slice(-HISTORY_KEEP);
}

/** The routes brought back when the app starts in a tab that already has a history. */
export function restoreHistory(stored: readonly string[]): string[] {
  return stored.filter((route) => !isIgnoredForHistory(route)).slice(-HISTORY_RESTORE);
}

/** The route before the current one, or null when there is none. */
export function previousRoute(history: readonly string[], current: string): string | null {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const route = history[index];
    if (route !== undefined && route !== current) return route;
  }
  return null;
}

/** Parses what sessionStorage held; anything malformed is an empty history. */
export function parseStoredHistory(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
