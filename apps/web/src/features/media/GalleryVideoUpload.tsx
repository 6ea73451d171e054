"use client";

import { acceptAttribute, type Media } from "@vn/contract";
import { mediaMessages } from "@vn/contract/messages/media";
import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/Alert";
import { Button } from "@/components/ui/Button";
import { checkPickedFile } from "./media-rules";
import { UploadProgress } from "./UploadProgress";
import { useUpload } from "./use-upload";

/**
 * "Add video" of a post's gallery: the file goes up in resumable parts (post_video_file) with
 * progress and cancel, then joins the gallery while its job transcodes it.
 */
export function GalleryVideoUpload({
  embeddedVideos,
  onUploaded,
}: {
  embeddedVideos: number;
  onUploaded: (media: Media) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const { state, start, cancel, reset } = useUpload("post_video_file");

  const pick = async (file: File | undefined) => {
    if (!file) return;
    // The gallery's limit is checked before a byte is sent (the API checks it again on save).
    const invalid = checkPickedFile("post_video_file", file, { embeddedVideos });
    setPickError(invalid);
    if (invalid) return;
    const media = await start(file);
    if (!media) return;
    reset();
    onUploaded(media);
  };

  const error = pickError ?? (state.status === "error" ? state.error : null);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          disabled={state.status === "uploading"}
          aria-describedby={`${id}-hint`}
          data-testid="post_video_file-add"
        >
          {mediaMessages.addVideo}
        </Button>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {mediaMessages.postVideoHint}
        </p>
        <input
          ref={input}
          type="file"
          accept={acceptAttribute("post_video_file")}
          className="sr-only"
          tabIndex={-1}
          aria-label={mediaMessages.addVideo}
          data-testid="post_video_file-input"
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </div>
      {state.status === "uploading" ? (
        <UploadProgress fileName={state.fileName ?? ""} progress={state.progress} onCancel={cancel} />
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      {state.status === "cancelled" && state.error ? (
        <p className="text-sm text-ink-muted" role="status">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
