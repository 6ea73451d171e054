"use client";

import { useRouteHistoryTracker } from "@/lib/use-route-history";

/** Mounts the route-history hook once for the whole app (it needs a Suspense boundary above it). */
export function RouteHistoryTracker() {
  useRouteHistoryTracker();
  return null;
}
