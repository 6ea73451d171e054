"use client";

import type { FileConversionFinishedEvent } from "@vn/contract";
import { useEffect, useRef } from "react";
import { acquireSocket, listen, releaseSocket } from "@/lib/socket";

/** `file.conversion.finished` (§7) for one file of the owner, while `fileId` is being processed. */
export function useFileConversion(
  fileId: string | null,
  onFinished: (event: FileConversionFinishedEvent) => void,
) {
  const handler = useRef(onFinished);
  handler.current = onFinished;
  useEffect(() => {
    if (!fileId) return;
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
      off = listen<FileConversionFinishedEvent>(socket, "file.conversion.finished", (event) => {
        if (event.fileId === fileId) handler.current(event);
      });
    });
    return () => {
      cancelled = true;
      off?.();
      if (acquired) releaseSocket();
    };
  }, [fileId]);
}
