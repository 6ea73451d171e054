import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { SessionActor } from "@vn/contract";
import {
  AppError,
  type ContentMediaRequest,
  DOCUMENT_ARCHIVE_MAX_ENTRIES,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UNPACKED_MAX_BYTES,
  extensionOf,
  format,
  type ImageCrops,
  MEDIA_CHUNK_BYTES,
  MEDIA_GALLERY_MAX_IMAGES,
  MEDIA_GALLERY_MAX_VIDEOS,
  MEDIA_MAX_DURATION_HOURS,
  MEDIA_OPEN_UPLOADS_MAX,
  MEDIA_SINGLE_REQUEST_MAX_BYTES,
  type Media,
  type MediaStatus,
  messages,
  UPLOAD_SESSION_TTL_MS,
  type UploadPolicy,
  type UploadType,
  uploadPolicy,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_LONG_SIDE_PX,
  VIDEO_MAX_SHORT_SIDE_PX,
} from "@vn/contract";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  comments,
  contentItems,
  type MediaOutputs,
  mediaFiles,
  mediaUploads,
  profiles,
  type StoredOutput,
} from "../../db/schema/index";
import {
  IncompleteBodyError,
  StorageNotFoundError,
  type StorageProvider,
} from "../../providers/storage/index";
import { actingProfileId } from "../../shared/acting-profile";
import type { Jobs } from "../../shared/jobs";
import { originalKeyOf, storagePrefixesOf } from "../../shared/media-keys";
import {
  checkSignature,
  configureMediaSigning,
  isProfileMedia,
  type MediaAccess,
} from "../../shared/media-view";
import { rowsOf } from "../../shared/pages";
import type { Realtime } from "../../shared/realtime";
import { isBlockedBetween } from "../../shared/social-graph";
import { attachmentReadableBy } from "../chats/attachments";
import { extractPoster, probe, transcodeAudio, transcodeTimeoutMs, transcodeVideo } from "./av";
import { type Detected, detectFile } from "./detect";
import { convertToPdf } from "./documents";
import { openImage, type RenderedVariant, renderPoster, renderVariants, resolveCrops } from "./images";
import { checkPdf } from "./pdf";
import { MEDIA_MAX_ATTEMPTS, mediaQueueOf } from "./queue";
import { type MediaRow, mediaError, toMedia, type UploadRow } from "./serialize";
import { setToolWarning, ToolInterruptedError, ToolMissingError, toolAvailable } from "./tools";
import { inspectOfficeArchive } from "./zip";

/**
 * The media pipeline's rules: uploads (one request, or resumable parts), checks by content,
 * image variants, the processing job for video, audio and office documents, and who may read
 * what. Routes stay thin; jobs call process() and sweep().
 */
export interface MediaEnvironment {
  db: Db;
  config: Config;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  /** Read late: server.ts attaches the socket hub and job runner after the app is built. */
  realtime: () => Realtime | undefined;
  jobs: () => Jobs | undefined;
  /** Processing bounds other than the defaults (tests make them small). */
  limits?: Partial<MediaLimits>;
}

/**
 * Bounds of the processing jobs (issue 11). A transcode may take `transcodeBaseMs` plus
 * `transcodePerMediaMs` per millisecond of media (3× real time), never more than
 * MEDIA_TRANSCODE_TIMEOUT_MS; its stream may not outgrow the caps below (H.264 at ≤ 1080p can be
 * larger than a well-compressed 2 GB original, hence twice the upload limit; AAC at 160 kb/s for
 * the longest recording is under 300 MB).
 */
export interface MediaLimits {
  transcodeBaseMs: number;
  transcodePerMediaMs: number;
  videoStreamMaxBytes: number;
  audioStreamMaxBytes: number;
}
export const MEDIA_LIMITS: MediaLimits = {
  transcodeBaseMs: 2 * 60 * 1000,
  transcodePerMediaMs: 3,
  videoStreamMaxBytes: 2 * VIDEO_MAX_BYTES,
  audioStreamMaxBytes: 512 * 1024 * 1024,
};
const MEDIA_MAX_DURATION_MS = MEDIA_MAX_DURATION_HOURS * 60 * 60 * 1000;

/** Public outputs of a publication: cached briefly, so a deleted item's media leave caches soon. */
const PUBLISHED_CACHE = "public, max-age=600";
/** A profile photo's outputs: content-named and public for as long as they exist. */
const PROFILE_CACHE = "public, max-age=31536000, immutable";
/** Signed URLs: only for whoever was given them, never kept by a shared cache. */
const SIGNED_CACHE = "private, no-cache";

/**
 * Who may see a file now: `profile` (a profile photo: anyone, always), `published` (on a published
 * item or a sent comment of one: anyone, while it lasts), `private` (a draft's, an unsent upload:
 * only by a signed URL), `gone` (its publication or comment was deleted: nobody).
 */
export type MediaVisibility = "profile" | "published" | "private" | "gone";

interface IngestInput {
  mediaId: string;
  ownerId: string;
  uploaderUserId: string | null;
  uploadType: UploadType;
  fileName: string;
  title: string | null;
  description: string | null;
  crops: ImageCrops | null;
  size: number;
  /** A local copy (single-request uploads, and fetched originals up to the document limit)… */
  localPath: string | null;
  /** …or, for larger files already in storage, their first bytes. */
  head: Buffer | null;
  sha256: string | null;
  /** The original already sits at originals/<id>/original (a completed resumable upload). */
  originalStored: boolean;
  /**
   * The owner's storage quota to check the new file against, in the transaction that inserts it;
   * null when the bytes were reserved already (a resumable upload counts from its creation).
   */
  quotaBytes: number | null;
}

/** At most n image pipelines at once per node: each decodes up to 36 megapixels. */
class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** Counts and hashes bytes on their way through; stops a body that grows past `limit`. */
class Meter extends Transform {
  size = 0;
  private readonly hash = createHash("sha256");
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: string, done: (error?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    if (this.size > this.limit)
      return done(Object.assign(new Error("too large"), { code: "FST_REQ_FILE_TOO_LARGE" }));
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest("hex");
  }
}

const PROGRESS_WRITE_MS = 2000;
/** A processing file untouched this long has lost its job (a node died before sending it). */
const STUCK_AFTER_MS = 2 * 60 * 1000;
/** Failed files nobody attached are removed after this long. */
const FAILED_KEEP_MS = 24 * 60 * 60 * 1000;
/** A comment image no comment took is removed after this long (a draft may wait a while). */
const UNSENT_COMMENT_IMAGE_KEEP_MS = 24 * 60 * 60 * 1000;

function tooLarge(policy: UploadPolicy, extra: Record<string, unknown> = {}): AppError {
  return new AppError("file_tooLarge", { details: { maxBytes: policy.maxBytes, ...extra } });
}

