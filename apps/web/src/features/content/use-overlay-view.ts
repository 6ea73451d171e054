"use client";

import { usePathname } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { type OverlayView, readOverlayParams, withOverlayView } from "./overlay-url";

/**
 * The post overlay's view as this page's URL carries it (issue 18): read after mount (the
 * anonymous render of a detail page reads no query, decision 0010, so the server never sees it),
 * and written back with replaceState as the reader changes it, so a reload shows the same view.
 */
export function useOverlayView(): {
  view: OverlayView | null;
  update: (change: { gallery?: number | null; textOnly?: boolean }) => void;
} {
  const [view, setView] = useState<OverlayView | null>(null);
  // Read again when a link moves to another publication (the overlay's previous/next on the page).
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path stands for the URL read here
  useEffect(() => {
    setView(readOverlayParams(window.location.search));
  }, [pathname]);
  const update = useCallback((change: { gallery?: number | null; textOnly?: boolean }) => {
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    window.history.replaceState(window.history.state, "", withOverlayView(here, change));
    setView(readOverlayParams(window.location.search));
  }, []);
  return { view, update };
}
