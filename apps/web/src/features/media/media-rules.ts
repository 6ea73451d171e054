/**
 * Pure rules of the media screens (issue 5): what a picked file may be before it is sent, the
 * crop rectangles of the crop dialog (§9: 350×350 desktop, 350×448 preview), the resumable
 * upload's parts and which video in a list previews (§9); the audio playlist (§3, §4) is re-exported
 * from playlist.ts.
 */
import {
  type ContentGallery,
  type CropRect,
  extensionOf,
  format,
  type ImageCrops,
  MEDIA_GALLERY_MAX_IMAGES,
  MEDIA_GALLERY_MAX_VIDEOS,
  type Media,
  type MediaStatus,
  type UploadType,
  uploadPolicy,
} from "@vn/contract";
import { commonMessages } from "@vn/contract/messages/common";

/** The §5 check the browser can make before sending: extension and size (the API checks content). */
export function checkPickedFile(
  type: UploadType,
  file: { name: string; size: number },
  meta?: { title?: string; description?: string; embeddedImages?: number; embeddedVideos?: number },
): string | null {
  const policy = uploadPolicy(type);
  if (!policy.extensions.includes(extensionOf(file.name))) return commonMessages.fileInvalidType;
  if (file.size > policy.maxBytes) return commonMessages.fileTooLarge;
  if (policy.requiresTitleAndDescription && meta) {
    if (!meta.title?.trim()) return commonMessages.fileTitleRequired;
    if (!meta.description?.trim()) return commonMessages.fileDescriptionRequired;
  }
  if (meta?.embeddedImages !== undefined && meta.embeddedImages >= MEDIA_GALLERY_MAX_IMAGES) {
    return commonMessages.fileMaxEmbeddedImages;
  }
  // The API answers the same "maximum embedded images" for a gallery's videos (§8).
  if (meta?.embeddedVideos !== undefined && meta.embeddedVideos >= MEDIA_GALLERY_MAX_VIDEOS) {
    return commonMessages.fileMaxEmbeddedImages;
  }
  return null;
}

/** The message of a failed upload answer: the API's own (contract) text, else a fallback. */
export function uploadErrorText(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    const text = error.message;
    if (text) return text.includes("{") ? format(text, {}) : text;
  }
  return commonMessages.errorSendingRequest;
}

// Parts -----------------------------------------------------------------------------------------

/** The next part of a resumable upload: [start, end) from the server's offset. */
export function nextPart(
  offset: number,
  size: number,
  chunkSize: number,
): { start: number; end: number } | null {
  if (offset >= size) return null;
  return { start: offset, end: Math.min(size, offset + chunkSize) };
}

/** Overall progress 0…1 while one part is on its way. */
export function uploadProgress(offset: number, sentOfPart: number, size: number): number {
  if (size <= 0) return 1;
  return Math.min(1, Math.max(0, (offset + sentOfPart) / size));
}

// Crops -----------------------------------------------------------------------------------------

export type CropTarget = "desktop" | "preview";
/** Width / height of each crop (§9). */
export const CROP_ASPECT: Record<CropTarget, number> = { desktop: 350 / 350, preview: 350 / 448 };
export const CROP_SIZE: Record<CropTarget, { width: number; height: number }> = {
  desktop: { width: 350, height: 350 },
  preview: { width: 350, height: 448 },
};

/** The largest rectangle of the aspect inside the image, divided by zoom (≥ 1), centred. */
export function initialCrop(imageWidth: number, imageHeight: number, aspect: number, zoom = 1): CropRect {
  let width = imageWidth;
  let height = Math.round(width / aspect);
  if (height > imageHeight) {
    height = imageHeight;
    width = Math.round(height * aspect);
  }
  width = Math.max(1, Math.round(width / zoom));
  height = Math.max(1, Math.round(height / zoom));
  return {
    x: Math.round((imageWidth - width) / 2),
    y: Math.round((imageHeight - height) / 2),
    width,
    height,
  };
}

