"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api-client";

/** Counts a view when a detail page opens (once per viewer per day: the API decides), where enabled. */
export function useViewCount(contentId: string, enabled: boolean, initial: number): number {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    api.social
      .view({ params: { id: contentId } })
      .then(({ data }) => {
        if (!cancelled) setViews(data.view);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [contentId, enabled]);
  return views;
}
