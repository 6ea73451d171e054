"use client";

import type { CommentImage as CommentImageData } from "@vn/contract";
import { format } from "@vn/contract";
import { commentsMessages } from "@vn/contract/messages/comments";
import { sharedMessages } from "@vn/contract/messages/shared";
import { useState } from "react";
import type { ViewerFile } from "@/features/media/FileViewer";
import { LazyFileViewer } from "@/features/media/LazyViewers";
import { viaWeb } from "@/features/media/media-rules";

/**
 * A comment's image at its own proportions (the `full` variant, at most 18 rem tall); a click or
 * Enter opens it in the file viewer overlay. Until the file is ready, a line says it is processed.
 */
export function CommentImage({ image, authorName }: { image: CommentImageData; authorName: string }) {
  const [viewer, setViewer] = useState<ViewerFile | null>(null);
  const src = viaWeb(image.urls.full ?? image.urls.preview);
  if (image.status !== "ready" || !src)
    return (
      <p className="mt-2 text-sm text-ink-muted" role="status">
        {sharedMessages.processing}
      </p>
    );
  return (
    <>
      <button
        type="button"
        onClick={() => setViewer({ kind: "image", name: authorName, src })}
        aria-label={sharedMessages.viewImage}
        className="mt-2 block max-w-full overflow-hidden rounded-lg bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        data-testid="comment-image"
      >
        {/* biome-ignore lint/performance/noImgElement: media URLs come from the API's storage */}
        <img
          src={src}
          alt={format(commentsMessages.commentImageAlt, { name: authorName })}
          loading="lazy"
          width={image.width ?? undefined}
          height={image.height ?? undefined}
          className="block h-auto max-h-72 w-auto max-w-full object-contain"
        />
      </button>
      <LazyFileViewer file={viewer} onClose={() => setViewer(null)} />
    </>
  );
}
