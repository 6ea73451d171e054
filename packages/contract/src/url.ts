import { URL_MAX_LENGTH_HTTP, URL_MAX_LENGTH_OTHER } from "./constants";

/** §5: 2000 characters for http(s) URLs, 1993 for anything else. */
export function urlMaxLength(url: string): number {
  return /^https?:\/\//i.test(url) ? URL_MAX_LENGTH_HTTP : URL_MAX_LENGTH_OTHER;
}

export function isUrlWithinLimit(url: string): boolean {
  return url.length <= urlMaxLength(url);
}

/**
 * A redirect target is safe only if it resolves to our own origin (§5). Relative paths are
 * resolved against the origin; protocol-relative ("//evil") and backslash tricks resolve elsewhere
 * and are rejected. Returns the safe path+query+hash, or null.
 */
export function safeRedirectTarget(target: string | null | undefined, origin: string): string | null {
  if (!target || !isUrlWithinLimit(target)) return null;
  // Browsers treat "\" as "/" in URLs, so "/\evil.com" would leave the origin.
  if (target.includes("\\")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f]/.test(target)) return null;
  let resolved: URL;
  try {
    resolved = new URL(target, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== new URL(origin).origin) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

type QueryValue = string | number | boolean | null | undefined;

/**
 * §5 query cleanup: a missing, empty or zero value is dropped, but a boolean (true or false) is kept.
 */
export function cleanQuery(query: Record<string, QueryValue>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === "boolean") {
      out[key] = String(value);
      continue;
    }
    if (value === null || value === undefined || value === "" || value === 0 || value === "0") continue;
    out[key] = String(value);
  }
  return out;
}

export function toQueryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams(cleanQuery(query));
  const text = params.toString();
  return text ? `?${text}` : "";
}
