/**
 * Media rules without schemas (kinds, upload types and their policies, playlist and duration
 * helpers): zod-free, so pages that only show media do not load zod (decision 0027, session 11).
 * The media schemas are in schemas/media.ts.
 */
import {
  ALLOWED_FILE_EXTENSIONS,
  AUDIO_EXTENSIONS,
  AUDIO_MAX_BYTES,
  DOCUMENT_MAX_BYTES,
  IMAGE_EXTENSIONS,
  IMAGE_EXTENSIONS_WIDE,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PX,
  IMAGE_MIN_PX,
  MEDIA_MIN_DURATION_LABEL,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
} from "./constants";
import { fileUploadTypes, imageUploadTypes } from "./enums";

export const mediaKinds = ["image", "video", "audio", "document"] as const;
export type MediaKind = (typeof mediaKinds)[number];
export const mediaStatuses = ["media-processing", "ready", "failed", "unprocessed"] as const;
export type MediaStatus = (typeof mediaStatuses)[number];
export const imageVariantNames = ["extraSmall", "small", "preview", "medium", "full"] as const;
export type ImageVariantName = (typeof imageVariantNames)[number];

export const uploadTypes = [...imageUploadTypes, ...fileUploadTypes] as const;
export type UploadType = (typeof uploadTypes)[number];

/** Profile pictures and backgrounds take the §5 formats only; content images take the wider list. */
const strictImageTypes: readonly string[] = [
  "user_image",
  "user_background_image",
  "company_image",
  "company_background_image",
  "employee_image",
];

export interface UploadPolicy {
  /** What the content may turn out to be (checked by content, never by name). */
  kinds: readonly MediaKind[];
  extensions: readonly string[];
  maxBytes: number;
  /** Pixel limits of images of this type (every side). */
  image: { minPx: number; maxPx: number };
  /** Files that are publications of their own carry a title and a description (§5). */
  requiresTitleAndDescription: boolean;
}

const imagePolicy = (extensions: readonly string[]): UploadPolicy => ({
  kinds: ["image"],
  extensions,
  maxBytes: IMAGE_MAX_BYTES,
  image: { minPx: IMAGE_MIN_PX, maxPx: IMAGE_MAX_PX },
  requiresTitleAndDescription: false,
});
/** Documents may be pictures (a scan, a chart) of any size up to the decompression guard. */
const documentImage = { minPx: 1, maxPx: IMAGE_MAX_PX };
/** A chat message's files: the comment images' formats and the documents', never audio or video. */
const chatAttachmentExtensions: readonly string[] = [
  ...new Set<string>([...IMAGE_EXTENSIONS_WIDE, ...ALLOWED_FILE_EXTENSIONS]),
].filter((ext) => !(VIDEO_EXTENSIONS as readonly string[]).includes(ext));

export function uploadPolicy(type: UploadType): UploadPolicy {
  switch (type) {
    case "document_file":
    case "story_form_attachment":
      return {
        kinds: ["document", "image", "video"],
        extensions: ALLOWED_FILE_EXTENSIONS,
        maxBytes: DOCUMENT_MAX_BYTES,
        image: documentImage,
        requiresTitleAndDescription: type === "document_file",
      };
    case "recording_audio_file":
      return {
        kinds: ["audio"],
        extensions: AUDIO_EXTENSIONS,
        maxBytes: AUDIO_MAX_BYTES,
        image: documentImage,
        requiresTitleAndDescription: true,
      };
    case "recording_video_file":
    case "post_video_file":
      return {
        kinds: ["video"],
        extensions: VIDEO_EXTENSIONS,
        maxBytes: VIDEO_MAX_BYTES,
        image: documentImage,
        requiresTitleAndDescription: type === "recording_video_file",
      };
    case "comment_content_image":
      return imagePolicy(IMAGE_EXTENSIONS_WIDE);
    case "chat_attachment":
      return {
        kinds: ["image", "document"],
        extensions: chatAttachmentExtensions,
        maxBytes: DOCUMENT_MAX_BYTES,
        image: documentImage,
        requiresTitleAndDescription: false,
      };
    default:
      return imagePolicy(strictImageTypes.includes(type) ? IMAGE_EXTENSIONS : IMAGE_EXTENSIONS_WIDE);
  }
}

/** The lower-cased extension of a file name ("" when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

/** The `accept` attribute of a file input for an upload type. */
export function acceptAttribute(type: UploadType): string {
  return uploadPolicy(type)
    .extensions.map((ext) => `.${ext}`)
    .join(",");
}

/** The next (step 1) or previous (step -1) index of a playlist, cyclically (§4). */
export function cycleIndex(index: number, length: number, step: 1 | -1): number {
  if (length <= 0) return -1;
  return (((index + step) % length) + length) % length;
}

/** A time as hh:mm:ss (§9). */
export function formatTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** A media duration: "1 sec" below one second, else hh:mm:ss (§9). */
export function formatMediaDuration(durationInMs: number): string {
  return durationInMs < 1000 ? MEDIA_MIN_DURATION_LABEL : formatTime(durationInMs / 1000);
}
