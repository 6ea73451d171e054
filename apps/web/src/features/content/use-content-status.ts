"use client";

import { type ContentItemStatusEvent, messages } from "@vn/contract";
import { useEffect, useRef } from "react";
import { useSnackbar } from "@/components/shell/SnackbarProvider";
import { type AppSocket, acquireSocket, releaseSocket } from "@/lib/socket";

/**
 * The owner's live status of their publications: `contentItem.status` arrives on their socket
 * when a planned item goes live or moderation blocks one; `onChange` refreshes what is shown.
 */
export function useContentStatus(enabled: boolean, onChange: (event: ContentItemStatusEvent) => void) {
  const snackbar = useSnackbar();
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let acquired = false;
    let current: AppSocket | null = null;
    const listener = (payload: object) => {
      const event = payload as unknown as ContentItemStatusEvent;
      if (event.mediaId) return;
      if (event.status === "active") snackbar.show(messages.publicationWentLive, { tone: "success" });
      handler.current(event);
    };
    void acquireSocket().then((socket) => {
      if (!socket) return;
      acquired = true;
      if (cancelled) {
        releaseSocket();
        return;
      }
      current = socket;
      socket.on("contentItem.status", listener);
    });
    return () => {
      cancelled = true;
      current?.off("contentItem.status", listener);
      if (acquired) releaseSocket();
    };
  }, [enabled, snackbar]);
}
