/**
 * New-version detection (spec §2): /version.json answers the version of the build serving it
 * (app/version.json/route.ts) and is polled; when it names another build than the one running,
 * the page reloads at the next navigation, or at once while the tab is hidden (nobody is looking,
 * nothing is lost).
 */

/** The build this bundle came from (next.config.ts bakes it in; "dev" under next dev). */
export const RUNNING_VERSION = process.env.NEXT_PUBLIC_APP_VERSION ?? "dev";
export const VERSION_FILE = "/version.json";

export type VersionDecision = "none" | "reload-now" | "reload-on-navigation";

export function decideVersionAction(
  running: string | null,
  latest: string | null,
  documentHidden: boolean,
): VersionDecision {
  if (!running || !latest || running === latest) return "none";
  return documentHidden ? "reload-now" : "reload-on-navigation";
}

export function readVersion(body: unknown): string | null {
  if (body && typeof body === "object" && "version" in body) {
    const { version } = body as { version: unknown };
    return typeof version === "string" && version ? version : null;
  }
  return null;
}
