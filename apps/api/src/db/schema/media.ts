import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { contentItems } from "./content";
import { profiles } from "./profiles";

/** One stored object the pipeline made from an upload (a variant, the stream, a poster, a PDF). */
export interface StoredOutput {
  key: string;
  mime: string;
  size: number;
  /** Hex SHA-256 prefix of the bytes: the strong ETag and part of the immutable name. */
  hash: string;
  width?: number;
  height?: number;
}

/** Everything made from the original, by name (image variants, stream, poster, document PDF). */
export type MediaOutputs = Partial<
  Record<
    "extraSmall" | "small" | "preview" | "medium" | "full" | "stream" | "poster" | "document",
    StoredOutput
  >
>;

/**
 * One uploaded file (image, video, audio, document) and what the pipeline made of it. The
 * original stays private in storage (`original_key`); only outputs under `public/` are served
 * by name, and documents' originals only through the checked download route.
 */
export const mediaFiles = pgTable(
  "media_files",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    uploaderUserId: text("uploader_user_id"),
    uploadType: text("upload_type").notNull(),
    /** image | video | audio | document, from the content. */
    kind: text("kind").notNull(),
    /** media-processing | ready | failed | unprocessed */
    status: text("status").notNull(),
    fileName: text("file_name").notNull(),
    /** Extension and MIME type found in the content. */
    ext: text("ext").notNull(),
    mime: text("mime").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** Hex SHA-256 of the original (documents and images; finds the same document uploaded twice). */
    sha256: text("sha256"),
    width: integer("width"),
    height: integer("height"),
    durationMs: integer("duration_ms"),
    title: text("title"),
    description: text("description"),
    originalKey: text("original_key").notNull(),
    outputs: jsonb("outputs").$type<MediaOutputs>().notNull().default({}),
    crops: jsonb("crops").$type<{ desktop?: CropRect; preview?: CropRect }>(),
    /** 0…1 while a job works on it. */
    progress: real("progress"),
    errorCode: text("error_code"),
    /** The publication it belongs to, as its main image, a gallery entry or its file. */
    contentItemId: text("content_item_id").references(() => contentItems.id, { onDelete: "set null" }),
    role: text("role"),
    position: integer("position"),
    /** Job runs so far (a crash mid-job is retried a few times, then the file fails). */
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    index("media_content_idx").on(t.contentItemId, t.role, t.position),
    index("media_owner_sha_idx").on(t.ownerId, t.sha256),
    // The sweep finds stuck or retryable work without scanning finished files.
    index("media_pending_idx")
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} IN ('media-processing', 'unprocessed')`),
  ],
);

interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A resumable upload in progress: parts are stored as they arrive (disk files or S3 multipart
 * parts), the row records how far it got, and completing it assembles the original.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    uploaderUserId: text("uploader_user_id"),
    uploadType: text("upload_type").notNull(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    chunkSize: integer("chunk_size").notNull(),
    receivedBytes: bigint("received_bytes", { mode: "number" }).notNull().default(0),
    parts: jsonb("parts")
      .$type<Array<{ partNumber: number; etag: string; size: number }>>()
      .notNull()
      .default([]),
    /** The media id the completed upload becomes, and where its original is assembled. */
    mediaId: text("media_id").notNull(),
    storageKey: text("storage_key").notNull(),
    storageUploadId: text("storage_upload_id").notNull(),
    title: text("title"),
    description: text("description"),
    crops: jsonb("crops").$type<{ desktop?: CropRect; preview?: CropRect }>(),
    /** open | completing | completed | cancelled */
    status: text("status").notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("media_uploads_expiry_idx").on(t.status, t.expiresAt)],
);
