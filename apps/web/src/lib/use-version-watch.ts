"use client";

import { VERSION_POLL_MS } from "@vn/contract";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { decideVersionAction, RUNNING_VERSION, readVersion, VERSION_FILE } from "./version";

async function fetchLatestVersion(): Promise<string | null> {
  try {
    const response = await fetch(`${VERSION_FILE}?t=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) return null;
    return readVersion(await response.json());
  } catch {
    return null;
  }
}

/**
 * Polls /version.json every VERSION_POLL_MS. When another build is deployed the page
 * reloads at the next navigation (so the new route loads from the new build), or at once if the
 * tab is hidden (spec §2).
 */
export function useVersionWatch(): void {
  const pathname = usePathname();
  const pending = useRef(false);
  const lastPath = useRef(pathname);

  useEffect(() => {
    if (pathname !== lastPath.current && pending.current) window.location.reload();
    lastPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    // Under `next dev` no build version is baked in; the first answer becomes the baseline.
    let running: string | null = RUNNING_VERSION === "dev" ? null : RUNNING_VERSION;
    let cancelled = false;

    const check = async () => {
      const latest = await fetchLatestVersion();
      if (cancelled || !latest) return;
      if (running === null) running = latest;
      const decision = decideVersionAction(running, latest, document.hidden);
      if (decision === "reload-now") window.location.reload();
      else if (decision === "reload-on-navigation") pending.current = true;
    };

    const onVisibility = () => {
      if (document.hidden && pending.current) window.location.reload();
    };

    void check();
    const timer = window.setInterval(() => void check(), VERSION_POLL_MS);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
}
