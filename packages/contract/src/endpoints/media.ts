import { z } from "zod";
import { MEDIA_CHUNK_BYTES } from "../constants";
import type { ErrorCode } from "../errors";
import { idParamsSchema } from "../schemas/common";
import { contentItemResponseSchema } from "../schemas/content";
import {
  contentMediaRequestSchema,
  cropUpdateRequestSchema,
  mediaResponseSchema,
  uploadCreateRequestSchema,
  uploadSessionResponseSchema,
} from "../schemas/media";
import { endpoint } from "./define";

const tags = ["media"];
const perMinute = (max: number) => ({ max, per: "minute", by: "address" }) as const;
/** Bytes answered straight from storage: whole, a range of them, or "not modified" (ETag). */
const bytes = { 200: null, 206: null, 304: null } as const;
/** What sending stored bytes can answer with besides them (serve.ts). */
const sendErrors = ["request_rangeNotSatisfiable", "file_downloadFailed"] as const satisfies ErrorCode[];
/** What checking a file by its content can refuse (detect, images, pdf, zip, ffprobe, duplicates). */
const ingestErrors = [
  "file_tooLarge",
  "file_invalidType",
  "file_imageTooSmall",
  "file_imageDimensionsTooLarge",
  "file_heicUnsupported",
  "file_invalidCrop",
  "file_damaged",
  "file_unsafeArchive",
  "file_alreadyExists",
  // Issue 11: the owner's storage quota, and the resolution and length caps of video and audio.
  "file_quotaExceeded",
  "file_videoDimensionsTooLarge",
  "file_tooLong",
] as const satisfies ErrorCode[];

/**
 * Uploads and media of one's own (API v1), and the public outputs' bytes (/api/media). See the
 * report in docs/decisions/0006-media-pipeline.md for the protocol; in short:
 *  - POST /media (multipart/form-data: uploadType, title?, description?, crops? — then `file`)
 *  - POST /media/uploads → PUT /media/uploads/:id?offset=N (application/octet-stream, one part)
 *    … → POST /media/uploads/:id/complete; GET it to resume; DELETE it to cancel.
 */
