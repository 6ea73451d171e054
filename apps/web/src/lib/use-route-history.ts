"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import {
  HISTORY_STORAGE_KEY,
  parseStoredHistory,
  previousRoute,
  pushHistory,
  restoreHistory,
} from "./route-history";

function readStored(): string[] {
  try {
    return parseStoredHistory(window.sessionStorage.getItem(HISTORY_STORAGE_KEY));
  } catch {
    // Storage can be disabled (private modes, policies); history is then simply not kept.
    return [];
  }
}

function writeStored(history: string[]): void {
  try {
    window.sessionStorage.setItem(HISTORY_STORAGE_KEY, JSON.stringify(history));
  } catch {
    // See readStored.
  }
}

/** The tab's route history, most recent last. */
export function readRouteHistory(): string[] {
  return typeof window === "undefined" ? [] : readStored();
}

/** Where an in-app "back" should go from `current`, or null when the history has nothing. */
export function readPreviousRoute(current: string): string | null {
  return previousRoute(readRouteHistory(), current);
}

/**
 * Records each visited route (spec §2): the first run in a tab restores the last HISTORY_RESTORE
 * stored routes, every navigation then appends, keeping HISTORY_KEEP.
 */
export function useRouteHistoryTracker(): void {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const started = useRef(false);

  useEffect(() => {
    let history = readStored();
    if (!started.current) {
      started.current = true;
      history = restoreHistory(history);
    }
    writeStored(pushHistory(history, search ? `${pathname}?${search}` : pathname));
  }, [pathname, search]);
}
