import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import {
  AppError,
  contentItemResponseSchema,
  contentMediaRequestSchema,
  cropUpdateRequestSchema,
  imageCropsSchema,
  MEDIA_CHUNK_BYTES,
  MEDIA_SINGLE_REQUEST_MAX_BYTES,
  mediaResponseSchema,
  mediaUploadFieldsSchema,
  messages,
  uploadCreateRequestSchema,
  uploadSessionResponseSchema,
} from "@vn/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { getContentById, loadOwnItem } from "../content/service";
import { isDownloadable, toMedia, toUploadSession } from "./serialize";
import { contentDisposition, sendStored } from "./serve";
import type { MediaService } from "./service";

const idParams = z.object({ id: z.string().min(1).max(100) });
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Originals and PDFs depend on who asks (drafts): cached privately, always revalidated. */
const CHECKED = "private, no-cache";

declare module "fastify" {
  interface FastifyInstance {
    media: MediaService;
  }
}

/**
 * Uploads and media of one's own (API v1). See the report in docs/decisions/0006-media-pipeline.md
 * for the protocol; in short:
 *  - POST /media (multipart/form-data: uploadType, title?, description?, crops? — then `file`)
 *  - POST /media/uploads → PUT /media/uploads/:id?offset=N (application/octet-stream, one part)
 *    … → POST /media/uploads/:id/complete; GET it to resume; DELETE it to cancel.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const media = () => app.media;

  await app.register(multipart, {
    limits: { files: 1, fields: 10, fieldSize: 10_000, parts: 12, fileSize: MEDIA_SINGLE_REQUEST_MAX_BYTES },
  });
  // Parts of a resumable upload arrive as raw bytes; the service streams them to storage.
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));

  app.post(
    "/media",
    {
      config: { access: "active", rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["media"],
        summary:
          "Upload one file (multipart/form-data: the fields uploadType, title, description, crops (JSON) first, then `file`). Images come back ready with their variants; video, audio and office documents come back 202 media-processing.",
        consumes: ["multipart/form-data"],
        response: { 201: mediaResponseSchema, 202: mediaResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError("request_unsupportedMediaType");
      const part = await request.file();
      if (!part)
        throw new AppError("request_validationFailed", {
          details: [{ path: "file", message: messages.fieldRequired }],
        });
      const raw: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(part.fields)) {
        const value = Array.isArray(field) ? field[0] : field;
        if (value && value.type === "field") raw[name] = value.value;
      }
      const fields = parseFields(raw);
      const row = await media().uploadSingle(request.principal!, fields, {
        stream: part.file as Readable & { truncated?: boolean },
        fileName: part.filename || "file",
      });
      return reply.status(row.status === "media-processing" ? 202 : 201).send({ data: toMedia(row) });
    },
  );

  app.post(
    "/media/uploads",
    {
      config: { access: "active", rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["media"],
        summary: `Start a resumable upload; then PUT its parts of chunkSize (${MEDIA_CHUNK_BYTES}) bytes in order and complete it`,
        body: uploadCreateRequestSchema,
        response: { 201: uploadSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const row = await media().createUpload(request.principal!, request.body);
      return reply.status(201).send({ data: toUploadSession(row, null) });
    },
  );

  app.get(
    "/media/uploads/:id",
    {
      config: { access: "session" },
      schema: {
        tags: ["media"],
        summary: "Where an upload stands (offset, progress): resume from `offset` after a dropped connection",
        params: idParams,
        response: { 200: uploadSessionResponseSchema },
      },
    },
    async (request) => {
      const row = await media().loadUpload(request.principal!, request.params.id);
      const done = row.status === "completed" ? await media().findMedia(row.mediaId) : null;
      return { data: toUploadSession(row, done) };
    },
  );

  app.put(
    "/media/uploads/:id",
    {
      config: { access: "active", rateLimit: { max: 1200, timeWindow: 60_000 } },
      schema: {
        tags: ["media"],
        summary:
          "One part (application/octet-stream) at ?offset= (must equal the upload's offset; 409 upload_offsetMismatch tells where it stands)",
        params: idParams,
        querystring: z.object({ offset: z.coerce.number().int().min(0) }),
        consumes: ["application/octet-stream"],
        response: { 200: uploadSessionResponseSchema },
      },
    },
    async (request) => {
      const length = Number(request.headers["content-length"]);
      if (!Number.isInteger(length) || length < 0) throw new AppError("request_malformed");
      const body = request.body as Readable | undefined;
      if (!body || typeof (body as Readable).pipe !== "function")
        throw new AppError("request_unsupportedMediaType");
      const row = await media().putChunk(
        request.principal!,
        request.params.id,
        request.query.offset,
        body,
        length,
      );
      return { data: toUploadSession(row, null) };
    },
  );

  app.post(
    "/media/uploads/:id/complete",
    {
      config: { access: "active" },
      schema: {
        tags: ["media"],
        summary:
          "Assemble the parts and check the file by its content; answers the media (202 while it is processed)",
        params: idParams,
        response: { 201: mediaResponseSchema, 202: mediaResponseSchema },
      },
    },
    async (request, reply) => {
      const { media: row } = await media().completeUpload(request.principal!, request.params.id);
      return reply.status(row.status === "media-processing" ? 202 : 201).send({ data: toMedia(row) });
    },
  );

  app.delete(
    "/media/uploads/:id",
    {
      config: { access: "session" },
      schema: {
        tags: ["media"],
        summary: "Cancel an upload: every stored part is deleted",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await media().cancelUpload(request.principal!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/media/:id",
    {
      config: { access: "session" },
      schema: {
        tags: ["media"],
        summary: "One's own file: status (media-processing → ready | failed | unprocessed), progress, URLs",
        params: idParams,
        response: { 200: mediaResponseSchema },
      },
    },
    async (request) => ({ data: toMedia(await media().loadOwn(request.principal!, request.params.id)) }),
  );

  app.patch(
    "/media/:id/crops",
    {
      config: { access: "active", rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["media"],
        summary:
          "Crop dialog: new desktop (350×350) and/or preview (350×448) rectangles of the upright original",
        params: idParams,
        body: cropUpdateRequestSchema,
        response: { 200: mediaResponseSchema },
      },
    },
    async (request) => ({
      data: toMedia(await media().recrop(request.principal!, request.params.id, request.body)),
    }),
  );

  app.delete(
    "/media/:id",
    {
      config: { access: "active" },
      schema: {
        tags: ["media"],
        summary: "Delete one's own file, its original and everything made from it",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await media().remove(request.principal!, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/media/:id/download",
    {
      config: { access: "public" },
      schema: {
        tags: ["media"],
        summary:
          "A document's original as an attachment (its owner, or anyone when it belongs to a published item)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const row = await media().loadReadable(request.principal?.profileId ?? null, request.params.id);
      if (!isDownloadable(row)) throw new AppError("file_notFound");
      return sendStored(app.deps.storage, request, reply, {
        key: row.originalKey,
        mime: row.mime,
        size: row.size,
        etag: `"${(row.sha256 ?? row.id).slice(0, 32)}"`,
        cacheControl: CHECKED,
        disposition: contentDisposition("attachment", row.fileName),
        // Whatever the file holds, the browser never runs it as a page of ours.
        headers: { "content-security-policy": "default-src 'none'; sandbox" },
      });
    },
  );

  app.get(
    "/media/:id/document",
    {
      config: { access: "public" },
      schema: {
        tags: ["media"],
        summary:
          "The PDF the file viewer shows: the original PDF or LibreOffice's conversion (409 file_converting, 422 file_unableToConvert)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const row = await media().loadReadable(request.principal?.profileId ?? null, request.params.id);
      if (row.kind !== "document") throw new AppError("file_notFound");
      if (row.status === "media-processing") throw new AppError("file_converting");
      if (row.status === "unprocessed")
        throw new AppError("file_unableToConvert", {
          message: messages.documentUnprocessed,
          details: { unprocessed: true },
        });
      if (row.status === "failed") {
        throw new AppError(row.errorCode === "file_damaged" ? "file_damaged" : "file_unableToConvert");
      }
      const pdf =
        row.ext === "pdf"
          ? { key: row.originalKey, size: row.size, hash: (row.sha256 ?? row.id).slice(0, 32) }
          : row.outputs.document;
      if (!pdf) throw new AppError("file_unableToConvert");
      const name = row.fileName.replace(/\.[^.]*$/, "") || "document";
      return sendStored(app.deps.storage, request, reply, {
        key: pdf.key,
        mime: "application/pdf",
        size: pdf.size,
        etag: `"${pdf.hash}"`,
        cacheControl: CHECKED,
        disposition: contentDisposition("inline", `${name}.pdf`),
        // The file viewer may frame it; nothing else may.
        headers: {
          "content-security-policy": `frame-ancestors 'self' ${app.deps.config.WEB_ORIGIN}`,
          "x-frame-options": "",
        },
      });
    },
  );

  app.put(
    "/content/:id/media",
    {
      config: { access: "active" },
      schema: {
        tags: ["media", "content"],
        summary:
          "Set a publication's main image, gallery (images and videos, in order) and file; absent fields stay, null clears",
        params: idParams,
        body: contentMediaRequestSchema,
        response: { 200: contentItemResponseSchema },
      },
    },
    async (request) => {
      const db = app.deps.database.db;
      const { row } = await loadOwnItem(db, request.principal!, request.params.id);
      await media().attach(row, request.body);
      return { data: await getContentById(db, row.id, row.ownerId) };
    },
  );
};

/** Multipart fields are strings: crops travel as JSON. */
function parseFields(raw: Record<string, unknown>) {
  let crops: unknown;
  if (typeof raw.crops === "string" && raw.crops.trim()) {
    try {
      crops = imageCropsSchema.parse(JSON.parse(raw.crops));
    } catch {
      throw new AppError("request_validationFailed", {
        details: [{ path: "body.crops", message: messages.invalidRequest }],
      });
    }
  }
  const parsed = mediaUploadFieldsSchema.safeParse({ ...raw, crops });
  if (!parsed.success) {
    throw new AppError("request_validationFailed", {
      details: parsed.error.issues.map((issue) => ({
        path: `body.${issue.path.join(".")}`,
        message: issue.message,
      })),
    });
  }
  return parsed.data;
}

/**
 * Public outputs by name (/api/media/public/<id>/<name>): image variants, streams, posters.
 * Names carry a content hash, so they are cached forever; originals never match this route.
 */
export const mediaServeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/public/:mediaId/:name",
    {
      config: { access: "public", rateLimit: false },
      schema: {
        tags: ["media"],
        summary: "A public output (variant, stream, poster): range requests, immutable caching",
        // Anything but a public output's name (an original, a guess) is simply not found.
        params: z.object({ mediaId: z.string().max(100), name: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      if (!/^[0-9a-f-]{36}$/.test(request.params.mediaId)) throw new AppError("file_notFound");
      const row = await app.media.findMedia(request.params.mediaId);
      const key = `public/${request.params.mediaId}/${request.params.name}`;
      const output = row ? Object.values(row.outputs).find((o) => o?.key === key) : undefined;
      if (!row || !output) throw new AppError("file_notFound");
      return sendStored(app.deps.storage, request, reply, {
        key,
        mime: output.mime,
        size: output.size,
        etag: `"${output.hash}"`,
        cacheControl: IMMUTABLE,
      });
    },
  );
};