async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Resolution and length caps of video and audio (issue 11), from the probe, before any job. */
function checkAvLimits(info: {
  width: number | null;
  height: number | null;
  durationMs: number | null;
}): void {
  if (info.width && info.height) {
    const long = Math.max(info.width, info.height);
    const short = Math.min(info.width, info.height);
    if (long > VIDEO_MAX_LONG_SIDE_PX || short > VIDEO_MAX_SHORT_SIDE_PX) {
      throw new AppError("file_videoDimensionsTooLarge", {
        message: format(messages.videoDimensionsTooLarge, {
          long: VIDEO_MAX_LONG_SIDE_PX,
          short: VIDEO_MAX_SHORT_SIDE_PX,
        }),
        details: { width: info.width, height: info.height },
      });
    }
  }
  if (info.durationMs !== null && info.durationMs > MEDIA_MAX_DURATION_MS) {
    throw new AppError("file_tooLong", {
      message: format(messages.mediaTooLong, { hours: MEDIA_MAX_DURATION_HOURS }),
      details: { durationMs: info.durationMs, maxMs: MEDIA_MAX_DURATION_MS },
    });
  }
}

export class MediaService {
  private readonly imageSlots: Slots;

  private readonly limits: MediaLimits;

  constructor(private readonly env: MediaEnvironment) {
    this.imageSlots = new Slots(env.config.IMAGE_CONCURRENCY);
    this.limits = { ...MEDIA_LIMITS, ...env.limits };
    // Signed media URLs verify on every node that shares the secret (issue 11).
    configureMediaSigning(env.config.AUTH_SECRET);
    setToolWarning((message) => env.log.warn(message));
  }

  private get db() {
    return this.env.db;
  }

  // Checks shared by both upload paths ---------------------------------------------------------

  /** §5: files that are publications of their own need a title and a description. */
  requireDetails(policy: UploadPolicy, fields: { title?: string | null; description?: string | null }) {
    if (!policy.requiresTitleAndDescription) return;
    const missing = [
      ...(fields.title ? [] : [{ path: "title", message: messages.fileTitleRequired }]),
      ...(fields.description ? [] : [{ path: "description", message: messages.fileDescriptionRequired }]),
    ];
    if (missing.length === 0) return;
    throw new AppError(fields.title ? "file_descriptionRequired" : "file_titleRequired", {
      details: missing,
    });
  }

  private async workDir(): Promise<string> {
    return fs.mkdtemp(path.join(os.tmpdir(), "vn-media-"));
  }

  // Storage quota (issue 11: plans.ts media.storageBytes) ----------------------------------------

  /** The acting owner's storage quota in bytes (Infinity when a plan lists no limit). */
  quotaOf(actor: SessionActor): number {
    const value = actor.entitlements["media.storageBytes"];
    if (typeof value === "boolean") return value ? Number.POSITIVE_INFINITY : 0;
    return value;
  }

  /**
   * Bytes an owner holds: every file's original and what was made of it, plus the declared size
   * of unfinished resumable uploads (reserved when they start, so ten of them cannot overrun it).
   */
  async storageUsed(ownerId: string, db: Db = this.db): Promise<number> {
    const rows = await rowsOf<{ used: string | number }>(
      db,
      sql`
      SELECT
        (SELECT COALESCE(SUM(m.size + COALESCE(
            (SELECT SUM((o.value->>'size')::bigint) FROM jsonb_each(m.outputs) o), 0)), 0)
           FROM media_files m WHERE m.owner_id = ${ownerId})
        + (SELECT COALESCE(SUM(u.size), 0) FROM media_uploads u
            WHERE u.owner_id = ${ownerId} AND u.status IN ('open', 'completing'))
        AS used`,
    );
    return Number(rows[0]?.used ?? 0);
  }

  private refuseQuota(used: number, quota: number, fileBytes: number): AppError {
    return new AppError("file_quotaExceeded", {
      details: { usedBytes: used, quotaBytes: quota, fileBytes },
    });
  }

  /** Refuses when `bytes` more would not fit the owner's quota (call inside the owner's lock). */
  private async checkQuota(ownerId: string, quota: number, bytes: number, db: Db): Promise<void> {
    if (quota === Number.POSITIVE_INFINITY) return;
    const used = await this.storageUsed(ownerId, db);
    if (used + bytes > quota) throw this.refuseQuota(used, quota, bytes);
  }

