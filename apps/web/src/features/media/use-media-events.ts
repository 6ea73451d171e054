"use client";

import type { FileConversionFinishedEvent } from "@vn/contract";
import { useSocketEvent } from "@/lib/use-socket-event";

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
  const wanted = new Set(fileIds);
  useSocketEvent<FileConversionFinishedEvent>("file.conversion.finished", fileIds.length > 0, (event) => {
    if (wanted.has(event.fileId)) onFinished(event);
  });
}
