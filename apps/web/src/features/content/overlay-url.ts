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
