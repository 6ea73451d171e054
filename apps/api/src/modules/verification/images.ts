import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { MultipartFile } from "@fastify/multipart";
import {
  AppError,
  IMAGE_EXTENSIONS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PX,
  IMAGE_MIN_PX,
  messages,
  type UploadPolicy,
} from "@vn/contract";
import sharp from "sharp";
import { detectFile } from "../media/detect";
import { MAX_INPUT_PIXELS, openImage } from "../media/images";

/**
 * An identity document image, as it arrives (a photo, a scan, a camera capture): checked by the
 * media pipeline's rules (type from the bytes, §9 image limits, HEIC decoded safely) and re-encoded
 * to a JPEG without its metadata (a phone's GPS position is none of our business). The caller
 * seals the result.
 */
export const documentImagePolicy: UploadPolicy = {
  kinds: ["image"],
  extensions: IMAGE_EXTENSIONS,
  maxBytes: IMAGE_MAX_BYTES,
  image: { minPx: IMAGE_MIN_PX, maxPx: IMAGE_MAX_PX },
  requiresTitleAndDescription: false,
};
/** Kept images are at most this many pixels on the long side: enough to read any document. */
const KEPT_MAX_PX = 3000;

export interface DocumentImage {
  bytes: Buffer;
  mime: "image/jpeg";
  width: number;
  height: number;
}

class SizeLimit extends Transform {
  size = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: string, done: (error?: Error | null, data?: Buffer) => void) {
    this.size += chunk.length;
    if (this.size > this.limit)
      return done(new AppError("file_tooLarge", { details: { maxBytes: this.limit } }));
    done(null, chunk);
  }
}

export async function receiveDocumentImage(
  part: MultipartFile,
  tools: { ffmpegPath: string },
): Promise<DocumentImage> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vn-idv-"));
  try {
    const target = path.join(dir, "upload");
    const limit = new SizeLimit(documentImagePolicy.maxBytes);
    try {
      await pipeline(part.file, limit, createWriteStream(target));
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
        throw new AppError("file_tooLarge", { details: { maxBytes: documentImagePolicy.maxBytes } });
      throw error;
    }
    if (part.file.truncated)
      throw new AppError("file_tooLarge", { details: { maxBytes: documentImagePolicy.maxBytes } });
    if (limit.size === 0) throw new AppError("file_invalidType", { message: messages.fileInvalidType });
    const detected = await detectFile({ path: target }, part.filename || "image", documentImagePolicy);
    if (detected.kind !== "image") throw new AppError("file_invalidType");
    const opened = await openImage({ path: target, ext: detected.ext }, documentImagePolicy.image, {
      ffmpegPath: tools.ffmpegPath,
      timeoutMs: 60_000,
      workDir: dir,
    });
    const input = opened.input;
    const image =
      input.kind === "file"
        ? sharp(input.path, { limitInputPixels: MAX_INPUT_PIXELS })
        : sharp(input.data, { raw: { width: input.width, height: input.height, channels: input.channels } });
    const { data, info } = await image
      .rotate()
      .resize({ width: KEPT_MAX_PX, height: KEPT_MAX_PX, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 88 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: "image/jpeg", width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("file_damaged", {
      details: { reason: String((error as Error).message).slice(0, 200) },
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
