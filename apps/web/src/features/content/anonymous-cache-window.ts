/**
 * How long the anonymous render of profile and detail pages is kept (docs/decisions/0010). No
 * imports: next.config.ts reads it too (expireTime), when the server starts.
 */

/**
 * Seconds an anonymous page is fresh: after that the next request still gets it while one
 * background render replaces it (stale-while-revalidate). Next reads a route's revalidate time
 * at build as a literal, so `~anonymous/[[...rest]]/page.tsx` repeats this number (a unit test
 * checks that they agree).
 */
export const ANONYMOUS_REVALIDATE_SECONDS = 5;

/** How long the related sections of a personalised detail page are shared between viewers. */
export const RELATED_SECTIONS_SECONDS = 5;

/**
 * The stated freshness: an anonymous page older than this is never served; the request waits for
 * a new render instead. A new publication, a removed item or a blocked profile reaches anonymous
 * visitors within this many seconds. ANONYMOUS_PAGE_MAX_AGE_SECONDS (whole seconds, at least 1;
 * default 30), read when the server starts. Below the revalidate time every page older than it is
 * rendered again before it is served (tests use 1-2 s).
 */
export function anonymousMaxAgeSeconds(env: Record<string, string | undefined> = process.env): number {
  const value = env.ANONYMOUS_PAGE_MAX_AGE_SECONDS;
  const parsed = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(parsed) && parsed >= 1
    ? Math.floor(parsed)
    : 30;
}
