"use client";

import { sharedMessages } from "@vn/contract/messages/shared";
import { Icon } from "@/components/ui/Icon";
import { viaWeb } from "@/features/media/media-rules";
import { UploadProgress } from "@/features/media/UploadProgress";
import type { CommentImageState } from "./use-comment-image";

/** The upload in flight or the chosen image's thumbnail with its remove button (above the composer's actions). */
export function CommentImagePreview({ image }: { image: CommentImageState }) {
  if (image.uploading)
    return (
      <UploadProgress
        fileName={image.state.fileName ?? ""}
        progress={image.state.progress}
        onCancel={image.cancel}
      />
    );
  if (!image.pending) return null;
  const src = viaWeb(image.pending.thumbnail);
  return (
    <div className="flex items-start gap-2" data-testid="comment-image-pending">
      {src ? (
        // biome-ignore lint/performance/noImgElement: media URLs come from the API's storage
        <img
          src={src}
          alt={sharedMessages.imageAlt}
          width={80}
          height={80}
          className="size-20 rounded-lg bg-black/5 object-cover"
        />
      ) : (
        <span className="flex size-20 items-center justify-center rounded-lg bg-black/5 p-1 text-center text-xs text-ink-muted">
          {sharedMessages.processing}
        </span>
      )}
      <button
        type="button"
        onClick={image.remove}
        aria-label={sharedMessages.removeImage}
        title={sharedMessages.removeImage}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-black/5 hover:text-ink"
      >
        <Icon name="close" size={20} />
      </button>
    </div>
  );
}
