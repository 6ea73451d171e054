import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertKey,
  type ByteRange,
  IncompleteBodyError,
  type ObjectInfo,
  StorageNotFoundError,
  type StorageProvider,
} from "./types";

/**
 * Media on the local disk (or a volume every API node mounts). Writes go to a temporary name and
 * are renamed into place, so a reader never sees half a file.
 */
export class DiskStorage implements StorageProvider {
  readonly kind = "disk" as const;
  private readonly tmpDir: string;
  private readonly multipartDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, ".tmp");
    this.multipartDir = path.join(root, ".multipart");
  }

  private pathOf(key: string): string {
    assertKey(key);
    return path.join(this.root, key);
  }

  private async tempPath(): Promise<string> {
    await fs.mkdir(this.tmpDir, { recursive: true });
    return path.join(this.tmpDir, randomBytes(12).toString("hex"));
  }

  private async place(temp: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(temp, target);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const temp = await this.tempPath();
    try {
      await fs.writeFile(temp, body);
      await this.place(temp, key);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, filePath: string, _contentType: string): Promise<void> {
    const temp = await this.tempPath();
    try {
      await fs.copyFile(filePath, temp);
      await this.place(temp, key);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fs.stat(this.pathOf(key));
      return stat.isFile() ? { size: stat.size, lastModified: stat.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    // Open first so a missing file is a StorageNotFoundError here, not a stream error later.
    const handle = await fs.open(file, "r").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") throw new StorageNotFoundError(key);
      throw error;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async fetchToFile(key: string, _dir: string): Promise<string> {
    const file = this.pathOf(key);
    if (!(await this.head(key))) throw new StorageNotFoundError(key);
    return file;
  }

  async toolInput(key: string): Promise<string> {
    return this.fetchToFile(key, "");
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertKey(prefix.replace(/\/$/, ""));
    await fs.rm(path.join(this.root, prefix), { recursive: true, force: true });
  }

  private partsDir(uploadId: string): string {
    if (!/^[a-f0-9]{16,64}$/.test(uploadId)) throw new Error(`invalid multipart id: ${uploadId}`);
    return path.join(this.multipartDir, uploadId);
  }

  async createMultipart(key: string, _contentType: string): Promise<string> {
    assertKey(key);
    const uploadId = randomBytes(16).toString("hex");
    await fs.mkdir(this.partsDir(uploadId), { recursive: true });
    return uploadId;
  }

  async putPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    size: number,
  ): Promise<string> {
    assertKey(key);
    const dir = this.partsDir(uploadId);
    await fs.access(dir).catch(() => {
      throw new StorageNotFoundError(`${key} (multipart ${uploadId})`);
    });
    const temp = path.join(dir, `${partNumber}.${randomBytes(6).toString("hex")}.partial`);
    let received = 0;
    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    try {
      await pipeline(body, createWriteStream(temp));
      if (received !== size) throw new IncompleteBodyError(size, received);
      await fs.rename(temp, path.join(dir, String(partNumber)));
    } catch (error) {
      await fs.rm(temp, { force: true });
      if (error instanceof IncompleteBodyError) throw error;
      throw new IncompleteBodyError(size, received);
    }
    return `"${partNumber}-${size}"`;
  }

  async completeMultipart(
    key: string,
    uploadId: string,
    parts: Array<{ partNumber: number; etag: string }>,
  ): Promise<void> {
    const dir = this.partsDir(uploadId);
    const temp = await this.tempPath();
    try {
      const out = createWriteStream(temp);
      try {
        for (const part of [...parts].sort((a, b) => a.partNumber - b.partNumber)) {
          await pipeline(createReadStream(path.join(dir, String(part.partNumber))), out, { end: false });
        }
      } finally {
        await new Promise<void>((resolve, reject) =>
          out.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
      }
      await this.place(temp, key);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
    await fs.rm(dir, { recursive: true, force: true });
  }

  async abortMultipart(_key: string, uploadId: string): Promise<void> {
    await fs.rm(this.partsDir(uploadId), { recursive: true, force: true });
  }
}
