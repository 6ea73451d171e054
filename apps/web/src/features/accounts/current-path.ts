import { safeRedirectTarget } from "@vn/contract";

/** The current page (path and query), checked against our own origin before it is used. */
export function currentPath(): string {
  return (
    safeRedirectTarget(`${window.location.pathname}${window.location.search}`, window.location.origin) ?? "/"
  );
}

/** The page to come back to; "/" while rendered on the server. */
export function safeBack(): string {
  return typeof window === "undefined" ? "/" : currentPath();
}
