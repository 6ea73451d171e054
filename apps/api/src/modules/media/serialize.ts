import type { Media, MediaStatus, UploadSession } from "@vn/contract";
import {
  defaultAccess,
  type MediaAccess,
  type MediaRow,
  mediaError,
  mediaUrls,
  type UploadRow,
} from "../../shared/media-view";

/** The media module's public face: files and views of them (shared/media-view.ts has the URLs). */
export {
  configureMediaUrls,
  isDownloadable,
  type MediaRow,
  mediaError,
  mediaUrls,
  type UploadRow,
} from "../../shared/media-view";

/** `access`: how its URLs are given (MediaService.present finds it from where the file stands). */
export function toMedia(row: MediaRow, access: MediaAccess = defaultAccess(row)): Media {
  return {
    id: row.id,
    kind: row.kind as Media["kind"],
    uploadType: row.uploadType as Media["uploadType"],
    status: row.status as MediaStatus,
    fileName: row.fileName,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    durationInMs: row.durationMs,
    title: row.title,
    description: row.description,
    urls: mediaUrls(row, access),
    crops: row.crops ?? null,
    progress: row.status === "media-processing" ? (row.progress ?? 0) : null,
    error: mediaError(row),
    contentItemId: row.contentItemId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toUploadSession(row: UploadRow, media: MediaRow | null, access?: MediaAccess): UploadSession {
  return {
    id: row.id,
    uploadType: row.uploadType as UploadSession["uploadType"],
    fileName: row.fileName,
    size: row.size,
    offset: row.receivedBytes,
    chunkSize: row.chunkSize,
    progress: row.size ? row.receivedBytes / row.size : 0,
    status: row.status as UploadSession["status"],
    expiresAt: row.expiresAt.toISOString(),
    media: media ? toMedia(media, access) : null,
  };
}
