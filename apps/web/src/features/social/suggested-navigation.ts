/**
 * Previous and next navigation among suggested content, kept per visited path (spec §2): a list
 * page (the home feed) stores the order of the publications it showed under its own path; a
 * detail page opened from it finds its neighbours there. sessionStorage: one tab, one history.
 */
export const SUGGESTED_NAV_PREFIX = "vn.suggested-nav:";
export const SUGGESTED_NAV_ORIGIN = "vn.suggested-nav.origin";
/** Enough for a long scroll; older entries fall off the front. */
export const SUGGESTED_NAV_KEEP = 200;

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function saveSuggested(storage: StorageLike, listPath: string, paths: readonly string[]): void {
  const unique = [...new Set(paths)].slice(-SUGGESTED_NAV_KEEP);
  try {
    storage.setItem(`${SUGGESTED_NAV_PREFIX}${listPath}`, JSON.stringify(unique));
    storage.setItem(SUGGESTED_NAV_ORIGIN, listPath);
  } catch {
    // Storage full or disabled: the navigation is a convenience.
  }
}

export function readSuggested(storage: StorageLike, listPath: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(`${SUGGESTED_NAV_PREFIX}${listPath}`) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

export interface Neighbours {
  origin: string;
  previous: string | null;
  next: string | null;
}

/** The neighbours of `current` in the list of the last list page visited, or null when not in it. */
export function neighboursOf(storage: StorageLike, current: string): Neighbours | null {
  const origin = storage.getItem(SUGGESTED_NAV_ORIGIN);
  if (!origin) return null;
  const list = readSuggested(storage, origin);
  const index = list.indexOf(current);
  if (index < 0) return null;
  return { origin, previous: list[index - 1] ?? null, next: list[index + 1] ?? null };
}
