"use client";

import { useEffect, useRef, useState } from "react";
import { acquireSocket, listen, releaseSocket } from "./socket";

/**
 * Listens to one server event (§7) while `enabled`: takes a share of the page's socket, listens
 * through `listen` (a malformed payload closes the connection, §4), and gives both back on
 * unmount. The latest `handler` is always the one called. Returns whether it is listening.
 */
export function useSocketEvent<T>(event: string, enabled: boolean, handler: (payload: T) => void): boolean {
  const latest = useRef(handler);
  latest.current = handler;
  const [listening, setListening] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let acquired = false;
    let off: (() => void) | null = null;
    void acquireSocket().then((socket) => {
      if (!socket) return;
      acquired = true;
      if (cancelled) {
        releaseSocket();
        return;
      }
      off = listen<T>(socket, event, (payload) => latest.current(payload));
      setListening(true);
    });
    return () => {
      cancelled = true;
      off?.();
      setListening(false);
      if (acquired) releaseSocket();
    };
  }, [event, enabled]);
  return listening;
}