export const mediaEndpoints = {
  upload: endpoint({
    method: "POST",
    path: "/api/v1/media",
    tags,
    summary:
      "Upload one file (multipart/form-data: the fields uploadType, title, description, crops (JSON) first, then `file`). Images come back ready with their variants; video, audio and office documents come back 202 media-processing.",
    rawBody: true,
    responses: { 201: mediaResponseSchema, 202: mediaResponseSchema },
    policy: { who: "active", rateLimit: perMinute(60) },
    errors: [
      "request_unsupportedMediaType",
      "request_payloadTooLarge",
      "file_titleRequired",
      "file_descriptionRequired",
      ...ingestErrors,
    ],
  }),
  createUpload: endpoint({
    method: "POST",
    path: "/api/v1/media/uploads",
    tags,
    summary: `Start a resumable upload; then PUT its parts of chunkSize (${MEDIA_CHUNK_BYTES}) bytes in order and complete it`,
    body: uploadCreateRequestSchema,
    responses: { 201: uploadSessionResponseSchema },
    policy: { who: "active", rateLimit: perMinute(60) },
    errors: [
      "file_tooLarge",
      "file_invalidType",
      "file_titleRequired",
      "file_descriptionRequired",
      "request_tooMany",
      "file_quotaExceeded",
    ],
  }),
  uploadStatus: endpoint({
    method: "GET",
    path: "/api/v1/media/uploads/:id",
    tags,
    summary: "Where an upload stands (offset, progress): resume from `offset` after a dropped connection",
    params: idParamsSchema,
    responses: { 200: uploadSessionResponseSchema },
    policy: { who: "session" },
    errors: ["upload_notFound", "user_profileNotCompleted"],
  }),
  putPart: endpoint({
    method: "PUT",
    path: "/api/v1/media/uploads/:id",
    tags,
    summary:
      "One part (application/octet-stream) at ?offset= (must equal the upload's offset; 409 upload_offsetMismatch tells where it stands)",
    params: idParamsSchema,
    query: z.object({ offset: z.coerce.number().int().min(0) }),
    rawBody: true,
    responses: { 200: uploadSessionResponseSchema },
    policy: { who: "active", rateLimit: perMinute(1200) },
    errors: [
      "request_malformed",
      "request_unsupportedMediaType",
      "upload_notFound",
      "upload_offsetMismatch",
      "upload_chunkSize",
      "upload_incomplete",
    ],
  }),
  completeUpload: endpoint({
    method: "POST",
    path: "/api/v1/media/uploads/:id/complete",
    tags,
    summary:
      "Assemble the parts and check the file by its content; answers the media (202 while it is processed)",
    params: idParamsSchema,
    responses: { 201: mediaResponseSchema, 202: mediaResponseSchema },
    policy: { who: "active" },
    errors: ["upload_notFound", "upload_incomplete", "request_conflict", ...ingestErrors],
  }),
  cancelUpload: endpoint({
    method: "DELETE",
    path: "/api/v1/media/uploads/:id",
    tags,
    summary: "Cancel an upload: every stored part is deleted",
    params: idParamsSchema,
    responses: { 204: z.null() },
    policy: { who: "session" },
    errors: ["upload_notFound", "user_profileNotCompleted"],
  }),
  get: endpoint({
    method: "GET",
    path: "/api/v1/media/:id",
    tags,
    summary: "One's own file: status (media-processing → ready | failed | unprocessed), progress, URLs",
    params: idParamsSchema,
    responses: { 200: mediaResponseSchema },
    policy: { who: "session" },
    errors: ["file_notFound", "user_profileNotCompleted"],
  }),
  recrop: endpoint({
    method: "PATCH",
    path: "/api/v1/media/:id/crops",
    tags,
    summary: "Crop dialog: new desktop (350×350) and/or preview (350×448) rectangles of the upright original",
    params: idParamsSchema,
    body: cropUpdateRequestSchema,
    responses: { 200: mediaResponseSchema },
    policy: { who: "active", rateLimit: perMinute(60) },
    errors: [
      "file_notFound",
      "file_wrongKind",
      "file_invalidCrop",
      "file_damaged",
      "file_imageDimensionsTooLarge",
      "file_heicUnsupported",
    ],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/v1/media/:id",
    tags,
    summary: "Delete one's own file, its original and everything made from it",
    params: idParamsSchema,
    responses: { 204: z.null() },
    policy: { who: "active" },
    errors: ["file_notFound"],
  }),
  download: endpoint({
    method: "GET",
    path: "/api/v1/media/:id/download",
    tags,
    summary:
      "A document's original as an attachment (its owner, or anyone when it belongs to a published item)",
    params: idParamsSchema,
    responses: bytes,
    policy: { who: "anyone" },
    errors: ["file_notFound", ...sendErrors],
  }),
  document: endpoint({
    method: "GET",
    path: "/api/v1/media/:id/document",
    tags,
    summary:
      "The PDF the file viewer shows: the original PDF or LibreOffice's conversion (409 file_converting, 422 file_unableToConvert)",
    params: idParamsSchema,
    responses: bytes,
    policy: { who: "anyone" },
    errors: ["file_notFound", "file_converting", "file_unableToConvert", "file_damaged", ...sendErrors],
  }),
  setContentMedia: endpoint({
    method: "PUT",
    path: "/api/v1/content/:id/media",
    tags: ["media", "content"],
    summary:
      "Set a publication's main image, gallery (images and videos, in order) and file; absent fields stay, null clears",
    params: idParamsSchema,
    body: contentMediaRequestSchema,
    responses: { 200: contentItemResponseSchema },
    policy: { who: "active" },
    errors: [
      "content_notFound",
      "accountManager_permissionNotProvided",
      "file_notFound",
      "file_damaged",
      "file_wrongKind",
      "file_maxEmbeddedImages",
    ],
  }),
  publicOutput: endpoint({
    method: "GET",
    path: "/api/media/public/:mediaId/:name",
    tags,
    summary:
      "An output (variant, stream, poster) by its URL, with range requests: a published item's or a profile photo's by its plain URL; a draft's or an unsent upload's only with the short-lived signature its owner's answers carry (exp, sig)",
    // Anything but a public output's name (an original, a guess) is simply not found.
    params: z.object({ mediaId: z.string().max(100), name: z.string().max(200) }),
    query: z.object({
      /** Seconds since the epoch after which the signed URL no longer answers (403 file_linkExpired). */
      exp: z
        .string()
        .regex(/^\d{1,12}$/)
        .optional(),
      sig: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,100}$/)
        .optional(),
    }),
    responses: bytes,
    policy: { who: "anyone", rateLimit: false },
    errors: ["file_notFound", "file_linkExpired", ...sendErrors],
  }),
};
