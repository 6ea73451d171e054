import { hasForbiddenCharacters } from "@vn/contract";

/**
 * Whether a request path (as received, percent-encoded) is one no page or API route can answer
 * (issue 11): a %-sequence that is not UTF-8 (`/%C0%AF`, `/%FF`, a cut `/%E0%A4%A`), or one that
 * decodes to a NUL, a control character or broken Unicode (`/%00`; contract text.ts). Next would
 * answer those with a 500 (its router cannot decode the path, or a page passes the NUL on to the
 * file system and the API), so the proxy answers them first, with a 4xx.
 */
export function isMalformedPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return hasForbiddenCharacters(decoded);
}

/**
 * A dynamic route segment as a page reads it: decoded once more where Next left it encoded, and
 * left as it is when it does not decode (Next hands `/%25` to a page as "%", which
 * decodeURIComponent refuses with a URIError, a 500).
 */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
