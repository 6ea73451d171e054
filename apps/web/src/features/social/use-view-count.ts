"use client";

import { useEffect, useState } from "react";
import { api } from "@/lib/api";

/** Counts a view when a detail page opens (once per viewer per day: the API decides), where enabled. */
export function useViewCount(contentId: string, enabled: boolean, initial: number): number {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    api
      .post<{ counted: boolean; view: number }>(`/v1/content/${encodeURIComponent(contentId)}/views`)
      .then((result) => {
        if (!cancelled) setViews(result.view);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [contentId, enabled]);
  return views;
}
