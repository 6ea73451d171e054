/**
 * The post overlay's URL (§2): /{ownerSlug}/posts/{postSlug} with postSlug, ownerSlug, gallery
 * (1-based), navigate, textOnly, initiator (the route to return to; empty → home), owner and
 * disableRefresh. Pure, so the rules are tested without a browser.
 */
export interface OverlayParams {
  postSlug: string;
  ownerSlug: string;
  initiator: string;
  gallery?: number;
  navigate?: boolean;
  textOnly?: boolean;
  owner?: boolean;
  disableRefresh?: boolean;
}

export function overlayUrl(path: string, params: OverlayParams): string {
  const query = new URLSearchParams({ postSlug: params.postSlug, ownerSlug: params.ownerSlug });
  if (params.gallery && params.gallery > 0) query.set("gallery", String(params.gallery));
  if (params.navigate !== undefined) query.set("navigate", String(params.navigate));
  if (params.textOnly) query.set("textOnly", "true");
  query.set("initiator", params.initiator);
  if (params.owner !== undefined) query.set("owner", String(params.owner));
  if (params.disableRefresh) query.set("disableRefresh", "true");
  return `${path.replace(/\?.*$/, "")}?${query.toString()}`;
}

/** Where closing goes: the initiator when it is a path of this site, else home. */
export function closeTarget(initiator: string | null | undefined): string {
  if (!initiator?.startsWith("/") || initiator.startsWith("//")) return "/";
  return initiator;
}

/** The overlay's parameters as a URL carries them, read back (issue 18): a reload shows the same view. */
export interface OverlayView {
  /** The picture open in the viewer (1-based), or null. */
  gallery: number | null;
  textOnly: boolean;
  navigate: boolean | null;
  owner: boolean | null;
  disableRefresh: boolean;
  initiator: string | null;
}

function flag(value: string | null): boolean | null {
  if (value === "true" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return null;
}

export function readOverlayParams(search: string | URLSearchParams): OverlayView {
  const query = typeof search === "string" ? new URLSearchParams(search) : search;
  const raw = query.get("gallery");
  const position = raw !== null && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  return {
    gallery: position >= 1 ? position : null,
    textOnly: flag(query.get("textOnly")) === true,
    navigate: flag(query.get("navigate")),
    owner: flag(query.get("owner")),
    disableRefresh: flag(query.get("disableRefresh")) === true,
    initiator: query.get("initiator"),
  };
}

/** `url` (path and query) with the view's gallery and textOnly set or dropped; the rest kept. */
export function withOverlayView(url: string, view: { gallery?: number | null; textOnly?: boolean }): string {
  const [pathAndQuery = "", hash = ""] = url.split("#", 2);
  const [path = "", search = ""] = pathAndQuery.split("?", 2);
  const query = new URLSearchParams(search);
  if (view.gallery !== undefined) {
    if (view.gallery && view.gallery > 0) query.set("gallery", String(view.gallery));
    else query.delete("gallery");
  }
  if (view.textOnly !== undefined) {
    if (view.textOnly) query.set("textOnly", "true");
    else query.delete("textOnly");
  }
  const text = query.toString();
  return `${path}${text ? `?${text}` : ""}${hash ? `#${hash}` : ""}`;
}
