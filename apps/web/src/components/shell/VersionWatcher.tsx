"use client";

import { useVersionWatch } from "@/lib/use-version-watch";

/** Mounts the new-version watcher once for the whole app. */
export function VersionWatcher() {
  useVersionWatch();
  return null;
}
