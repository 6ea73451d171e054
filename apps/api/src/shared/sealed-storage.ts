import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import type { StorageProvider } from "../providers/storage/types";

/**
 * Bytes kept encrypted at rest (issue 12: identity document images). AES-256-GCM with a fresh
 * 12-byte IV per object; the stored object is `v1 | iv | tag | ciphertext`, so a file copied out
 * of storage (or a bucket listing) reveals nothing, and a changed byte fails to open.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The key: the configured one, or one derived from the API's secret (development needs nothing). */
export function sealingKey(config: { IDV_DOCUMENT_KEY?: string; AUTH_SECRET: string }): Buffer {
  if (config.IDV_DOCUMENT_KEY) return Buffer.from(config.IDV_DOCUMENT_KEY, "base64");
  return Buffer.from(hkdfSync("sha256", config.AUTH_SECRET, "vn-sealed-storage", "idv-documents", 32));
}

export function seal(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function unseal(key: Buffer, sealed: Buffer): Buffer {
  if (sealed[0] !== VERSION || sealed.length < 1 + IV_BYTES + TAG_BYTES)
    throw new Error("not a sealed object");
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A storage view that seals what it puts and opens what it reads. */
export class SealedStorage {
  constructor(
    private readonly storage: StorageProvider,
    private readonly key: Buffer,
  ) {}

  put(key: string, plain: Buffer): Promise<void> {
    return this.storage.put(key, seal(this.key, plain), "application/octet-stream");
  }

  async read(key: string): Promise<Buffer> {
    return unseal(this.key, await readAll(await this.storage.read(key)));
  }

  /** The stored (sealed) bytes, for tests that check nothing readable is at rest. */
  async raw(key: string): Promise<Buffer> {
    return readAll(await this.storage.read(key));
  }

  delete(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  deletePrefix(prefix: string): Promise<void> {
    return this.storage.deletePrefix(prefix);
  }
}