/** Keeps a rectangle inside the image. */
export function clampCrop(crop: CropRect, imageWidth: number, imageHeight: number): CropRect {
  const width = Math.min(crop.width, imageWidth);
  const height = Math.min(crop.height, imageHeight);
  return {
    x: Math.round(Math.min(Math.max(0, crop.x), imageWidth - width)),
    y: Math.round(Math.min(Math.max(0, crop.y), imageHeight - height)),
    width,
    height,
  };
}

/** Moves a rectangle by (dx, dy) image pixels, staying inside the image. */
export function moveCrop(crop: CropRect, dx: number, dy: number, imageWidth: number, imageHeight: number) {
  return clampCrop({ ...crop, x: crop.x + dx, y: crop.y + dy }, imageWidth, imageHeight);
}

/** A new zoom keeps the rectangle's centre where it was. */
export function zoomCrop(
  crop: CropRect,
  aspect: number,
  zoom: number,
  imageWidth: number,
  imageHeight: number,
): CropRect {
  const base = initialCrop(imageWidth, imageHeight, aspect, zoom);
  const cx = crop.x + crop.width / 2;
  const cy = crop.y + crop.height / 2;
  return clampCrop({ ...base, x: cx - base.width / 2, y: cy - base.height / 2 }, imageWidth, imageHeight);
}

/**
 * A rectangle of one image in another's pixels (factor = other / this), kept inside `bounds`. The
 * crop dialog edits the `full` variant (at most 2560 px) while the API takes rectangles of the
 * upright original.
 */
export function scaleCrop(
  crop: CropRect,
  factor: number,
  bounds: { width: number; height: number },
): CropRect {
  const width = Math.max(1, Math.min(bounds.width, Math.round(crop.width * factor)));
  const height = Math.max(1, Math.min(bounds.height, Math.round(crop.height * factor)));
  return clampCrop({ x: crop.x * factor, y: crop.y * factor, width, height }, bounds.width, bounds.height);
}

/** Both crops of an image scaled by `factor` into `bounds` (absent ones stay absent). */
export function scaleCrops(
  crops: ImageCrops | null | undefined,
  factor: number,
  bounds: { width: number; height: number },
): ImageCrops {
  const result: ImageCrops = {};
  if (crops?.desktop) result.desktop = scaleCrop(crops.desktop, factor, bounds);
  if (crops?.preview) result.preview = scaleCrop(crops.preview, factor, bounds);
  return result;
}

// Gallery ---------------------------------------------------------------------------------------

/** One picture or video of a post's gallery as the editor lists it. */
export interface GalleryEntry {
  id: string;
  kind: "image" | "video";
  status: MediaStatus;
  /** The image's square variant, or the video's poster. */
  thumb: string | null;
  durationInMs: number | null;
  /** A picture's description for people who cannot see it, as the author typed it (issue 18). */
  alt: string;
}

/** ContentItem.gallery keeps images and videos apart (§3): the editor lists images, then videos. */
export function galleryEntriesOf(gallery: ContentGallery | null | undefined): GalleryEntry[] {
  if (!gallery) return [];
  return [
    ...gallery.images.map(
      (i): GalleryEntry => ({
        id: i.id,
        kind: "image",
        status: i.status,
        thumb: i.urls.small ?? i.urls.preview,
        durationInMs: null,
        alt: i.alt ?? "",
      }),
    ),
    ...gallery.videos.map(
      (v): GalleryEntry => ({
        id: v.id,
        kind: "video",
        status: v.status,
        thumb: v.poster,
        durationInMs: v.durationInMs,
        alt: "",
      }),
    ),
  ];
}

/** The entry of a freshly uploaded (or refreshed) gallery file. */
export function galleryEntryOf(media: Media): GalleryEntry {
  return {
    id: media.id,
    kind: media.kind === "video" ? "video" : "image",
    status: media.status,
    thumb: media.kind === "video" ? media.urls.poster : (media.urls.small ?? media.urls.preview),
    durationInMs: media.durationInMs,
    // A content picture's description is its alt text (issue 18).
    alt: media.kind === "image" ? (media.description ?? "") : "",
  };
}