  /** Serialises quota decisions of one owner (two uploads at once cannot both take the last bytes). */
  private async lockOwner(tx: Db, ownerId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`media-quota:${ownerId}`}))`);
  }

  // Single-request upload (multipart/form-data) --------------------------------------------------

  async uploadSingle(
    actor: SessionActor,
    fields: {
      uploadType: UploadType;
      title?: string;
      description?: string;
      crops?: ImageCrops;
    },
    file: { stream: Readable & { truncated?: boolean }; fileName: string },
  ): Promise<MediaRow> {
    const ownerId = actingProfileId(actor);
    const policy = uploadPolicy(fields.uploadType);
    this.requireDetails(policy, fields);
    // A full storage is refused before a byte is read; the exact check comes with the insert.
    const quota = this.quotaOf(actor);
    await this.checkQuota(ownerId, quota, 1, this.db);
    const dir = await this.workDir();
    try {
      const target = path.join(dir, "original");
      const meter = new Meter(policy.maxBytes);
      try {
        await pipeline(file.stream, meter, createWriteStream(target));
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw this.sizeRefusal(policy);
        throw error;
      }
      if (file.stream.truncated || meter.size > policy.maxBytes) throw this.sizeRefusal(policy);
      if (meter.size === 0) throw new AppError("file_invalidType", { details: { reason: "empty file" } });
      return await this.ingest({
        mediaId: randomUUID(),
        ownerId,
        uploaderUserId: actor.userId,
        uploadType: fields.uploadType,
        fileName: file.fileName,
        title: fields.title ?? null,
        description: fields.description ?? null,
        crops: fields.crops ?? null,
        size: meter.size,
        localPath: target,
        head: null,
        sha256: meter.digest(),
        originalStored: false,
        quotaBytes: quota,
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private sizeRefusal(policy: UploadPolicy): AppError {
    // Beyond the one-request limit but within the type's: the resumable protocol takes it.
    if (policy.maxBytes > MEDIA_SINGLE_REQUEST_MAX_BYTES) {
      return new AppError("file_tooLarge", {
        message: messages.useResumableUpload,
        details: { maxBytes: MEDIA_SINGLE_REQUEST_MAX_BYTES, resumable: true },
      });
    }
    return tooLarge(policy);
  }

  // Resumable upload: create → PUT parts → complete (or cancel) -----------------------------------

  async createUpload(
    actor: SessionActor,
    input: {
      uploadType: UploadType;
      fileName: string;
      size: number;
      title?: string;
      description?: string;
      crops?: ImageCrops;
    },
  ): Promise<UploadRow> {
    const ownerId = actingProfileId(actor);
    const policy = uploadPolicy(input.uploadType);
    if (input.size > policy.maxBytes) throw tooLarge(policy);
    // The bytes decide at completion; a name the type never takes is refused before 2 GB travel.
    const claimed = extensionOf(input.fileName);
    if (!policy.extensions.includes(claimed) && !(claimed === "jpeg" && policy.extensions.includes("jpg")))
      throw new AppError("file_invalidType", {
        details: { reason: `${claimed || "no extension"} is not allowed` },
      });
    this.requireDetails(policy, input);
    // Refused before anything is reserved in storage; decided again under the owner's lock.
    const quota = this.quotaOf(actor);
    const admit = async (db: Db) => {
      // Counted per person, whichever profile they act for: companies do not multiply it.
      const [open] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mediaUploads)
        .where(
          and(
            eq(mediaUploads.uploaderUserId, actor.userId),
            inArray(mediaUploads.status, ["open", "completing"]),
          ),
        );
      if ((open?.n ?? 0) >= MEDIA_OPEN_UPLOADS_MAX)
        throw new AppError("request_tooMany", {
          message: format(messages.openUploadsLimit, { max: MEDIA_OPEN_UPLOADS_MAX }),
          details: { openUploads: open?.n, max: MEDIA_OPEN_UPLOADS_MAX },
        });
      await this.checkQuota(ownerId, quota, input.size, db);
    };
    await admit(this.db);
    const mediaId = randomUUID();
    const storageKey = originalKeyOf(mediaId);
    const storageUploadId = await this.env.storage.createMultipart(storageKey, "application/octet-stream");
    const now = new Date();
    const row = await this.db
      .transaction(async (tx) => {
        await this.lockOwner(tx, ownerId);
        await admit(tx);
        const [inserted] = await tx
          .insert(mediaUploads)
          .values({
            id: randomUUID(),
            ownerId,
            uploaderUserId: actor.userId,
            uploadType: input.uploadType,
            fileName: input.fileName,
            size: input.size,
            chunkSize: MEDIA_CHUNK_BYTES,
            mediaId,
            storageKey,
            storageUploadId,
            title: input.title ?? null,
            description: input.description ?? null,
            crops: input.crops ?? null,
            expiresAt: new Date(now.getTime() + UPLOAD_SESSION_TTL_MS),
          })
          .returning();
        return inserted!;
      })
      .catch(async (error: unknown) => {
        await this.env.storage.abortMultipart(storageKey, storageUploadId).catch(() => {});
        throw error;
      });
    return row;
  }

  /** The caller's own upload (another profile's answers exactly like a missing one). */
  async loadUpload(actor: SessionActor, id: string): Promise<UploadRow> {
    const ownerId = actingProfileId(actor);
    const [row] = await this.db.select().from(mediaUploads).where(eq(mediaUploads.id, id)).limit(1);
    if (!row || row.ownerId !== ownerId || row.status === "cancelled") throw new AppError("upload_notFound");
    return row;
  }

  async putChunk(
    actor: SessionActor,
    id: string,
    offset: number,
    body: Readable,
    contentLength: number,
  ): Promise<UploadRow> {
    const upload = await this.loadUpload(actor, id);
    if (upload.status !== "open")
      throw new AppError("upload_offsetMismatch", { details: { offset: upload.receivedBytes } });
    if (offset !== upload.receivedBytes)
      throw new AppError("upload_offsetMismatch", { details: { offset: upload.receivedBytes } });
    const expected = Math.min(upload.chunkSize, upload.size - offset);
    if (expected <= 0 || contentLength !== expected) {
      throw new AppError("upload_chunkSize", {
        message: format(messages.uploadChunkSize, { size: upload.chunkSize }),
        details: { expected, offset },
      });
    }
    const partNumber = Math.floor(offset / upload.chunkSize) + 1;
    let etag: string;
    try {
      etag = await this.env.storage.putPart(
        upload.storageKey,
        upload.storageUploadId,
        partNumber,
        body,
        expected,
      );
    } catch (error) {
      if (error instanceof IncompleteBodyError) {
        // The connection dropped mid-part: nothing was kept; the client resumes from `offset`.
        throw new AppError("upload_incomplete", { details: { offset } });
      }
      if (error instanceof StorageNotFoundError) throw new AppError("upload_notFound");
      throw error;
    }
    const now = new Date();
    const [row] = await this.db
      .update(mediaUploads)
      .set({
        receivedBytes: offset + expected,
        parts: sql`${mediaUploads.parts} || ${JSON.stringify([{ partNumber, etag, size: expected }])}::jsonb`,
        expiresAt: new Date(now.getTime() + UPLOAD_SESSION_TTL_MS),
        updatedAt: now,
      })
      // Two PUTs of one offset at once: the first wins, the second learns where the upload stands.
      .where(
        and(eq(mediaUploads.id, id), eq(mediaUploads.receivedBytes, offset), eq(mediaUploads.status, "open")),
      )
      .returning();
    if (!row) {
      const [current] = await this.db.select().from(mediaUploads).where(eq(mediaUploads.id, id)).limit(1);
      throw new AppError("upload_offsetMismatch", { details: { offset: current?.receivedBytes ?? 0 } });
    }
    return row;
  }

  async completeUpload(actor: SessionActor, id: string): Promise<{ upload: UploadRow; media: MediaRow }> {
    const upload = await this.loadUpload(actor, id);
    if (upload.status === "completed") {
      const media = await this.findMedia(upload.mediaId);
      if (media) return { upload, media };
    }
    if (upload.receivedBytes !== upload.size)
      throw new AppError("upload_incomplete", {
        details: { offset: upload.receivedBytes, size: upload.size },
      });
    const [claimed] = await this.db
      .update(mediaUploads)
      .set({ status: "completing", updatedAt: new Date() })
      .where(and(eq(mediaUploads.id, id), eq(mediaUploads.status, "open")))
      .returning();
    if (!claimed) throw new AppError("request_conflict");

    const storage = this.env.storage;
    const parts = [...upload.parts].sort((a, b) => a.partNumber - b.partNumber);
    const dir = await this.workDir();
    try {
      await storage.completeMultipart(upload.storageKey, upload.storageUploadId, parts);
      // Documents and images are checked whole; large video and audio by their first bytes + ffprobe.
      const whole = upload.size <= DOCUMENT_MAX_BYTES;
      const localPath = whole ? await storage.fetchToFile(upload.storageKey, dir) : null;
      const head = whole
        ? null
        : await readAll(await storage.read(upload.storageKey, { start: 0, end: 65_535 }));
      const media = await this.ingest({
        mediaId: upload.mediaId,
        ownerId: upload.ownerId,
        uploaderUserId: upload.uploaderUserId,
        uploadType: upload.uploadType as UploadType,
        fileName: upload.fileName,
        title: upload.title,
        description: upload.description,
        crops: upload.crops,
        size: upload.size,
        localPath,
        head,
        sha256: localPath ? await sha256OfFile(localPath) : null,
        originalStored: true,
        // Reserved when the upload started.
        quotaBytes: null,
      });
      const [done] = await this.db
        .update(mediaUploads)
        .set({ status: "completed", updatedAt: new Date() })
        .where(eq(mediaUploads.id, id))
        .returning();
      return { upload: done!, media };
    } catch (error) {
      // Refused or broken: the assembled original and the parts go, and so does the upload.
      await storage.abortMultipart(upload.storageKey, upload.storageUploadId).catch(() => {});
      await storage.delete(upload.storageKey).catch(() => {});
      await this.db.delete(mediaUploads).where(eq(mediaUploads.id, id));
      throw error;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /** Cancels an unfinished upload: every stored part goes with it. */
  async cancelUpload(actor: SessionActor, id: string): Promise<void> {
    const upload = await this.loadUpload(actor, id);
    if (upload.status !== "completed") {
      await this.env.storage.abortMultipart(upload.storageKey, upload.storageUploadId);
      await this.env.storage.delete(upload.storageKey).catch(() => {});
    }
    await this.db.delete(mediaUploads).where(eq(mediaUploads.id, id));
  }

  // Ingest: what every upload goes through --------------------------------------------------------

  private async ingest(input: IngestInput): Promise<MediaRow> {
    const { storage } = this.env;
    const policy = uploadPolicy(input.uploadType);
    const originalKey = originalKeyOf(input.mediaId);
    const stored: string[] = input.originalStored ? [originalKey] : [];
    try {
      if (input.size > policy.maxBytes) throw tooLarge(policy);
      const source = input.localPath ? { path: input.localPath } : { head: input.head ?? Buffer.alloc(0) };
      const detected = await detectFile(source, input.fileName, policy);
      if (detected.kind === "document" && input.uploadType === "document_file" && input.sha256) {
        await this.refuseDuplicate(input.ownerId, input.sha256);
      }
      const values: typeof mediaFiles.$inferInsert = {
        id: input.mediaId,
        ownerId: input.ownerId,
        uploaderUserId: input.uploaderUserId,
        uploadType: input.uploadType,
        kind: detected.kind,
        status: "ready",
        fileName: input.fileName,
        ext: detected.ext,
        mime: detected.mime,
        size: input.size,
        sha256: input.sha256,
        title: input.title,
        description: input.description,
        originalKey,
        outputs: {},
      };
      await this.checkContent(input, detected, policy, values, stored);
      if (!input.originalStored) {
        if (!input.localPath) throw new Error("ingest without the original");
        await storage.putFile(originalKey, input.localPath, detected.mime);
        stored.push(originalKey);
      }
      const row = await this.db.transaction(async (tx) => {
        if (input.quotaBytes !== null) {
          // The original and the variants already made, against what the owner holds now.
          const made = Object.values(values.outputs ?? {}).reduce((n, o) => n + (o?.size ?? 0), 0);
          await this.lockOwner(tx, input.ownerId);
          await this.checkQuota(input.ownerId, input.quotaBytes, input.size + made, tx);
        }
        const [inserted] = await tx.insert(mediaFiles).values(values).returning();
        return inserted!;
      });
      if (row.status === "media-processing") await this.enqueue(row);
      return row;
    } catch (error) {
      await Promise.allSettled(stored.map((key) => storage.delete(key)));
      if (!(error instanceof AppError))
        this.env.log.error({ err: error, mediaId: input.mediaId }, "media ingest failed");
      throw error;
    }
  }

  private async refuseDuplicate(ownerId: string, sha256: string): Promise<void> {
    const [existing] = await this.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.ownerId, ownerId),
          eq(mediaFiles.sha256, sha256),
          eq(mediaFiles.uploadType, "document_file"),
          sql`${mediaFiles.status} <> 'failed'`,
        ),
      )
      .limit(1);
    if (existing) throw new AppError("file_alreadyExists", { details: { mediaId: existing.id } });
  }

  /** The checks (and, for images, the variants) each kind gets before its row exists. */
  private async checkContent(
    input: IngestInput,
    detected: Detected,
    policy: UploadPolicy,
    values: typeof mediaFiles.$inferInsert,
    stored: string[],
  ): Promise<void> {
    const { config } = this.env;
    switch (detected.family) {
      case "image":
      case "svg": {
        if (!input.localPath)
          throw new AppError("file_tooLarge", { details: { maxBytes: DOCUMENT_MAX_BYTES } });
        const localPath = input.localPath;
        await this.imageSlots.run(async () => {
          // A HEIC is decoded into files here, removed with it.
          const scratch = await this.workDir();
          try {
            const opened = await openImage({ path: localPath, ext: detected.ext }, policy.image, {
              ffmpegPath: config.FFMPEG_PATH,
              timeoutMs: 60_000,
              workDir: scratch,
            });
            const crops = resolveCrops(opened.width, opened.height, input.crops);
            const variants = await renderVariants(opened.input, opened, crops);
            values.width = opened.width;
            values.height = opened.height;
            values.crops = crops;
            values.outputs = await this.storeVariants(input.mediaId, variants, stored);
          } finally {
            await fs.rm(scratch, { recursive: true, force: true });
          }
        });
        return;
      }
      case "pdf":
        if (!input.localPath)
          throw new AppError("file_tooLarge", { details: { maxBytes: DOCUMENT_MAX_BYTES } });
        await checkPdf(input.localPath);
        return;
      case "ooxml":
      case "odf":
        if (!input.localPath)
          throw new AppError("file_tooLarge", { details: { maxBytes: DOCUMENT_MAX_BYTES } });
        // A zip bomb is refused here; LibreOffice never opens it.
        await inspectOfficeArchive(await fs.readFile(input.localPath), detected.family, {
          maxEntries: DOCUMENT_ARCHIVE_MAX_ENTRIES,
          maxUnpackedBytes: DOCUMENT_UNPACKED_MAX_BYTES,
        });
        await this.markForProcessing(values, config.SOFFICE_PATH);
        return;
      case "cfb":
      case "text":
        await this.markForProcessing(values, config.SOFFICE_PATH);
        return;
      case "video":
      case "audio": {
        const tools = (await toolAvailable(config.FFPROBE_PATH)) && (await toolAvailable(config.FFMPEG_PATH));
        if (!tools) {
          // Never fail the upload for a missing tool: keep it, say so, process it when ffmpeg arrives.
          this.env.log.warn({ mediaId: input.mediaId }, "ffmpeg/ffprobe missing: media kept unprocessed");
          values.status = "unprocessed";
          values.errorCode = "request_unavailable";
          return;
        }
        const scratch = input.localPath ? null : await this.workDir();
        let info: Awaited<ReturnType<typeof probe>>;
        try {
          const target = input.localPath ?? (await this.localCopy(originalKeyOf(input.mediaId), scratch!));
          info = await probe(config.FFPROBE_PATH, target);
        } finally {
          if (scratch) await fs.rm(scratch, { recursive: true, force: true });
        }
        if (detected.kind === "video" && !info.hasVideo)
          throw new AppError("file_invalidType", { details: { reason: "no video stream" } });
        if (detected.kind === "audio" && !info.hasAudio)
          throw new AppError("file_invalidType", { details: { reason: "no audio stream" } });
        checkAvLimits(info);
        values.durationMs = info.durationMs;
        values.width = info.width;
        values.height = info.height;
        values.status = "media-processing";
        values.progress = 0;
        return;
      }
    }
  }

  /**
   * A local path of a stored object for ffmpeg: the file itself on disk storage, else a copy in
   * `dir`. Tools never get a URL: they run without network and read local files only (issue 11).
   */
  private async localCopy(key: string, dir: string): Promise<string> {
    const input = await this.env.storage.toolInput(key);
    if (!/^[a-z][a-z0-9+.-]*:/i.test(input)) return input;
    return this.env.storage.fetchToFile(key, dir);
  }

  private async markForProcessing(values: typeof mediaFiles.$inferInsert, tool: string): Promise<void> {
    if (await toolAvailable(tool)) {
      values.status = "media-processing";
      values.progress = 0;
    } else {
      this.env.log.warn({ mediaId: values.id }, "LibreOffice missing: document kept without a PDF preview");
      values.status = "unprocessed";
      values.errorCode = "request_unavailable";
    }
  }

  private async storeOutput(
    key: string,
    body: { buffer: Buffer } | { path: string },
    meta: { mime: string; width?: number; height?: number },
    stored: string[],
  ): Promise<StoredOutput> {
    const hash =
      "buffer" in body
        ? createHash("sha256").update(body.buffer).digest("hex")
        : await sha256OfFile(body.path);
    const short = hash.slice(0, 16);
    const finalKey = key.replace("{hash}", short);
    if ("buffer" in body) await this.env.storage.put(finalKey, body.buffer, meta.mime);
    else await this.env.storage.putFile(finalKey, body.path, meta.mime);
    stored.push(finalKey);
    const size = "buffer" in body ? body.buffer.length : (await fs.stat(body.path)).size;
    return {
      key: finalKey,
      mime: meta.mime,
      size,
      hash: short,
      ...(meta.width ? { width: meta.width, height: meta.height } : {}),
    };
  }

  private async storeVariants(
    mediaId: string,
    variants: RenderedVariant[],
    stored: string[],
  ): Promise<MediaOutputs> {
    const outputs: MediaOutputs = {};
    for (const v of variants) {
      outputs[v.name] = await this.storeOutput(
        `public/${mediaId}/${v.name}-{hash}.webp`,
        { buffer: v.buffer },
        { mime: v.mime, width: v.width, height: v.height },
        stored,
      );
    }
    return outputs;
  }

  /** Sends a file to the queue of its kind (queue.ts: videos, long videos, audio, documents). */
  private async enqueue(row: Pick<MediaRow, "id" | "kind" | "durationMs">): Promise<void> {
    const jobs = this.env.jobs();
    if (!jobs) {
      // This node runs no worker; the sweep on a worker node picks the file up within minutes.
      this.env.log.info({ mediaId: row.id }, "media queued for the next sweep (no job runner on this node)");
      return;
    }
    await jobs.send(mediaQueueOf(row), { mediaId: row.id }, { singletonKey: row.id });
  }

  // Media of one's own --------------------------------------------------------------------------

  async findMedia(id: string): Promise<MediaRow | null> {
    const [row] = await this.db.select().from(mediaFiles).where(eq(mediaFiles.id, id)).limit(1);
    return row ?? null;
  }

  // Who may fetch outputs (issue 11: drafts and deleted items are not public) -------------------

  /** Who may see this file now (see MediaVisibility). */
  async visibilityOf(row: MediaRow): Promise<MediaVisibility> {
    if (row.contentItemId) {
      const [item] = await this.db
        .select({ status: contentItems.status, ownerStatus: profiles.status })
        .from(contentItems)
        .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
        .where(eq(contentItems.id, row.contentItemId))
        .limit(1);
      if (!item || item.status === "removed") return "gone";
      return item.status === "active" && item.ownerStatus === "active" ? "published" : "private";
    }
    if (row.uploadType === "comment_content_image") {
      const [comment] = await rowsOf<{ deleted: boolean; status: string; owner_status: string }>(
        this.db,
        sql`SELECT c.deleted_at IS NOT NULL AS deleted, i.status, p.status AS owner_status
              FROM ${comments} c
              JOIN ${contentItems} i ON i.id = c.content_id
              JOIN ${profiles} p ON p.id = i.owner_id
             WHERE c.image_media_id = ${row.id}
             LIMIT 1`,
      );
      // Not sent yet: only its author sees it, in the composer.
      if (!comment) return "private";
      if (comment.deleted || comment.status === "removed") return "gone";
      return comment.status === "active" && comment.owner_status === "active" ? "published" : "private";
    }
    // A chat file is its conversation's (signed URLs for its members only); deleting the message
    // deletes the file, so one still here is on a message or in its sender's composer.
    if (row.uploadType === "chat_attachment") return "private";
    return isProfileMedia(row) ? "profile" : "private";
  }

  /** How this file's URLs are given to whoever may see it now: plain while public, else signed. */
  async accessOf(row: MediaRow): Promise<MediaAccess> {
    const visibility = await this.visibilityOf(row);
    return visibility === "profile" || visibility === "published" ? "public" : "signed";
  }

  /** The file as its owner's answers carry it, its URLs as they stand now. */
  async present(row: MediaRow): Promise<Media> {
    return toMedia(row, await this.accessOf(row));
  }

  /**
   * A public output by its URL: which file, which output, and how the answer may be cached. A
   * plain URL answers while the file is public; a signed one while its signature holds (short
   * lived, see media-view.ts) and the file is not gone; anything else is simply not found.
   */
  async servable(
    mediaId: string,
    name: string,
    query: { exp?: string; sig?: string },
  ): Promise<{ key: string; output: StoredOutput; cacheControl: string }> {
    const row = await this.findMedia(mediaId);
    const key = `public/${mediaId}/${name}`;
    const output = row ? Object.values(row.outputs).find((o) => o?.key === key) : undefined;
    if (!row || !output) throw new AppError("file_notFound");
    const visibility = await this.visibilityOf(row);
    if (visibility === "gone") throw new AppError("file_notFound");
    const signature = checkSignature(key, query);
    if (signature === "valid") return { key, output, cacheControl: SIGNED_CACHE };
    if (signature === "expired") throw new AppError("file_linkExpired");
    if (signature === "invalid") throw new AppError("file_notFound");
    if (visibility === "profile") return { key, output, cacheControl: PROFILE_CACHE };
    if (visibility === "published") return { key, output, cacheControl: PUBLISHED_CACHE };
    throw new AppError("file_notFound");
  }

  async loadOwn(actor: SessionActor, id: string): Promise<MediaRow> {
    const ownerId = actingProfileId(actor);
    const row = await this.findMedia(id);
    if (!row || row.ownerId !== ownerId) throw new AppError("file_notFound");
    return row;
  }

  async remove(actor: SessionActor, id: string): Promise<void> {
    const row = await this.loadOwn(actor, id);
    await this.db.delete(mediaFiles).where(eq(mediaFiles.id, row.id));
    await this.deleteStored(row.id);
  }

  private async deleteStored(mediaId: string): Promise<void> {
    for (const prefix of storagePrefixesOf(mediaId)) {
      await this.env.storage
        .deletePrefix(prefix)
        .catch((error: unknown) =>
          this.env.log.warn({ err: error, prefix }, "could not delete media objects"),
        );
    }
  }

  /** The crop dialog: new desktop/preview crops re-render small, extraSmall and preview. */
  async recrop(actor: SessionActor, id: string, crops: ImageCrops): Promise<MediaRow> {
    const row = await this.loadOwn(actor, id);
    if (row.kind !== "image" || row.status !== "ready" || !row.width || !row.height)
      throw new AppError("file_wrongKind");
    const resolved = resolveCrops(row.width, row.height, { ...row.crops, ...crops });
    const dir = await this.workDir();
    const stored: string[] = [];
    try {
      const local = await this.env.storage.fetchToFile(row.originalKey, dir);
      const policy = uploadPolicy(row.uploadType as UploadType);
      const outputs = await this.imageSlots.run(async () => {
        const opened = await openImage(
          { path: local, ext: row.ext },
          { minPx: 1, maxPx: policy.image.maxPx },
          {
            ffmpegPath: this.env.config.FFMPEG_PATH,
            timeoutMs: 60_000,
            workDir: dir,
          },
        );
        return this.storeVariants(
          row.id,
          await renderVariants(opened.input, opened, resolved, "crops"),
          stored,
        );
      });
      const old = row.outputs;
      const [updated] = await this.db
        .update(mediaFiles)
        .set({ outputs: { ...old, ...outputs }, crops: resolved, updatedAt: new Date() })
        .where(eq(mediaFiles.id, row.id))
        .returning();
      // Old crops go once the row points at the new ones (immutable names: caches never mix them).
      for (const name of ["small", "extraSmall", "preview"] as const) {
        const key = old[name]?.key;
        if (key && key !== outputs[name]?.key) await this.env.storage.delete(key).catch(() => {});
      }
      return updated!;
    } catch (error) {
      await Promise.allSettled(stored.map((key) => this.env.storage.delete(key)));
      throw error;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * May this viewer read this file's original or PDF? Its owner always; a chat file, the members
   * of its conversation who may read its message; anyone else when it
   * belongs to a published item, unless a block stands between them and its owner (either way
   * round: the file answers as missing, as the publication does).
   */
  async loadReadable(viewerProfileId: string | null, id: string): Promise<MediaRow> {
    const row = await this.findMedia(id);
    if (!row) throw new AppError("file_notFound");
    if (row.ownerId === viewerProfileId) return row;
    // A chat file: the members who may read its message (history stays readable after a block).
    if (row.uploadType === "chat_attachment") {
      if (viewerProfileId && (await attachmentReadableBy(this.db, row.id, viewerProfileId))) return row;
      throw new AppError("file_notFound");
    }
    if (await isBlockedBetween(this.db, viewerProfileId, row.ownerId)) throw new AppError("file_notFound");
    if (row.contentItemId) {
      // Published, by a profile that is itself public (deleted and blocked ones take theirs along).
      const [item] = await this.db
        .select({ status: contentItems.status, ownerStatus: profiles.status })
        .from(contentItems)
        .innerJoin(profiles, eq(profiles.id, contentItems.ownerId))
        .where(eq(contentItems.id, row.contentItemId))
        .limit(1);
      if (item?.status === "active" && item.ownerStatus === "active") return row;
    }
    throw new AppError("file_notFound");
  }

  // Attaching media to a publication ------------------------------------------------------------

  /**
   * Sets an item's main image, gallery and file (the caller checked the item is theirs), and the
   * alt text of its pictures. Given a transaction (a publication being saved), it reads and
   * writes inside it.
   */
  async attach(
    item: { id: string; ownerId: string; kind: string },
    request: ContentMediaRequest,
    db: Db = this.db,
  ): Promise<void> {
    const ids = [
      ...(request.mainImageId ? [request.mainImageId] : []),
      ...(request.galleryIds ?? []),
      ...(request.fileId ? [request.fileId] : []),
    ];
    const rows = ids.length
      ? await db
          .select()
          .from(mediaFiles)
          .where(and(inArray(mediaFiles.id, ids), eq(mediaFiles.ownerId, item.ownerId)))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const get = (id: string) => {
      const row = byId.get(id);
      if (!row) throw new AppError("file_notFound", { details: { mediaId: id } });
      if (row.status === "failed")
        throw new AppError("file_damaged", { details: { mediaId: id, reason: row.errorCode } });
      return row;
    };
    if (request.mainImageId && get(request.mainImageId).kind !== "image")
      throw new AppError("file_wrongKind");
    if (request.galleryIds) {
      const gallery = request.galleryIds.map(get);
      if (gallery.some((r) => r.kind !== "image" && r.kind !== "video")) throw new AppError("file_wrongKind");
      const images = gallery.filter((r) => r.kind === "image").length;
      const videos = gallery.length - images;
      if (images > MEDIA_GALLERY_MAX_IMAGES || videos > MEDIA_GALLERY_MAX_VIDEOS) {
        throw new AppError("file_maxEmbeddedImages", {
          details: { maxImages: MEDIA_GALLERY_MAX_IMAGES, maxVideos: MEDIA_GALLERY_MAX_VIDEOS },
        });
      }
    }
    if (request.fileId) {
      const file = get(request.fileId);
      const wanted: Record<string, string[]> = {
        document: ["document", "image"],
        audio: ["audio"],
        podcast: ["audio"],
        video: ["video"],
      };
      const allowed = wanted[item.kind];
      if (allowed && !allowed.includes(file.kind)) throw new AppError("file_wrongKind");
    }
    const now = new Date();
    await db.transaction(async (tx) => {
      const detach = (role: string) =>
        tx
          .update(mediaFiles)
          .set({ contentItemId: null, role: null, position: null, updatedAt: now })
          .where(and(eq(mediaFiles.contentItemId, item.id), eq(mediaFiles.role, role)));
      const place = (id: string, role: string, position: number) =>
        tx
          .update(mediaFiles)
          .set({ contentItemId: item.id, role, position, updatedAt: now })
          .where(eq(mediaFiles.id, id));
      if (request.mainImageId !== undefined) {
        await detach("main");
        if (request.mainImageId) await place(request.mainImageId, "main", 0);
      }
      if (request.galleryIds !== undefined) {
        await detach("gallery");
        for (const [i, id] of request.galleryIds.entries()) await place(id, "gallery", i);
      }
      if (request.fileId !== undefined) {
        await detach("file");
        if (request.fileId) await place(request.fileId, "file", 0);
      }
      // Alt text (issue 18), kept in the picture's description (content images have no other use
      // for it), of the item's pictures as they stand now: anything else is not found.
      for (const [id, alt] of Object.entries(request.alts ?? {})) {
        const described = await tx
          .update(mediaFiles)
          .set({ description: alt ?? null, updatedAt: now })
          .where(
            and(
              eq(mediaFiles.id, id),
              eq(mediaFiles.contentItemId, item.id),
              eq(mediaFiles.ownerId, item.ownerId),
              eq(mediaFiles.kind, "image"),
              inArray(mediaFiles.role, ["main", "gallery"]),
            ),
          )
          .returning({ id: mediaFiles.id });
        if (described.length === 0) throw new AppError("file_notFound", { details: { mediaId: id } });
      }
    });
  }

  // The processing job --------------------------------------------------------------------------

  /**
   * Video/audio → streamable MP4/M4A + poster + duration; office documents → PDF. Never throws
   * for a bad file: it fails the file (its outputs removed), tells the owner, and the worker
   * carries on. Only database trouble escapes, for pg-boss to retry.
   */
  async process(mediaId: string): Promise<void> {
    const row = await this.findMedia(mediaId);
    if (row?.status !== "media-processing") return;
    const { config, log } = this.env;
    if (row.attempts >= MEDIA_MAX_ATTEMPTS) {
      await this.finish(row, "failed", { errorCode: "file_unableToConvert" });
      return;
    }
    await this.db
      .update(mediaFiles)
      .set({ attempts: row.attempts + 1, progress: 0, updatedAt: new Date() })
      .where(eq(mediaFiles.id, row.id));
    const dir = await this.workDir();
    const stored: string[] = [];
    try {
      const needed =
        row.kind === "document" ? [config.SOFFICE_PATH] : [config.FFMPEG_PATH, config.FFPROBE_PATH];
      for (const tool of needed) if (!(await toolAvailable(tool))) throw new ToolMissingError(tool);
      const changes =
        row.kind === "document"
          ? await this.convertDocument(row, dir, stored)
          : await this.transcode(row, dir, stored);
      const finished = await this.finish(row, "ready", changes);
      if (!finished) await Promise.allSettled(stored.map((key) => this.env.storage.delete(key)));
    } catch (error) {
      await Promise.allSettled(stored.map((key) => this.env.storage.delete(key)));
      if (error instanceof ToolInterruptedError) {
        // This node is stopping: the try does not count, and the sweep sends the file again.
        log.info({ mediaId }, "media processing interrupted by shutdown");
        await this.db
          .update(mediaFiles)
          .set({ attempts: row.attempts, updatedAt: new Date(0) })
          .where(and(eq(mediaFiles.id, row.id), eq(mediaFiles.status, "media-processing")));
        return;
      }
      if (error instanceof ToolMissingError) {
        log.warn({ mediaId, tool: error.tool }, "media left unprocessed: tool missing");
        await this.finish(row, "unprocessed", { errorCode: "request_unavailable" });
        return;
      }
      const code = error instanceof AppError ? error.code : "file_unableToConvert";
      log.warn(
        { mediaId, code, reason: (error as AppError).details ?? (error as Error).message },
        "media processing failed",
      );
      await this.finish(row, "failed", { errorCode: code });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private progressWriter(mediaId: string) {
    let last = 0;
    return (fraction: number) => {
      const now = Date.now();
      if (now - last < PROGRESS_WRITE_MS) return;
      last = now;
      this.db
        .update(mediaFiles)
        .set({ progress: fraction, updatedAt: new Date(now) })
        .where(and(eq(mediaFiles.id, mediaId), eq(mediaFiles.status, "media-processing")))
        .catch(() => {});
    };
  }

  private async transcode(row: MediaRow, dir: string, stored: string[]): Promise<Partial<MediaRow>> {
    const { config } = this.env;
    const input = await this.localCopy(row.originalKey, dir);
    const before = await probe(config.FFPROBE_PATH, input);
    const isVideo = row.kind === "video";
    const options = {
      ffmpegPath: config.FFMPEG_PATH,
      // Bounded by the file's own duration (issue 11), never more than the configured cap.
      timeoutMs: transcodeTimeoutMs(before.durationMs, {
        baseMs: this.limits.transcodeBaseMs,
        perMediaMs: this.limits.transcodePerMediaMs,
        capMs: config.MEDIA_TRANSCODE_TIMEOUT_MS,
      }),
      durationMs: before.durationMs,
      maxDurationMs: MEDIA_MAX_DURATION_MS,
      maxOutputBytes: isVideo ? this.limits.videoStreamMaxBytes : this.limits.audioStreamMaxBytes,
      onProgress: this.progressWriter(row.id),
    };
    const stream = isVideo
      ? await transcodeVideo(input, dir, options)
      : await transcodeAudio(input, dir, options);
    const after = await probe(config.FFPROBE_PATH, stream);
    // A truncated upload decodes "successfully" into a shorter file: its header knows better.
    if (before.durationMs && after.durationMs !== null && after.durationMs < before.durationMs * 0.9 - 250) {
      throw new AppError("file_damaged", {
        details: { reason: "truncated", expectedMs: before.durationMs, gotMs: after.durationMs },
      });
    }
    const outputs: MediaOutputs = {
      stream: await this.storeOutput(
        `public/${row.id}/stream-{hash}.${isVideo ? "mp4" : "m4a"}`,
        { path: stream },
        {
          mime: isVideo ? "video/mp4" : "audio/mp4",
          width: after.width ?? undefined,
          height: after.height ?? undefined,
        },
        stored,
      ),
    };
    const posterSource = isVideo ? stream : before.hasCover ? input : null;
    if (posterSource) {
      const frame = await extractPoster(posterSource, dir, {
        ffmpegPath: config.FFMPEG_PATH,
        durationMs: after.durationMs,
        cover: !isVideo,
      });
      if (frame) {
        const poster = await renderPoster(frame).catch(() => null);
        if (poster)
          outputs.poster = await this.storeOutput(
            `public/${row.id}/poster-{hash}.webp`,
            { buffer: poster.buffer },
            { mime: "image/webp", width: poster.width, height: poster.height },
            stored,
          );
      }
    }
    return { outputs, durationMs: after.durationMs, width: after.width, height: after.height };
  }

  private async convertDocument(row: MediaRow, dir: string, stored: string[]): Promise<Partial<MediaRow>> {
    const { config, storage } = this.env;
    const local = await storage.fetchToFile(row.originalKey, dir);
    const pdf = await convertToPdf({
      sofficePath: config.SOFFICE_PATH,
      input: local,
      ext: row.ext,
      workDir: dir,
      timeoutMs: config.DOCUMENT_CONVERT_TIMEOUT_MS,
    });
    return {
      outputs: {
        document: await this.storeOutput(
          `private/${row.id}/document-{hash}.pdf`,
          { path: pdf },
          { mime: "application/pdf" },
          stored,
        ),
      },
    };
  }

  /** Moves a processing file to its end state (only if still processing) and tells the owner. */
  private async finish(row: MediaRow, status: MediaStatus, changes: Partial<MediaRow>): Promise<boolean> {
    const [updated] = await this.db
      .update(mediaFiles)
      .set({
        errorCode: null,
        ...changes,
        status,
        progress: null,
        updatedAt: new Date(),
        processedAt: new Date(),
      })
      .where(and(eq(mediaFiles.id, row.id), eq(mediaFiles.status, "media-processing")))
      .returning();
    if (!updated) return false;
    await this.announce(updated);
    return true;
  }

  /** §7: file.conversion.finished to the owner, and contentItem.status for the item it belongs to. */
  async announce(row: MediaRow): Promise<void> {
    const realtime = this.env.realtime();
    if (!realtime) return;
    const status = row.status as "ready" | "failed" | "unprocessed";
    const error = mediaError(row);
    realtime.emitToProfile(row.ownerId, "file.conversion.finished", {
      fileId: row.id,
      status,
      kind: row.kind as "image" | "video" | "audio" | "document",
      ...(error ? { error: { code: error.code as AppError["code"], message: error.message } } : {}),
    });
    if (row.contentItemId) {
      const [item] = await this.db
        .select({ id: contentItems.id, slug: contentItems.slug })
        .from(contentItems)
        .where(eq(contentItems.id, row.contentItemId))
        .limit(1);
      if (item)
        realtime.emitToProfile(row.ownerId, "contentItem.status", {
          contentId: item.id,
          slug: item.slug,
          status,
          mediaId: row.id,
        });
    }
  }

  // The sweep: lost jobs, tools that came back, abandoned uploads, old failures -------------------

  async sweep(now = new Date()): Promise<{ requeued: number; expiredUploads: number; removed: number }> {
    const { config, storage, log } = this.env;
    let requeued = 0;
    const stuck = await this.db
      .select({ id: mediaFiles.id, kind: mediaFiles.kind, durationMs: mediaFiles.durationMs })
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.status, "media-processing"),
          lt(mediaFiles.updatedAt, new Date(now.getTime() - STUCK_AFTER_MS)),
        ),
      )
      .limit(100);
    for (const row of stuck) {
      await this.enqueue(row);
      requeued++;
    }
    // "Will play once processing is available": files kept while a tool was missing.
    const back: string[] = [];
    if ((await toolAvailable(config.FFMPEG_PATH)) && (await toolAvailable(config.FFPROBE_PATH)))
      back.push("video", "audio");
    if (await toolAvailable(config.SOFFICE_PATH)) back.push("document");
    if (back.length) {
      const revived = await this.db
        .update(mediaFiles)
        .set({ status: "media-processing", errorCode: null, attempts: 0, progress: 0, updatedAt: now })
        .where(and(eq(mediaFiles.status, "unprocessed"), inArray(mediaFiles.kind, back)))
        .returning({ id: mediaFiles.id, kind: mediaFiles.kind, durationMs: mediaFiles.durationMs });
      for (const row of revived) {
        await this.enqueue(row);
        requeued++;
      }
    }
    const expired = await this.db
      .select()
      .from(mediaUploads)
      .where(and(inArray(mediaUploads.status, ["open", "completing"]), lt(mediaUploads.expiresAt, now)))
      .limit(100);
    for (const upload of expired) {
      await storage.abortMultipart(upload.storageKey, upload.storageUploadId).catch(() => {});
      await storage.delete(upload.storageKey).catch(() => {});
      await this.db.delete(mediaUploads).where(eq(mediaUploads.id, upload.id));
    }
    const old = await this.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.status, "failed"),
          sql`${mediaFiles.contentItemId} IS NULL`,
          lt(mediaFiles.updatedAt, new Date(now.getTime() - FAILED_KEEP_MS)),
        ),
      )
      .limit(100);
    // Comment images uploaded but never sent (the composer left, or the comment was refused).
    const unsent = await this.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.uploadType, "comment_content_image"),
          lt(mediaFiles.createdAt, new Date(now.getTime() - UNSENT_COMMENT_IMAGE_KEEP_MS)),
          sql`NOT EXISTS (SELECT 1 FROM ${comments} WHERE ${comments.imageMediaId} = ${mediaFiles.id})`,
        ),
      )
      .limit(100);
    // Files of deleted publications (and images of comments on them) are purged: the serve route
    // stopped answering for them at once; their bytes go here, within a minute (issue 11).
    const ofDeleted = await rowsOf<{ id: string }>(
      this.db,
      sql`SELECT m.id FROM ${mediaFiles} m
            JOIN ${contentItems} i ON i.id = m.content_item_id
           WHERE i.status = 'removed'
          UNION
          SELECT m.id FROM ${mediaFiles} m
            JOIN ${comments} c ON c.image_media_id = m.id
            JOIN ${contentItems} i ON i.id = c.content_id
           WHERE i.status = 'removed'
          LIMIT 100`,
    );
    for (const { id } of [...old, ...unsent, ...ofDeleted]) {
      await this.db.delete(mediaFiles).where(eq(mediaFiles.id, id));
      await this.deleteStored(id);
    }
    const removed = old.length + unsent.length + ofDeleted.length;
    if (requeued || expired.length || removed)
      log.info({ requeued, expiredUploads: expired.length, removed }, "media sweep");
    return { requeued, expiredUploads: expired.length, removed };
  }
}
