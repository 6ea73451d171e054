import { z } from "zod";
import { IMAGE_ALT_MAX, MEDIA_GALLERY_MAX_IMAGES, MEDIA_GALLERY_MAX_VIDEOS } from "../constants";
import { errorCodes } from "../errors";
import { mediaKinds, mediaStatuses, uploadTypes } from "../media";
import { format } from "../messages/format";
import { sharedMessages } from "../messages/shared";
import { validationMessages } from "../messages/validation";
import { userText } from "./common";

/**
 * Media (spec §3 content item file and gallery, audio playlist track, upload types, allowed
 * extensions; §4 playback; §5 file rules; §9 image limits, crops, durations).
 *
 * A *media file* is one upload: an image, a video, an audio file or a document. Images get their
 * variants while the upload request runs; videos, audio and office documents are processed by a
 * job, moving from `media-processing` to `ready` (or `failed`, or `unprocessed` when the server
 * lacks ffmpeg/LibreOffice; the upload is kept either way).
 */

// Crops ----------------------------------------------------------------------------------------

/** A rectangle of the (upright) original image, in pixels. */
export const cropRectSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
});
export type CropRect = z.infer<typeof cropRectSchema>;
/** desktop → the 350×350 crop (small, extraSmall); preview → the 350×448 crop (§9). */
export const imageCropsSchema = z.object({
  desktop: cropRectSchema.optional(),
  preview: cropRectSchema.optional(),
});
export type ImageCrops = z.infer<typeof imageCropsSchema>;

// Media ----------------------------------------------------------------------------------------

const url = z.string().nullable();
export const mediaUrlsSchema = z.object({
  extraSmall: url,
  small: url,
  preview: url,
  /**
   * The whole picture fit inside 1080 px (issue 18): what phones and the post column load. Absent
   * or null on pictures uploaded before it existed and on pictures no larger than that (`full`).
   */
  medium: url.optional(),
  full: url,
  /** Video or audio: the streamable MP4/M4A (range requests for seeking). */
  stream: url,
  /** Video: a frame; audio: the embedded cover, if any. */
  poster: url,
  /** Documents: the original file as an attachment. */
  download: url,
  /** Documents: the PDF the file viewer shows (the original PDF, or LibreOffice's conversion). */
  document: url,
});
export type MediaUrls = z.infer<typeof mediaUrlsSchema>;

export const mediaErrorSchema = z.object({
  code: z.enum(errorCodes as [string, ...string[]]),
  message: z.string(),
});

