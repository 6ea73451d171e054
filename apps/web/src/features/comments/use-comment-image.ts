"use client";

import type { Comment } from "@vn/contract";
import { useCallback, useState } from "react";
import { useUpload } from "@/features/media/use-upload";
import { api } from "@/lib/api-client";

/** What the composer shows as the comment's image: an upload just made, or the image it had. */
export interface PendingImage {
  id: string;
  /** A small variant for the thumbnail (null while the file is processed). */
  thumbnail: string | null;
}

/**
 * The one image of a comment being written or edited (docs/decisions/0011): upload with progress
 * and cancel, remove, and the `imageId` the request sends — the new upload's id, null when the
 * image the comment had was removed, absent when nothing changed.
 */
export function useCommentImage(initial: Comment["image"] = null) {
  const upload = useUpload("comment_content_image");
  const [kept, setKept] = useState(initial);
  const uploaded = upload.state.status === "done" ? upload.state.media : null;

  const pending: PendingImage | null = uploaded
    ? { id: uploaded.id, thumbnail: uploaded.urls.small ?? uploaded.urls.preview }
    : kept
      ? { id: kept.id, thumbnail: kept.urls.small ?? kept.urls.preview }
      : null;

  const { start, reset, cancel } = upload;
  const pick = useCallback(
    (file: File) => {
      setKept(null);
      void start(file);
    },
    [start],
  );

  const remove = useCallback(() => {
    // An upload no comment took is deleted now rather than left for nobody.
    if (uploaded) void api.media.remove({ params: { id: uploaded.id } }).catch(() => undefined);
    reset();
    setKept(null);
  }, [uploaded, reset]);

  return {
    state: upload.state,
    uploading: upload.state.status === "uploading",
    pending,
    imageId: uploaded ? uploaded.id : initial && !kept ? null : undefined,
    pick,
    cancel,
    remove,
    /** After a successful send: the upload now belongs to the comment. */
    clear: reset,
  };
}

export type CommentImageState = ReturnType<typeof useCommentImage>;
