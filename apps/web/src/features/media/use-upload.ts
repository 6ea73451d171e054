"use client";

import type { ImageCrops, Media, UploadType } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { useCallback, useEffect, useRef, useState } from "react";
import { checkPickedFile, uploadErrorText } from "./media-rules";
import { cancelUploadSession, uploadMedia } from "./upload";

export type UploadStatus = "idle" | "uploading" | "done" | "error" | "cancelled";

export interface UploadState {
  status: UploadStatus;
  /** 0…1 while uploading. */
  progress: number;
  error: string | null;
  media: Media | null;
  fileName: string | null;
}

const idle: UploadState = { status: "idle", progress: 0, error: null, media: null, fileName: null };

export interface StartOptions {
  title?: string;
  description?: string;
  crops?: ImageCrops;
  embeddedImages?: number;
}

/** One upload at a time: start, progress, cancel, the §5 errors with the contract's messages. */
export function useUpload(uploadType: UploadType) {
  const [state, setState] = useState<UploadState>(idle);
  const controller = useRef<AbortController | null>(null);
  const sessionId = useRef<string | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File, options: StartOptions = {}): Promise<Media | null> => {
      const invalid = checkPickedFile(uploadType, file, options);
      if (invalid) {
        setState({ ...idle, status: "error", error: invalid, fileName: file.name });
        return null;
      }
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      sessionId.current = null;
      setState({ ...idle, status: "uploading", fileName: file.name });
      try {
        const media = await uploadMedia({
          file,
          uploadType,
          title: options.title,
          description: options.description,
          crops: options.crops,
          signal: abort.signal,
          onSession: (id) => {
            sessionId.current = id;
          },
          onProgress: (progress) => setState((s) => (s.status === "uploading" ? { ...s, progress } : s)),
        });
        if (abort.signal.aborted) return null;
        setState({ status: "done", progress: 1, error: null, media, fileName: file.name });
        return media;
      } catch (error) {
        if (abort.signal.aborted) return null;
        setState({ ...idle, status: "error", error: uploadErrorText(error), fileName: file.name });
        return null;
      }
    },
    [uploadType],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    const id = sessionId.current;
    sessionId.current = null;
    if (id) void cancelUploadSession(id);
    setState({ ...idle, status: "cancelled", error: mediaMessages.uploadCancelled });
  }, []);

  const reset = useCallback(() => setState(idle), []);
  const setMedia = useCallback(
    (media: Media | null) =>
      setState(media ? { ...idle, status: "done", progress: 1, media, fileName: media.fileName } : idle),
    [],
  );

  return { state, start, cancel, reset, setMedia };
}