export const mediaSchema = z
  .object({
    id: z.string(),
    kind: z.enum(mediaKinds),
    uploadType: z.enum(uploadTypes),
    status: z.enum(mediaStatuses),
    fileName: z.string(),
    /** The type found in the content (never the name's). */
    mime: z.string(),
    size: z.number(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    durationInMs: z.number().nullable(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    urls: mediaUrlsSchema,
    crops: imageCropsSchema.nullable(),
    /** 0…1 while a job works on it; null otherwise. */
    progress: z.number().nullable(),
    /** Why it failed, or why it stays unprocessed. */
    error: mediaErrorSchema.nullable(),
    contentItemId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Media" });
export type Media = z.infer<typeof mediaSchema>;
export const mediaResponseSchema = z.object({ data: mediaSchema });

const optionalText = (max: number) =>
  userText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
export const MEDIA_TITLE_MAX = 200;
export const MEDIA_DESCRIPTION_MAX = 2000;
export const MEDIA_FILE_NAME_MAX = 255;

/** Fields of a single-request upload (multipart/form-data beside the `file` part). */
export const mediaUploadFieldsSchema = z.object({
  uploadType: z.enum(uploadTypes),
  title: optionalText(MEDIA_TITLE_MAX),
  description: optionalText(MEDIA_DESCRIPTION_MAX),
  /** JSON of imageCropsSchema. */
  crops: imageCropsSchema.optional(),
});

/** Starts a resumable upload: then PUT parts, then complete (see uploadSessionSchema). */
export const uploadCreateRequestSchema = z.object({
  uploadType: z.enum(uploadTypes),
  fileName: userText().trim().min(1).max(MEDIA_FILE_NAME_MAX),
  size: z.number().int().min(1),
  title: optionalText(MEDIA_TITLE_MAX),
  description: optionalText(MEDIA_DESCRIPTION_MAX),
  crops: imageCropsSchema.optional(),
});
export type UploadCreateRequest = z.input<typeof uploadCreateRequestSchema>;

export const uploadSessionStatuses = ["open", "completing", "completed", "cancelled"] as const;
export const uploadSessionSchema = z
  .object({
    id: z.string(),
    uploadType: z.enum(uploadTypes),
    fileName: z.string(),
    size: z.number(),
    /** Bytes received so far: the next part starts here (resume from it after a dropped connection). */
    offset: z.number(),
    /** Every part but the last is exactly this long. */
    chunkSize: z.number(),
    /** offset / size. */
    progress: z.number(),
    status: z.enum(uploadSessionStatuses),
    expiresAt: z.string(),
    /** The file, once complete. */
    media: mediaSchema.nullable(),
  })
  .meta({ id: "UploadSession" });
export type UploadSession = z.infer<typeof uploadSessionSchema>;
export const uploadSessionResponseSchema = z.object({ data: uploadSessionSchema });

export const cropUpdateRequestSchema = imageCropsSchema;

/**
 * A picture's description for people who cannot see it (alt text, issue 18). Optional: an empty
 * one clears it, and the picture is then described neutrally (never by its file name).
 */
export const imageAltSchema = userText()
  .trim()
  .max(IMAGE_ALT_MAX, format(sharedMessages.maxChars, { count: IMAGE_ALT_MAX }))
  .transform((v) => (v ? v : null));

/** Sets a publication's media; absent fields stay, null clears. Gallery order is the array order. */
export const contentMediaRequestSchema = z.object({
  mainImageId: userText().min(1).max(100).nullable().optional(),
  galleryIds: z
    .array(userText().min(1).max(100))
    .max(MEDIA_GALLERY_MAX_IMAGES + MEDIA_GALLERY_MAX_VIDEOS)
    .optional(),
  fileId: userText().min(1).max(100).nullable().optional(),
  /**
   * Alt text of the item's pictures by media id (its main image and gallery images, as they stand
   * after this request); null or "" clears one. Pictures not named keep theirs.
   */
  alts: z
    .record(userText().min(1).max(100), imageAltSchema.nullable())
    .refine(
      (alts) => Object.keys(alts).length <= MEDIA_GALLERY_MAX_IMAGES + 1,
      validationMessages.invalidRequest,
    )
    .optional(),
});
export type ContentMediaRequest = z.infer<typeof contentMediaRequestSchema>;

// Media as a content item carries it (ContentItem.mainImage / gallery / file) ---------------------

export const imageUrlsSchema = mediaUrlsSchema.pick({
  extraSmall: true,
  small: true,
  preview: true,
  medium: true,
  full: true,
});

export const galleryImageSchema = z.object({
  id: z.string(),
  status: z.enum(mediaStatuses),
  width: z.number().nullable(),
  height: z.number().nullable(),
  urls: imageUrlsSchema,
  /** Its description for people who cannot see it (issue 18); null when the author gave none. */
  alt: z.string().nullable().optional(),
});
export const galleryVideoSchema = z.object({
  id: z.string(),
  status: z.enum(mediaStatuses),
  width: z.number().nullable(),
  height: z.number().nullable(),
  durationInMs: z.number().nullable(),
  streamUrl: url,
  poster: url,
});
export const contentGallerySchema = z.object({
  images: z.array(galleryImageSchema),
  videos: z.array(galleryVideoSchema),
});
export type ContentGallery = z.infer<typeof contentGallerySchema>;

/** ContentItem.file: the document, audio or video of a publication (§3). */
export const contentFileSchema = z.object({
  id: z.string(),
  kind: z.enum(mediaKinds),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  urls: mediaUrlsSchema,
  /** True when the file plays as a stream (video, audio) and the stream is ready. */
  isStream: z.boolean(),
  customProperties: z.object({
    mediaProcessing: z.enum(mediaStatuses),
    progress: z.number().nullable(),
    durationInMs: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    streamMime: z.string().nullable(),
    error: mediaErrorSchema.nullable(),
  }),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

// Audio player (§3 audio playlist track, §4 cycling) and times (§9) ------------------------------

export const audioTrackSchema = z.object({
  id: z.string(),
  trackName: z.string(),
  artistName: z.string(),
  durationInMs: z.number().nullable(),
  poster: z.string().nullable(),
  streamUrl: z.string(),
});
export type AudioTrack = z.infer<typeof audioTrackSchema>;
