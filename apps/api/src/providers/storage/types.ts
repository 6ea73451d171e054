import type { Readable } from "node:stream";

/**
 * Where media bytes live (architecture.md "providers: storage disk/S3"): local disk under
 * MEDIA_DIR by default, S3-compatible object storage when STORAGE=s3. Keys are ours
 * (`originals/<id>/original`, `public/<id>/<variant>-<hash>.<ext>`, `private/<id>/…`); the
 * provider never decides who may read what: the media routes do.
 *
 * Resumable uploads use the provider's multipart calls so parts can arrive at any API node:
 * on disk each part is a file until completion joins them; on S3 they are S3 multipart parts.
 */
export interface ObjectInfo {
  size: number;
  contentType?: string;
  lastModified?: Date;
}

/** Inclusive byte range, as HTTP ranges are. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StorageProvider {
  readonly kind: "disk" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a local file (streamed, never fully in memory). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  head(key: string): Promise<ObjectInfo | null>;
  /** The bytes (or a range of them); throws StorageNotFoundError when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** A local path holding the object: disk gives its own file, S3 downloads into `dir`. */
  fetchToFile(key: string, dir: string): Promise<string>;
  /** What ffmpeg/ffprobe can open: a local path or a presigned URL. */
  toolInput(key: string): Promise<string>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  createMultipart(key: string, contentType: string): Promise<string>;
  /**
   * Stores one part; resolves to its ETag only when exactly `size` bytes arrived. A body that
   * ends early or errors (a dropped connection) leaves no part behind and rejects with
   * IncompleteBodyError.
   */
  putPart(key: string, uploadId: string, partNumber: number, body: Readable, size: number): Promise<string>;
  completeMultipart(
    key: string,
    uploadId: string,
    parts: Array<{ partNumber: number; etag: string }>,
  ): Promise<void>;
  abortMultipart(key: string, uploadId: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`storage object not found: ${key}`);
    this.name = "StorageNotFoundError";
  }
}
export class IncompleteBodyError extends Error {
  constructor(expected: number, received: number) {
    super(`part ended after ${received} of ${expected} bytes`);
    this.name = "IncompleteBodyError";
  }
}

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9_.-]*(\/[A-Za-z0-9][A-Za-z0-9_.-]*)*$/;
/** Keys are made by us; anything else (.., absolute paths, odd bytes) is a bug, not input. */
export function assertKey(key: string): void {
  if (!keyPattern.test(key) || key.split("/").includes("..")) throw new Error(`invalid storage key: ${key}`);
}
