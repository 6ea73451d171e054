"use client";

import type { FileConversionFinishedEvent } from "@vn/contract";
import { useEffect, useRef } from "react";
import { acquireSocket, listen, releaseSocket } from "@/lib/socket";

/** `file.conversion.finished` (§7) for one file of the owner, while `fileId` is being processed. */
export function useFileConversion(
  fileId: string | null,
  onFinished: (event: FileConversionFinishedEvent) => void,
) {
  useFilesConversion(fileId ? [fileId] : [], onFinished);
}

/** `file.conversion.finished` (§7) for any of several files of the owner (a gallery's videos). */
export function useFilesConversion(
  fileIds: readonly string[],
  onFinished: (event: FileConversionFinishedEvent) => void,
) {
  const handler = useRef(onFinished);
  handler.current = onFinished;
  const key = [...fileIds].sort().join(",");
  useEffect(() => {
    if (!key) return;
    const wanted = new Set(key.split(","));
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
        if (wanted.has(event.fileId)) handler.current(event);
      });
    });
    return () => {
      cancelled = true;
      off?.();
      if (acquired) releaseSocket();
    };
  }, [key]);
}
