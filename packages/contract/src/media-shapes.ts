/**
 * Type guards for the media a content item carries (ContentItem.gallery, ContentItem.file, typed
 * `unknown` there): the shapes of contentGallerySchema and contentFileSchema checked by hand, so
 * pages that show publications do not load zod to read them (decision 0027). The schemas stay the
 * API's (schemas/media.ts); test/media.test.ts holds the guards to them. One difference: a file's
 * processing error code is checked to be a string, not looked up in the error catalogue.
 */
import { type MediaStatus, mediaKinds, mediaStatuses } from "./media";
import type { AudioTrack, ContentFile, ContentGallery } from "./schemas/media";

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && !Number.isNaN(value);
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const orNull =
  <T>(guard: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || guard(value);
const isStatus = (value: unknown): value is MediaStatus =>
  (mediaStatuses as readonly unknown[]).includes(value);
const isUrl = orNull(isString);
const isNumberOrNull = orNull(isNumber);

/** mediaUrlsSchema's fields (every one a URL or null; `medium` may be absent). */
const urlFields = ["extraSmall", "small", "preview", "full", "stream", "poster", "download", "document"];
const imageUrlFields = ["extraSmall", "small", "preview", "full"];

function hasUrls(value: unknown, fields: readonly string[]): boolean {
  return (
    isObject(value) &&
    fields.every((field) => isUrl(value[field])) &&
    (value.medium === undefined || isUrl(value.medium))
  );
}

function isGalleryImage(value: unknown): boolean {
  return (
    isObject(value) &&
    isString(value.id) &&
    isStatus(value.status) &&
    isNumberOrNull(value.width) &&
    isNumberOrNull(value.height) &&
    hasUrls(value.urls, imageUrlFields) &&
    (value.alt === undefined || value.alt === null || isString(value.alt))
  );
}

function isGalleryVideo(value: unknown): boolean {
  return (
    isObject(value) &&
    isString(value.id) &&
    isStatus(value.status) &&
    isNumberOrNull(value.width) &&
    isNumberOrNull(value.height) &&
    isNumberOrNull(value.durationInMs) &&
    isUrl(value.streamUrl) &&
    isUrl(value.poster)
  );
}

/** contentGallerySchema's shape: images and videos. */
export function isContentGallery(value: unknown): value is ContentGallery {
  return (
    isObject(value) &&
    Array.isArray(value.images) &&
    value.images.every(isGalleryImage) &&
    Array.isArray(value.videos) &&
    value.videos.every(isGalleryVideo)
  );
}

function isMediaError(value: unknown): boolean {
  return isObject(value) && isString(value.code) && isString(value.message);
}

/** contentFileSchema's shape: the document, audio or video of a publication. */
export function isContentFile(value: unknown): value is ContentFile {
  if (!isObject(value)) return false;
  const properties = value.customProperties;
  return (
    isString(value.id) &&
    (mediaKinds as readonly unknown[]).includes(value.kind) &&
    isString(value.name) &&
    isString(value.mime) &&
    isNumber(value.size) &&
    orNull(isString)(value.title) &&
    orNull(isString)(value.description) &&
    hasUrls(value.urls, urlFields) &&
    isBoolean(value.isStream) &&
    isObject(properties) &&
    isStatus(properties.mediaProcessing) &&
    isNumberOrNull(properties.progress) &&
    isNumberOrNull(properties.durationInMs) &&
    isNumberOrNull(properties.width) &&
    isNumberOrNull(properties.height) &&
    orNull(isString)(properties.streamMime) &&
    (properties.error === null || isMediaError(properties.error))
  );
}

/** The playlist track of a publication whose file is playable audio; null otherwise. */
export function audioTrackOf(item: {
  id: string;
  title: string | null;
  owner: { name: string };
  mainImage: { urls: { preview: string | null } } | null;
  file: unknown;
}): AudioTrack | null {
  const file = item.file;
  if (!isContentFile(file)) return null;
  if (file.kind !== "audio" || !file.isStream || !file.urls.stream) return null;
  return {
    id: item.id,
    trackName: item.title ?? file.title ?? file.name,
    artistName: item.owner.name,
    durationInMs: file.customProperties.durationInMs,
    poster: file.urls.poster ?? item.mainImage?.urls.preview ?? null,
    streamUrl: file.urls.stream,
  };
}
