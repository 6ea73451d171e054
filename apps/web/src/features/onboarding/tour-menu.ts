"use client";

import { useSyncExternalStore } from "react";

/**
 * The onboarding tour holds the account menu open while it shows what is inside (settings,
 * billing, add a business, feedback), and closes it when it finishes (§4 "finishing closes menus").
 */
let held = false;
const listeners = new Set<() => void>();

export function holdAccountMenu(open: boolean): void {
  if (held === open) return;
  held = open;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the tour holds the account menu open. */
export function useAccountMenuHeld(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => held,
    () => false,
  );
}
