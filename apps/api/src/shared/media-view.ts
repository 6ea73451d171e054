import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
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
} from "@vn/contract";
import type { mediaFiles, mediaUploads, StoredOutput } from "../db/schema/index";

/**
 * Media as views carry them: the URLs of a file's outputs, why it failed, and the media fields
 * of a publication (§3 mainImage, image, gallery, file). The content-item view, comment images
 * and the media module's own answers all read files through here.
 */

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

// Signed URLs (issue 11) ---------------------------------------------------------------------------

/**
 * Who may fetch an output by its URL:
 *  - `public`: anyone, by its plain URL (a published item's media, a profile photo, a sent comment's
 *    image); the serve route checks that it still is public on every request;
 *  - `signed`: whoever holds a short-lived signed URL (`?exp=…&sig=…`), given only to those who may
 *    see the file now: its owner while it is a draft, planned, blocked, or not yet attached.
 */
export type MediaAccess = "public" | "signed";

/**
 * Signed URLs are valid until the end of the window after the current one (30 to 60 minutes),
 * so two answers within a window carry the same URL and the browser's cache still works.
 */
export const MEDIA_SIGNED_URL_WINDOW_S = 30 * 60;

let signingKey: Buffer = randomBytes(32);
/** Derives the signing key from the server secret (MediaService does, wherever it is built). */
export function configureMediaSigning(secret: string): void {
  signingKey = createHmac("sha256", secret).update("vn/media-url/v1").digest();
}

function signatureOf(key: string, expires: number): string {
  return createHmac("sha256", signingKey).update(`${key}\n${expires}`).digest("base64url").slice(0, 32);
}

/** The query of a signed URL of one stored object, expiring at `expires` (seconds since epoch). */
export function signedQuery(key: string, expires = signedUrlExpiry()): string {
  return `exp=${expires}&sig=${signatureOf(key, expires)}`;
}

export function signedUrlExpiry(now = Date.now()): number {
  const window = MEDIA_SIGNED_URL_WINDOW_S;
  return (Math.floor(now / 1000 / window) + 2) * window;
}

