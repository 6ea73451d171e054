import {
  type ContentFile,
  type ContentGallery,
  type ErrorCode,
  errorMessage,
  isErrorCode,
  type Media,
  type MediaStatus,
  type MediaUrls,
  messages,
  type UploadSession,
} from "@vn/contract";
import type { mediaFiles, mediaUploads, StoredOutput } from "../../db/schema/index";

export type MediaRow = typeof mediaFiles.$inferSelect;
export type UploadRow = typeof mediaUploads.$inferSelect;

/**
 * Where media URLs point. Public outputs (variants, streams, posters) live under
 * `<publicOrigin>/api/media/public/…` (a CDN may front that path); documents' originals and PDFs
 * go through the API's checked routes. Set once by buildApp from config; relative until then.
 */
const origins = { public: "", api: "" };
export function configureMediaUrls(options: { publicOrigin: string; apiOrigin: string }): void {
  origins.public = options.publicOrigin.replace(/\/$/, "");
  origins.api = options.apiOrigin.replace(/\/$/, "");
}

export function publicUrl(output: StoredOutput | undefined): string | null {
  return output ? `${origins.public}/api/media/${output.key}` : null;
}

/** Documents (and files uploaded as documents) have a downloadable original and a PDF to show. */
export function isDownloadable(row: Pick<MediaRow, "kind" | "uploadType">): boolean {
  return (
    row.kind === "document" ||
    row.uploadType === "document_file" ||
    row.uploadType === "story_form_attachment"
  );
}

export function mediaUrls(row: MediaRow): MediaUrls {
  const o = row.outputs;
  return {
    extraSmall: publicUrl(o.extraSmall),
    small: publicUrl(o.small),
    preview: publicUrl(o.preview),
    full: publicUrl(o.full),
    stream: publicUrl(o.stream),
    poster: publicUrl(o.poster),
    download: isDownloadable(row) ? `${origins.api}/api/v1/media/${row.id}/download` : null,
    // Asked for while converting it answers file_converting; after a failure, unable to convert.
    document: row.kind === "document" ? `${origins.api}/api/v1/media/${row.id}/document` : null,
  };
}

/** Why a file failed, or why it stays unprocessed (the tool is missing on this server). */
export function mediaError(row: MediaRow): Media["error"] {
  if (!row.errorCode || !isErrorCode(row.errorCode)) return null;
  const code: ErrorCode = row.errorCode;
  if (row.status === "unprocessed") {
    return {
      code,
      message: row.kind === "document" ? messages.documentUnprocessed : messages.mediaUnprocessed,
    };
  }
  return { code, message: errorMessage(code) };
}

export function toMedia(row: MediaRow): Media {
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
    urls: mediaUrls(row),
    crops: row.crops ?? null,
    progress: row.status === "media-processing" ? (row.progress ?? 0) : null,
    error: mediaError(row),
    contentItemId: row.contentItemId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toUploadSession(row: UploadRow, media: MediaRow | null): UploadSession {
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
    media: media ? toMedia(media) : null,
  };
}

// What a content item carries (§3: mainImage, image, gallery, file) -----------------------------

export interface ItemMedia {
  mainImage: { id: string; urls: ImageUrls } | null;
  image: { urls: ImageUrls } | null;
  gallery: ContentGallery;
  file: ContentFile | null;
}
type ImageUrls = Pick<MediaUrls, "extraSmall" | "small" | "preview" | "full">;

export const NO_MEDIA: ItemMedia = {
  mainImage: null,
  image: null,
  gallery: { images: [], videos: [] },
  file: null,
};

function imageUrlsOf(row: MediaRow): ImageUrls {
  const urls = mediaUrls(row);
  return { extraSmall: urls.extraSmall, small: urls.small, preview: urls.preview, full: urls.full };
}

export function contentFileOf(row: MediaRow): ContentFile {
  const urls = mediaUrls(row);
  const streamable = (row.kind === "video" || row.kind === "audio") && row.status === "ready";
  return {
    id: row.id,
    kind: row.kind as ContentFile["kind"],
    name: row.fileName,
    mime: row.mime,
    size: row.size,
    title: row.title,
    description: row.description,
    urls,
    isStream: streamable && Boolean(urls.stream),
    customProperties: {
      mediaProcessing: row.status as MediaStatus,
      progress: row.status === "media-processing" ? (row.progress ?? 0) : null,
      durationInMs: row.durationMs,
      width: row.width,
      height: row.height,
      streamMime: row.outputs.stream?.mime ?? null,
      error: mediaError(row),
    },
  };
}

/** Rows attached to one item (any order) → the fields of its ContentItem. */
export function itemMediaOf(rows: MediaRow[]): ItemMedia {
  if (rows.length === 0) return NO_MEDIA;
  const byPosition = [...rows].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const main = byPosition.find((r) => r.role === "main" && r.kind === "image");
  const gallery = byPosition.filter((r) => r.role === "gallery");
  const file = byPosition.find((r) => r.role === "file");
  const firstImage = main ?? gallery.find((r) => r.kind === "image");
  return {
    mainImage: main ? { id: main.id, urls: imageUrlsOf(main) } : null,
    image: firstImage ? { urls: imageUrlsOf(firstImage) } : null,
    gallery: {
      images: gallery
        .filter((r) => r.kind === "image")
        .map((r) => ({
          id: r.id,
          status: r.status as MediaStatus,
          width: r.width,
          height: r.height,
          urls: imageUrlsOf(r),
        })),
      videos: gallery
        .filter((r) => r.kind === "video")
        .map((r) => ({
          id: r.id,
          status: r.status as MediaStatus,
          width: r.width,
          height: r.height,
          durationInMs: r.durationMs,
          streamUrl: r.status === "ready" ? publicUrl(r.outputs.stream) : null,
          poster: publicUrl(r.outputs.poster),
        })),
    },
    file: file ? contentFileOf(file) : null,
  };
}
