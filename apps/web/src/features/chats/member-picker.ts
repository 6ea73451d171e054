import type { ProfileCard } from "@vn/contract";

/**
 * The member picker's rules, apart from the component so they are unit-tested: which search hits
 * are offered, adding a pick within the group's room, and the arrow keys over the offered list.
 */

/** Hits not chosen yet and not excluded (oneself, those already in the group). */
export function offeredPeople(
  hits: readonly ProfileCard[],
  chosen: readonly ProfileCard[],
  excluded: readonly string[],
): ProfileCard[] {
  const taken = new Set([...excluded, ...chosen.map((p) => p.id)]);
  return hits.filter((p) => !taken.has(p.id));
}

/** The chosen list with one more, unless it is there already or the group has no room left. */
export function withPick(chosen: readonly ProfileCard[], pick: ProfileCard, max: number): ProfileCard[] {
  if (chosen.length >= max || chosen.some((p) => p.id === pick.id)) return [...chosen];
  return [...chosen, pick];
}

/** The highlighted option after an arrow key: wraps at both ends; -1 while nothing is offered. */
export function movedActive(active: number, count: number, key: "ArrowDown" | "ArrowUp"): number {
  if (count === 0) return -1;
  if (key === "ArrowDown") return active + 1 >= count ? 0 : active + 1;
  return active - 1 < 0 ? count - 1 : active - 1;
}
