import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import {
  AppError,
  endpoints,
  imageCropsSchema,
  MEDIA_SINGLE_REQUEST_MAX_BYTES,
  mediaUploadFieldsSchema,
  messages,
} from "@vn/contract";
import type { FastifyPluginAsync } from "fastify";
import { route } from "../../lib/route";
import { getContentById, loadOwnItem } from "../content/service";
import { isDownloadable, toUploadSession } from "./serialize";
import { contentDisposition, sendStored } from "./serve";
import type { MediaService } from "./service";

/** Originals and PDFs depend on who asks (drafts): cached privately, always revalidated. */
const CHECKED = "private, no-cache";

declare module "fastify" {
  interface FastifyInstance {
    media: MediaService;
  }
}

/**
 * Uploads and media of one's own (API v1): handlers for the rows of contract/endpoints/media.ts.
 * See the report in docs/decisions/0006-media-pipeline.md for the protocol; in short:
 *  - POST /media (multipart/form-data: uploadType, title?, description?, crops? — then `file`)
 *  - POST /media/uploads → PUT /media/uploads/:id?offset=N (application/octet-stream, one part)
 *    … → POST /media/uploads/:id/complete; GET it to resume; DELETE it to cancel.
 * The multipart and raw-part parsers stay inside this plugin: no other route accepts those bodies.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const table = endpoints.media;
  const media = () => app.media;

  await app.register(multipart, {
    limits: { files: 1, fields: 10, fieldSize: 10_000, parts: 12, fileSize: MEDIA_SINGLE_REQUEST_MAX_BYTES },
  });
  // Parts of a resumable upload arrive as raw bytes; the service streams them to storage.
  app.addContentTypeParser("application/octet-stream", (_request, payload, done) => done(null, payload));

  route(app, table.upload, async ({ actor, request, reply }) => {
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
    const row = await media().uploadSingle(actor, fields, {
      stream: part.file as Readable & { truncated?: boolean },
      fileName: part.filename || "file",
    });
    return reply
      .status(row.status === "media-processing" ? 202 : 201)
      .send({ data: await media().present(row) });
  });

  route(app, table.createUpload, async ({ actor, body, reply }) => {
    const row = await media().createUpload(actor, body);
    return reply.status(201).send({ data: toUploadSession(row, null) });
  });

  route(app, table.uploadStatus, async ({ actor, params }) => {
    const row = await media().loadUpload(actor, params.id);
    const done = row.status === "completed" ? await media().findMedia(row.mediaId) : null;
    return { data: toUploadSession(row, done, done ? await media().accessOf(done) : undefined) };
  });

  route(app, table.putPart, async ({ actor, params, query, request }) => {
    const length = Number(request.headers["content-length"]);
    if (!Number.isInteger(length) || length < 0) throw new AppError("request_malformed");
    const body = request.body as Readable | undefined;
    if (!body || typeof (body as Readable).pipe !== "function")
      throw new AppError("request_unsupportedMediaType");
    const row = await media().putChunk(actor, params.id, query.offset, body, length);
    return { data: toUploadSession(row, null) };
  });

  route(app, table.completeUpload, async ({ actor, params, reply }) => {
    const { media: row } = await media().completeUpload(actor, params.id);
    return reply
      .status(row.status === "media-processing" ? 202 : 201)
      .send({ data: await media().present(row) });
  });

  route(app, table.cancelUpload, async ({ actor, params, reply }) => {
    await media().cancelUpload(actor, params.id);
    return reply.status(204).send(null);
  });

  route(app, table.get, async ({ actor, params }) => ({
    data: await media().present(await media().loadOwn(actor, params.id)),
  }));

  route(app, table.recrop, async ({ actor, params, body }) => ({
    data: await media().present(await media().recrop(actor, params.id, body)),
  }));

  route(app, table.remove, async ({ actor, params, reply }) => {
    await media().remove(actor, params.id);
    return reply.status(204).send(null);
  });

  route(app, table.download, async ({ actor, params, request, reply }) => {
    const row = await media().loadReadable(actor?.profileId ?? null, params.id);
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
  });

  route(app, table.document, async ({ actor, params, request, reply }) => {
    const row = await media().loadReadable(actor?.profileId ?? null, params.id);
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
  });

  route(app, table.setContentMedia, async ({ actor, params, body }) => {
    const db = app.deps.database.db;
    const { row } = await loadOwnItem(db, actor, params.id);
    await media().attach(row, body);
    return { data: await getContentById(db, row.id, row.ownerId) };
  });
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
 * Outputs by name (/api/media/public/<id>/<name>): image variants, streams, posters; originals
 * never match this route. A profile photo's are public and cached forever (their names carry a
 * content hash); a published item's are public and cached ten minutes, so a deleted item's
 * media leave shared caches soon; a draft's (or an unsent upload's) answer only to a short-lived
 * signed URL, never cached by a shared cache; a deleted item's to nobody (issue 11).
 */
export const mediaServeRoutes: FastifyPluginAsync = async (app) => {
  route(app, endpoints.media.publicOutput, async ({ params, query, request, reply }) => {
    if (!/^[0-9a-f-]{36}$/.test(params.mediaId)) throw new AppError("file_notFound");
    const { key, output, cacheControl } = await app.media.servable(params.mediaId, params.name, query);
    return sendStored(app.deps.storage, request, reply, {
      key,
      mime: output.mime,
      size: output.size,
      etag: `"${output.hash}"`,
      cacheControl,
    });
  });
};