/** Adds an entry where the post will show it: a new image after the images, a video at the end. */
export function addGalleryEntry(entries: GalleryEntry[], entry: GalleryEntry): GalleryEntry[] {
  if (entry.kind === "video") return [...entries, entry];
  const firstVideo = entries.findIndex((e) => e.kind === "video");
  if (firstVideo < 0) return [...entries, entry];
  return [...entries.slice(0, firstVideo), entry, ...entries.slice(firstVideo)];
}

/**
 * Replaces the entry with the same id (a finished video, a re-cropped image): the alt text being
 * typed stays (the API's copy is saved with the publication).
 */
export function replaceGalleryEntry(entries: GalleryEntry[], entry: GalleryEntry): GalleryEntry[] {
  return entries.map((e) => (e.id === entry.id ? { ...entry, alt: e.alt } : e));
}

/** Sets what one picture of the gallery says to people who cannot see it. */
export function setGalleryAlt(entries: GalleryEntry[], id: string, alt: string): GalleryEntry[] {
  return entries.map((e) => (e.id === id ? { ...e, alt } : e));
}

/** The alt texts of the gallery's pictures, by media id (the `alts` of PUT …/media). */
export function galleryAlts(entries: GalleryEntry[]): Record<string, string> {
  return Object.fromEntries(entries.filter((e) => e.kind === "image").map((e) => [e.id, e.alt.trim()]));
}

/**
 * Whether an entry can move one place earlier (-1) or later (1). Entries move among their own
 * kind: the post shows images first, then videos, so the editor keeps that order too.
 */
export function canMoveGalleryEntry(entries: GalleryEntry[], id: string, step: 1 | -1): boolean {
  const at = entries.findIndex((e) => e.id === id);
  const other = entries[at + step];
  return at >= 0 && other !== undefined && other.kind === entries[at]?.kind;
}

export function moveGalleryEntry(entries: GalleryEntry[], id: string, step: 1 | -1): GalleryEntry[] {
  if (!canMoveGalleryEntry(entries, id, step)) return entries;
  const at = entries.findIndex((e) => e.id === id);
  const next = [...entries];
  const [entry] = next.splice(at, 1);
  if (entry) next.splice(at + step, 0, entry);
  return next;
}

/** An entry's position among its kind (1-based): "Image 2", "Video 1". */
export function galleryPosition(entries: GalleryEntry[], id: string): number {
  const entry = entries.find((e) => e.id === id);
  if (!entry) return 0;
  return entries.filter((e) => e.kind === entry.kind).findIndex((e) => e.id === id) + 1;
}

export function galleryCounts(entries: GalleryEntry[]): { images: number; videos: number } {
  const images = entries.filter((e) => e.kind === "image").length;
  return { images, videos: entries.length - images };
}

// Video preview ----------------------------------------------------------------------------------

export interface VisibleBox {
  id: string;
  top: number;
  bottom: number;
}

/** §9: in a list the topmost video that is visible in the viewport previews; null when none is. */
export function topmostVisible(boxes: VisibleBox[], viewportHeight: number): string | null {
  let best: VisibleBox | null = null;
  for (const box of boxes) {
    if (box.bottom <= 0 || box.top >= viewportHeight) continue;
    if (!best || box.top < best.top) best = box;
  }
  return best?.id ?? null;
}

// The audio playlist lives in playlist.ts (the root providers import it without the rest).
export {
  emptyPlaylist,
  type PlaylistAction,
  type PlaylistState,
  playlistReducer,
} from "./playlist";

/** API URLs are absolute (the API's origin); in the browser they go through the web's /api proxy. */
export function viaWeb(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.pathname.startsWith("/api/")) return `${parsed.pathname}${parsed.search}`;
    return url;
  } catch {
    return url;
  }
}
