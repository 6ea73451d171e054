/**
 * The list a post overlay steps through (§2 post overlay: `navigate`, `owner`), kept so that a
 * reload of the overlay's URL — which renders the detail page — can step through the same posts.
 * The overlay keeps its posts' paths in sessionStorage under its initiator (the list page it was
 * opened over); `owner=true` says the list is the owner's own posts, which the detail page can
 * also ask the API for when nothing was kept (another tab, a shared link). Pure, so the rules are
 * tested without a browser.
 */
import { type OverlayView, overlayUrl } from "./overlay-url";

export const OVERLAY_LIST_PREFIX = "vn.overlay-list:";
/** Enough for a long scroll; the newest pages are kept. */
export const OVERLAY_LIST_KEEP = 200;

type Store = Pick<Storage, "getItem" | "setItem">;

export function saveOverlayList(store: Store, initiator: string, paths: readonly string[]): void {
  try {
    store.setItem(
      `${OVERLAY_LIST_PREFIX}${initiator}`,
      JSON.stringify([...new Set(paths)].slice(-OVERLAY_LIST_KEEP)),
    );
  } catch {
    // Storage full or refused: a reload then steps through the owner's posts, or not at all.
  }
}

export function readOverlayList(store: Store, initiator: string): string[] | null {
  try {
    const raw = store.getItem(`${OVERLAY_LIST_PREFIX}${initiator}`);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : null;
  } catch {
    return null;
  }
}

/** The owner's handle of a publication path (/{ownerSlug}/posts/{postSlug}). */
export function ownerSlugOf(path: string): string {
  return decodeURIComponent(path.split("/")[1] ?? "");
}

/** The previous and next paths around `current` in `paths`, or null when it is not there. */
export function neighboursIn(
  paths: readonly string[],
  current: string,
): { previous: string | null; next: string | null } | null {
  const index = paths.indexOf(current);
  if (index < 0) return null;
  return { previous: paths[index - 1] ?? null, next: paths[index + 1] ?? null };
}

/**
 * The list a reloaded overlay steps through: none when the URL says not to navigate (or is not an
 * overlay's); the kept list of its initiator (only the owner's posts with `owner=true`); else null,
 * which with `owner=true` means "ask for the owner's posts".
 */
export function keptOverlayList(
  store: Store | null,
  view: Pick<OverlayView, "navigate" | "owner" | "initiator">,
  ownerSlug: string,
): string[] | null {
  if (view.navigate !== true || !view.initiator || !store) return null;
  const kept = readOverlayList(store, view.initiator);
  if (!kept) return null;
  return view.owner === true ? kept.filter((path) => ownerSlugOf(path) === ownerSlug) : kept;
}

/** A neighbour's address in the overlay's terms: the view carried along, the initiator kept (§2). */
export function neighbourUrl(path: string, view: OverlayView): string {
  const segments = path.split("/");
  return overlayUrl(path, {
    postSlug: decodeURIComponent(segments.at(-1) ?? ""),
    ownerSlug: ownerSlugOf(path),
    initiator: view.initiator ?? "",
    navigate: true,
    textOnly: view.textOnly,
    ...(view.owner !== null ? { owner: view.owner } : {}),
    disableRefresh: view.disableRefresh,
  });
}