/** Checks a signed URL's query for this object. */
export function checkSignature(
  key: string,
  query: { exp?: string; sig?: string },
  now = Date.now(),
): "valid" | "expired" | "invalid" | "absent" {
  if (query.exp === undefined && query.sig === undefined) return "absent";
  const expires = Number(query.exp);
  if (!query.sig || !Number.isSafeInteger(expires)) return "invalid";
  const expected = Buffer.from(signatureOf(key, expires));
  const given = Buffer.from(query.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  return expires * 1000 < now ? "expired" : "valid";
}

/** Upload types shown as a profile's face (photo, logo, backgrounds): public whatever they hang on. */
const profileUploadTypes: ReadonlySet<string> = new Set([
  "user_image",
  "user_background_image",
  "company_image",
  "company_background_image",
  "employee_image",
  "user_gallery_image",
  "profile_block_image",
]);

/**
 * How a file's URLs are given when the caller does not know better: a file on a publication is
 * signed until the caller says its publication is public (itemMediaOf); a profile's photo is
 * public; a comment image as comments carry it is public (commentImageOf only shows sent ones);
 * anything else (an upload not attached yet) is signed.
 */
export function defaultAccess(row: Pick<MediaRow, "contentItemId" | "uploadType">): MediaAccess {
  if (row.contentItemId) return "signed";
  if (profileUploadTypes.has(row.uploadType) || row.uploadType === "comment_content_image") return "public";
  return "signed";
}

/** A profile photo, logo or background not attached to a publication: public for as long as it exists. */
export function isProfileMedia(row: Pick<MediaRow, "contentItemId" | "uploadType">): boolean {
  return !row.contentItemId && profileUploadTypes.has(row.uploadType);
}

export function publicUrl(output: StoredOutput | undefined, access: MediaAccess = "public"): string | null {
  if (!output) return null;
  const url = `${origins.public}/api/media/${output.key}`;
  return access === "signed" ? `${url}?${signedQuery(output.key)}` : url;
}

/** Documents (and files uploaded as documents) have a downloadable original and a PDF to show. */
export function isDownloadable(row: Pick<MediaRow, "kind" | "uploadType">): boolean {
  return (
    row.kind === "document" ||
    row.uploadType === "document_file" ||
    row.uploadType === "story_form_attachment"
  );
}

export function mediaUrls(row: MediaRow, access: MediaAccess = defaultAccess(row)): MediaUrls {
  const o = row.outputs;
  return {
    extraSmall: publicUrl(o.extraSmall, access),
    small: publicUrl(o.small, access),
    preview: publicUrl(o.preview, access),
    medium: publicUrl(o.medium, access),
    full: publicUrl(o.full, access),
    stream: publicUrl(o.stream, access),
    poster: publicUrl(o.poster, access),
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

// What a content item carries (§3: mainImage, image, gallery, file) -----------------------------

export interface ItemMedia {
  mainImage: {
    id: string;
    urls: ImageUrls;
    width: number | null;
    height: number | null;
    alt: string | null;
  } | null;
  image: { urls: ImageUrls } | null;
  gallery: ContentGallery;
  file: ContentFile | null;
}
type ImageUrls = Pick<MediaUrls, "extraSmall" | "small" | "preview" | "medium" | "full">;

export const NO_MEDIA: ItemMedia = {
  mainImage: null,
  image: null,
  gallery: { images: [], videos: [] },
  file: null,
};

function imageUrlsOf(row: MediaRow, access: MediaAccess): ImageUrls {
  const urls = mediaUrls(row, access);
  return {
    extraSmall: urls.extraSmall,
    small: urls.small,
    preview: urls.preview,
    medium: urls.medium ?? null,
    full: urls.full,
  };
}

export function contentFileOf(row: MediaRow, access: MediaAccess = defaultAccess(row)): ContentFile {
  const urls = mediaUrls(row, access);
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

/**
 * Rows attached to one item (any order) → the fields of its ContentItem. `itemIsPublic`: the item
 * is published (active), so its media go by their plain URLs; otherwise (a draft, planned, blocked
 * item: only its owner sees it) by short-lived signed ones.
 */
export function itemMediaOf(rows: MediaRow[], itemIsPublic = false): ItemMedia {
  if (rows.length === 0) return NO_MEDIA;
  const access: MediaAccess = itemIsPublic ? "public" : "signed";
  const byPosition = [...rows].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const main = byPosition.find((r) => r.role === "main" && r.kind === "image");
  const gallery = byPosition.filter((r) => r.role === "gallery");
  const file = byPosition.find((r) => r.role === "file");
  const firstImage = main ?? gallery.find((r) => r.kind === "image");
  return {
    // A content picture's alt text lives in its description (issue 18): images have no other use for it.
    mainImage: main
      ? {
          id: main.id,
          urls: imageUrlsOf(main, access),
          width: main.width,
          height: main.height,
          alt: main.description,
        }
      : null,
    image: firstImage ? { urls: imageUrlsOf(firstImage, access) } : null,
    gallery: {
      images: gallery
        .filter((r) => r.kind === "image")
        .map((r) => ({
          id: r.id,
          status: r.status as MediaStatus,
          width: r.width,
          height: r.height,
          urls: imageUrlsOf(r, access),
          alt: r.description,
        })),
      videos: gallery
        .filter((r) => r.kind === "video")
        .map((r) => ({
          id: r.id,
          status: r.status as MediaStatus,
          width: r.width,
          height: r.height,
          durationInMs: r.durationMs,
          streamUrl: r.status === "ready" ? publicUrl(r.outputs.stream, access) : null,
          poster: publicUrl(r.outputs.poster, access),
        })),
    },
    file: file ? contentFileOf(file, access) : null,
  };
}
